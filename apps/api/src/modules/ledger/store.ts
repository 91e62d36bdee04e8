import { UNIT_TYPES, type UnitType } from '@landunits/domain';
import { and, eq, inArray, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../platform/db/client';
import { LEDGER_USER_BUCKETS, ledgerAccounts } from './schema';

/* ---------------- accounts ---------------- */

/** The kinds of Units (the domain's list). Each unit type's accounts sum to zero on their own. */
export { UNIT_TYPES, type UnitType };

/** The buckets a person's units sit in (PRODUCT-DECISIONS §3). */
export const BUCKETS = LEDGER_USER_BUCKETS;
export type Bucket = (typeof BUCKETS)[number];

/**
 * Who holds an account: `user:<uuid>` for a person, `system:<name>` for the platform's own
 * accounts (issuer supply, fees, payouts, offers…), which may go below zero.
 */
export type Holder = `user:${string}` | `system:${string}`;

/**
 * An account by its identity. People's accounts use the buckets above; a system account names its
 * own bucket (letters, digits and underscores, starting with a letter), e.g. `supply`.
 */
export interface AccountRef {
  holder: Holder | string;
  unitType: UnitType;
  bucket: Bucket | string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const SYSTEM_NAME = /^[a-z][a-z0-9_-]{0,62}$/;
const USER_HOLDER = /^user:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const SYSTEM_HOLDER = /^system:[a-z][a-z0-9_-]{0,62}$/;
const SYSTEM_BUCKET = /^[A-Za-z][A-Za-z0-9_]{0,62}$/;

/** The holder of a person's accounts. */
export function userHolder(userId: string): Holder {
  const id = userId.toLowerCase();
  if (!UUID.test(id)) throw new RangeError(`Not a user id: ${JSON.stringify(userId)}`);
  return `user:${id}`;
}

/** The holder of one of the platform's own accounts, e.g. systemHolder('issuer'). */
export function systemHolder(name: string): Holder {
  if (!SYSTEM_NAME.test(name)) throw new RangeError(`Not a system account name: ${JSON.stringify(name)}`);
  return `system:${name}`;
}

export const isSystemHolder = (holder: string) => SYSTEM_HOLDER.test(holder);

/** Throws a programming error unless the holder is well formed (the database checks it too). */
export function checkHolder(holder: string): void {
  if (!USER_HOLDER.test(holder) && !SYSTEM_HOLDER.test(holder)) throw new RangeError(`Not a ledger holder: ${JSON.stringify(holder)}`);
}

/** Throws a programming error unless the reference names an account the database would accept. */
export function checkAccountRef(ref: AccountRef): void {
  checkHolder(ref.holder);
  if (!(UNIT_TYPES as readonly string[]).includes(ref.unitType)) throw new RangeError(`Not a unit type: ${JSON.stringify(ref.unitType)}`);
  const bucketOk = (BUCKETS as readonly string[]).includes(ref.bucket) || (isSystemHolder(ref.holder) && SYSTEM_BUCKET.test(ref.bucket));
  if (!bucketOk) throw new RangeError(`Not a bucket for ${ref.holder}: ${JSON.stringify(ref.bucket)}`);
}

/** A key naming one account, for maps and ordering. */
export const accountKey = (ref: AccountRef) => `${ref.holder}\u0000${ref.unitType}\u0000${ref.bucket}`;

export const describeAccount = (ref: AccountRef) => `${ref.holder} ${ref.unitType} ${ref.bucket}`;

/* ---------------- balances ---------------- */

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
