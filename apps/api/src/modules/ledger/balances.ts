import { and, eq, inArray, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../platform/db/client';
import { ledgerAccounts } from './schema';
import { BUCKETS, checkHolder, isSystemHolder, UNIT_TYPES, type UnitType } from './accounts';

/** Units per bucket, per unit type. */
export type Balances = Record<UnitType, Record<string, bigint>>;

/**
 * A holder's balances, read from the stored account balances (never summed from the entries).
 * A person gets every unit type × bucket, 0 where no account exists yet; a system holder gets the
 * buckets it has accounts in.
 */
export async function balancesOf(db: Db, holder: string): Promise<Balances> {
  return balancesFromRows(holder, await queryRows<BalanceRow>(db, balanceRowsQuery(holder)));
}

/** A holder's account balances as rows (balance as text), for balancesFromRows. */
export interface BalanceRow {
  unitType: UnitType;
  bucket: string;
  balance: string;
}

/** `holder` may be a placeholder of a prepared statement, bound to a holder checked by the caller. */
export function balanceRowsQuery(holder: string | Placeholder): SQL {
  if (typeof holder === 'string') checkHolder(holder);
  return sql`select ${ledgerAccounts.unitType} as "unitType", ${ledgerAccounts.bucket} as "bucket", ${ledgerAccounts.balance}::text as "balance"
    from ${ledgerAccounts} where ${ledgerAccounts.holder} = ${holder}`;
}

export function balancesFromRows(holder: string, rows: readonly BalanceRow[]): Balances {
  const empty = (): Record<string, bigint> => (isSystemHolder(holder) ? {} : Object.fromEntries(BUCKETS.map((b) => [b, 0n])));
  const balances = Object.fromEntries(UNIT_TYPES.map((t) => [t, empty()])) as Balances;
  for (const row of rows) balances[row.unitType][row.bucket] = BigInt(row.balance);
  return balances;
}

/** Buckets whose Units a person holds (everything but a buy still awaiting payment). */
export const HELD_BUCKETS = BUCKETS.filter((b) => b !== 'pendingBuy');

/** Units of one type a person holds, in every bucket but `pendingBuy`, from the stored balances. */
export async function heldUnits(db: Db, holder: string, unitType: UnitType): Promise<bigint> {
  checkHolder(holder);
  const [row] = await db
    .select({ held: sql<string>`coalesce(sum(${ledgerAccounts.balance}), 0)::text` })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.holder, holder), eq(ledgerAccounts.unitType, unitType), inArray(ledgerAccounts.bucket, HELD_BUCKETS)));
  return BigInt(row?.held ?? '0');
}

/** People's accounts in these buckets with a non-zero balance (for reconciliation against open orders). */
export async function bucketBalances(db: Db, buckets: readonly string[]): Promise<{ holder: string; unitType: UnitType; bucket: string; balance: bigint }[]> {
  return db
    .select({ holder: ledgerAccounts.holder, unitType: ledgerAccounts.unitType, bucket: ledgerAccounts.bucket, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(and(inArray(ledgerAccounts.bucket, [...buckets]), sql`${ledgerAccounts.holder} like 'user:%'`, sql`${ledgerAccounts.balance} <> 0`));
}
