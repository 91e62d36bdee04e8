import type { PgTransactionConfig } from 'drizzle-orm/pg-core';
import type { Db } from './client';
import { retryConflicts, transactionWithoutRetries, type RetryOptions } from './retry';

export { RETRYABLE_SQLSTATES, isRetryableTransactionError, sqlState } from './errors';

export interface TransactionOptions extends RetryOptions {
  /** Isolation level and access mode, passed to Drizzle. */
  config?: PgTransactionConfig;
}

/**
 * Runs `fn` in a transaction, running it again (with a fresh transaction) when PostgreSQL aborts it
 * with a serialization failure (40001) or a deadlock (40P01), after a random wait of up to
 * baseDelayMs × 2^(attempt-1). Any other error, and a retryable one after the last attempt, is
 * rethrown untouched. `fn` may run more than once, so it must do nothing outside the database it
 * cannot repeat (queue side effects in the outbox instead).
 *
 * A database handle from `openDatabase` retries every `db.transaction(fn)` the same way with the
 * default options; this function is for a caller that wants other retries or an isolation level.
 */
export async function inTransaction<T>(db: Db, fn: (tx: Db) => Promise<T>, options: TransactionOptions = {}): Promise<T> {
  const { config, ...retry } = options;
  const transaction = transactionWithoutRetries(db) as (fn: (tx: Db) => Promise<T>, config?: PgTransactionConfig) => Promise<T>;
  return retryConflicts(() => transaction(fn, config), retry);
}
