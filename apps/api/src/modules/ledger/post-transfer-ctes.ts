import { sql, type SQL } from 'drizzle-orm';
import { accountKey, checkAccountRef, isSystemHolder, type AccountRef } from './store';

/**
 * One transfer written as common table expressions, for callers that make a whole order one SQL
 * statement (the immediate transfer: its hot path). The statement is atomic on its own, so the
 * guarded debit, the credit and the entry commit together or not at all, exactly as
 * `postTransfers` does in a transaction.
 *
 * Lock order: both accounts are locked first, in id order (`ledger_lock`), as `postTransfers`
 * does, before the debit or anything after it touches a row. Two people sending each other Units
 * at the same moment then queue on the lower id instead of each holding one account and waiting
 * for the other's (a deadlock). Every later write of the statement (holding costs, the order) is
 * reached only through the debit, so it too happens under those two locks.
 *
 * CTEs defined (use them by name in the rest of the statement):
 * - `ledger_lock (id)`: both accounts that exist, locked in id order.
 * - `ledger_debit (id, balance)`: the source account after the guarded debit; no row when it holds
 *   fewer than `units` (a person's account) or when `when` is false: then nothing below happens.
 * - `ledger_credit (id)`: the destination account, created if needed, after the credit.
 * - `ledger_entry (id)`: the journal entry.
 */
export interface TransferCte {
  from: AccountRef;
  to: AccountRef;
  units: bigint;
  orderId: string;
  at: Date;
  /** A condition the debit also needs (e.g. that the idempotency key was not used before). */
  when: SQL;
}

export function transferCtes({ from, to, units, orderId, at, when }: TransferCte): SQL {
  checkAccountRef(from);
  checkAccountRef(to);
  if (from.unitType !== to.unitType || accountKey(from) === accountKey(to)) throw new RangeError('A transfer moves one unit type between two accounts');
  if (units <= 0n || units > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError(`Units must be a positive safe integer, got ${units}`);
  if (isSystemHolder(from.holder)) throw new RangeError('transferCtes moves Units out of a person’s account; use postTransfers for system accounts');
  const n = sql`${units.toString()}::bigint`;
  // The lock sits above the sort (rows are locked in the order returned); count(*) reads every row,
  // so both are locked before the debit's condition lets it update anything.
  return sql`ledger_lock as (
      select id from ledger_accounts
      where (holder, unit_type, bucket) in ((${from.holder}, ${from.unitType}, ${from.bucket}), (${to.holder}, ${to.unitType}, ${to.bucket}))
      order by id
      for no key update
    ),
    ledger_debit as (
      update ledger_accounts set balance = balance - ${n}
      where holder = ${from.holder} and unit_type = ${from.unitType} and bucket = ${from.bucket} and balance >= ${n} and (${when})
        and (select count(*) from ledger_lock) > 0
      returning id, balance
    ),
    ledger_credit as (
      insert into ledger_accounts (holder, unit_type, bucket, balance)
      select ${to.holder}, ${to.unitType}, ${to.bucket}, ${n} from ledger_debit
      on conflict (holder, unit_type, bucket) do update set balance = ledger_accounts.balance + excluded.balance
      returning id
    ),
    ledger_entry as (
      insert into ledger_entries (order_id, debit_account, credit_account, units, created_at)
      select ${orderId}, d.id, c.id, ${n}, ${at.toISOString()}::timestamptz from ledger_debit d, ledger_credit c
      returning id
    )`;
}

/**
 * SQL for the Units a person held of a type just before `ledger_debit` took `units` out of one of
 * their held buckets: that bucket's balance after the debit + units + the other held buckets.
 * A bigint: sum(bigint) is numeric in PostgreSQL, and a numeric here would turn the callers'
 * integer divisions (half-up cost shares) into exact ones.
 */
export function heldBeforeDebitExpression(holder: string, unitType: string, debitedBucket: string, units: bigint, heldBuckets: readonly string[]): SQL {
  const others = heldBuckets.filter((b) => b !== debitedBucket);
  return sql`((select balance from ledger_debit) + ${units.toString()}::bigint + coalesce((
      select sum(balance)::bigint from ledger_accounts where holder = ${holder} and unit_type = ${unitType}
        and bucket in (${sql.join(
          others.map((b) => sql`${b}`),
          sql`, `,
        )})), 0))`;
}
