import type pg from 'pg';
import { isDatabaseUnavailable } from './errors';

/** Refused without trying: the last attempt to connect failed a moment ago (SQLSTATE class 08: answered 503). */
export class DatabaseUnreachableError extends Error {
  readonly code = '08001';
  constructor() {
    super('The database is unreachable; waiting before the next attempt to connect');
    this.name = 'DatabaseUnreachableError';
  }
}

/**
 * Reconnecting with backoff. After a failed attempt to open a connection, new attempts wait
 * `minMs`, then twice as long after each further failure up to `maxMs` (each wait between half and
 * all of that, at random, so instances do not retry in step); meanwhile requests fail at once
 * with DatabaseUnreachableError instead of each trying, which spares a database that is coming
 * back a crowd of connection attempts. The first success ends the waiting.
 */
export class ConnectBackoff {
  private failures = 0;
  private until = 0;

  constructor(
    private readonly minMs = 100,
    private readonly maxMs = 2_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** The error to fail with instead of trying, while waiting after a failure; null: try. */
  blocked(): DatabaseUnreachableError | null {
    return this.now() < this.until ? new DatabaseUnreachableError() : null;
  }

  failed(error: unknown): void {
    if (!isDatabaseUnavailable(error)) return;
    this.failures++;
    const wait = Math.min(this.maxMs, this.minMs * 2 ** (this.failures - 1));
    this.until = this.now() + wait * (0.5 + Math.random() / 2);
  }

  succeeded(): void {
    this.failures = 0;
    this.until = 0;
  }
}

type ConnectCallback = (error: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void;

/**
 * Puts `backoff` in front of the pool's checkouts (`pool.query` checks out through `connect` too).
 * A checkout served by an idle connection counts as a success.
 */
export function connectWithBackoff(pool: pg.Pool, backoff: ConnectBackoff): void {
  const connect = pool.connect.bind(pool) as unknown as (callback?: ConnectCallback) => Promise<pg.PoolClient> | undefined;
  const gated = (callback?: ConnectCallback) => {
    const blocked = backoff.blocked();
    if (callback) {
      if (blocked) {
        process.nextTick(() => callback(blocked, undefined, () => {}));
        return undefined;
      }
      return connect((error, client, done) => {
        if (error) backoff.failed(error);
        else backoff.succeeded();
        callback(error, client, done);
      });
    }
    if (blocked) return Promise.reject(blocked);
    return connect()!.then(
      (client) => {
        backoff.succeeded();
        return client;
      },
      (error: unknown) => {
        backoff.failed(error);
        throw error;
      },
    );
  };
  pool.connect = gated as unknown as typeof pool.connect;
}
