import { isRetryableTransactionError } from './errors';

export interface RetryOptions {
  /** Further attempts after the first when the transaction hits a serialization failure or deadlock. */
  retries?: number;
  /** Upper bound of the first wait in milliseconds; it doubles with each retry (full jitter). */
  baseDelayMs?: number;
}

export const DEFAULT_RETRIES = 4;
export const DEFAULT_BASE_DELAY_MS = 10;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The wait before retry number `n` (0-based): random, up to baseDelayMs × 2^n (full jitter). */
export function backoff(n: number, baseDelayMs = DEFAULT_BASE_DELAY_MS): Promise<void> {
  return sleep(Math.random() * baseDelayMs * 2 ** n);
}

/**
 * Runs `attempt` again when it fails with a serialization failure (40001) or a deadlock (40P01),
 * after a random wait of up to baseDelayMs × 2^(retry-1). Any other error, and a retryable one after
 * the last retry, is rethrown untouched.
 */
export async function retryConflicts<T>(attempt: () => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const { retries = DEFAULT_RETRIES, baseDelayMs = DEFAULT_BASE_DELAY_MS } = options;
  for (let n = 0; ; n++) {
    try {
      return await attempt();
    } catch (error) {
      if (n >= retries || !isRetryableTransactionError(error)) throw error;
      await backoff(n, baseDelayMs);
    }
  }
}

type TransactionMethod = (fn: (tx: never) => Promise<unknown>, config?: never) => Promise<unknown>;
interface HasTransaction {
  transaction: TransactionMethod;
}

const unretried = new WeakMap<object, TransactionMethod>();

/**
 * Makes every top-level `db.transaction(fn)` of this handle retry conflicts (`retryConflicts` with
 * the defaults), so no caller can forget it. Savepoints (`tx.transaction` inside a transaction)
 * are not retried on their own: after a deadlock the whole transaction is rolled back and run again.
 */
export function retryTransactionConflicts<D extends object>(db: D): D {
  const target = db as unknown as HasTransaction;
  const original = target.transaction.bind(db) as TransactionMethod;
  unretried.set(db, original);
  target.transaction = ((fn, config) => retryConflicts(() => original(fn, config))) as TransactionMethod;
  return db;
}

/** `db.transaction` without the automatic retries (for callers that choose their own). */
export function transactionWithoutRetries<D extends object>(db: D): TransactionMethod {
  return unretried.get(db) ?? ((db as unknown as HasTransaction).transaction.bind(db) as TransactionMethod);
}
