import { randomUUID } from 'node:crypto';
import type { Instance } from './instances';

/**
 * The load's HTTP client, as a careful browser would behave: one Idempotency-Key per logical
 * operation, kept across retries; a failed attempt (no answer, a 5xx, a 409 of a key in flight)
 * is counted as an error the customer saw, in the phase it happened, and tried again on the
 * next instance a few times.
 */

export interface Outcome {
  ok: boolean;
  status: number | null;
  body: Record<string, unknown> | null;
  attempts: number;
}

export interface ClientErrors {
  /** phase → kind (network, 503, 500, …) → count */
  byPhase: Record<string, Record<string, number>>;
}

const ATTEMPTS = 5;
const TIMEOUT_MS = 20_000;

export class ChaosClient {
  readonly errors: ClientErrors = { byPhase: {} };
  private turn = 0;

  constructor(
    private readonly instances: Instance[],
    private readonly phase: () => string,
  ) {}

  private count(kind: string): void {
    const phase = (this.errors.byPhase[this.phase()] ??= {});
    phase[kind] = (phase[kind] ?? 0) + 1;
  }

  private pick(): Instance {
    for (let i = 0; i < this.instances.length; i++) {
      const instance = this.instances[this.turn++ % this.instances.length]!;
      if (instance.up) return instance;
    }
    return this.instances[this.turn++ % this.instances.length]!;
  }

  /** A request with retries; `key` true gives it a fresh Idempotency-Key kept across its attempts. */
  async send(method: 'GET' | 'POST', path: string, session: string, body?: unknown, key = method === 'POST'): Promise<Outcome> {
    const headers: Record<string, string> = { cookie: `lu_session=${session}` };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (key) headers['idempotency-key'] = `chaos-${randomUUID()}`;
    let status: number | null = null;
    for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
      const instance = this.pick();
      try {
        const res = await fetch(`${instance.url}${path}`, {
          method,
          headers,
          ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
        status = res.status;
        const type = res.headers.get('content-type') ?? '';
        const parsed = type.includes('json') ? ((await res.json()) as Record<string, unknown>) : (await res.arrayBuffer(), null);
        if (res.ok) return { ok: true, status, body: parsed, attempts: attempt };
        this.count(String(status));
        if (status < 500 && status !== 409) return { ok: false, status, body: parsed, attempts: attempt };
      } catch (err) {
        this.count(err instanceof Error && err.name === 'TimeoutError' ? 'timeout' : 'network');
      }
      await new Promise((r) => setTimeout(r, 250 * attempt + Math.random() * 250));
    }
    return { ok: false, status, body: null, attempts: ATTEMPTS };
  }
}
