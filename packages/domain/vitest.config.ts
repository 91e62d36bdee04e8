import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'domain',
    environment: 'node',
    // Property tests over thousands of cases: a safety net on a busy machine, not a measurement.
    testTimeout: 20_000,
    // One module graph per worker, file after file: the domain is pure (no I/O, no module state a
    // test changes, no mocks), and loading it anew per file was most of the project's time (23 s
    // against 9 s on 2026-12-01).
    isolate: false,
  },
});
