import type { PgTransactionConfig } from 'drizzle-orm/pg-core';
import type { Db } from './client';

/** SQLSTATEs that mean "this transaction lost a race; running it again can succeed". */
export const RETRYABLE_SQLSTATES: ReadonlySet<string> = new Set([
  '40001', // serialization_failure
  '40P01', // deadlock_detected
]);

/** The SQLSTATE on an error or on its `.cause` chain (Drizzle wraps the driver's error). */
export function sqlState(error: unknown): string | undefined {
  const seen = new Set<unknown>();
  for (let e = error; e && typeof e === 'object' && !seen.has(e) && seen.size < 10; e = (e as { cause?: unknown }).cause) {
    seen.add(e);
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

export function isRetryableTransactionError(error: unknown): boolean {
  const code = sqlState(error);
  return code !== undefined && RETRYABLE_SQLSTATES.has(code);
}

export interface TransactionOptions {
  /** Further attempts after the first when the transaction hits a serialization failure or deadlock. */
  retries?: number;
  /** Upper bound of the first wait in milliseconds; it doubles with each retry (full jitter). */
  baseDelayMs?: number;
  /** Isolation level and access mode, passed to Drizzle. */
  config?: PgTransactionConfig;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs `fn` in a transaction, running it again (with a fresh transaction) when PostgreSQL aborts it
 * with a serialization failure (40001) or a deadlock (40P01), after a random wait of up to
 * baseDelayMs × 2^(attempt-1). Any other error, and a retryable one after the last attempt, is
 * rethrown untouched. `fn` may run more than once, so it must do nothing outside the database it
 * cannot repeat (queue side effects in the outbox instead).
 */
export async function inTransaction<T>(db: Db, fn: (tx: Db) => Promise<T>, options: TransactionOptions = {}): Promise<T> {
  const { retries = 4, baseDelayMs = 10, config } = options;
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction(fn, config);
    } catch (error) {
      if (attempt >= retries || !isRetryableTransactionError(error)) throw error;
      await sleep(Math.random() * baseDelayMs * 2 ** attempt);
    }
  }
}
