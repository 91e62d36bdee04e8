/**
 * The CSP forbids eval, and zod probes for it (with `new Function`) when it builds its first
 * object schema; the probe fails quietly but the browser still reports a CSP violation. Zod keeps
 * its settings on `globalThis.__zod_globalConfig` (shared by every copy of the library), so the
 * entry sets `jitless` there first, before any schema exists, without loading zod itself (which
 * would cost the entry about 3.5 kB). zod-without-eval.test.ts checks zod still reads it.
 */
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
// The same object zod uses (it keeps a reference to it once loaded), changed in place.
(holder.__zod_globalConfig ??= {}).jitless = true;

export {};
