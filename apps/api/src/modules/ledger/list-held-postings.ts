import type { UnitType } from '@landunits/domain';
import { sql, type SQL } from 'drizzle-orm';
import { ledgerAccounts, ledgerEntries } from './schema';
import { checkHolder, HELD_BUCKETS } from './store';

/**
 * A person's history as a statement reads it. A posting is an entry with exactly one side in one of
 * the person's held buckets (every bucket but pendingBuy, the figure the dashboard shows): credited
 * means RECEIVED (+units), debited SENT (−units). Entries between two of their own held buckets
 * (owned → pendingSell, owned → transferQueued, unlocks) leave what they hold unchanged and are not
 * postings. Entries are append-only, so the rows up to a given entry id never change.
 */

/** One posting, in entry order. `units` is signed (+ received, − sent), as text. */
export interface HeldPostingRow {
  id: string;
  orderId: string | null;
  units: string;
  createdAt: Date | string;
  /** The person's bucket the entry touched, and the account on the other side. */
  bucket: string;
  otherHolder: string;
  otherBucket: string;
}

const heldBuckets = sql.raw(HELD_BUCKETS.map((b) => `'${b}'`).join(', '));

function heldAccounts(holder: string, unitType: UnitType): SQL {
  checkHolder(holder);
  return sql`select ${ledgerAccounts.id} from ${ledgerAccounts}
    where ${ledgerAccounts.holder} = ${holder} and ${ledgerAccounts.unitType} = ${unitType} and ${ledgerAccounts.bucket} in (${heldBuckets})`;
}

/**
 * The postings of one holder and unit type, ordered by entry id: `from` and `until` bound
 * created_at (from ≤ t < until), `afterId` and `upToId` the entry ids (afterId < id ≤ upToId),
 * `limit` the batch. Each side is its own indexed lookup (debit_account, credit_account).
 */
export function heldPostingsQuery(holder: string, unitType: UnitType, range: { from?: Date; until?: Date; afterId?: string; upToId?: string; limit?: number } = {}): SQL {
  const held = heldAccounts(holder, unitType);
  const e = ledgerEntries;
  const bounds = [
    range.from ? sql` and ${e.createdAt} >= ${range.from.toISOString()}::timestamptz` : sql``,
    range.until ? sql` and ${e.createdAt} < ${range.until.toISOString()}::timestamptz` : sql``,
    range.afterId ? sql` and ${e.id} > ${range.afterId}::bigint` : sql``,
    range.upToId ? sql` and ${e.id} <= ${range.upToId}::bigint` : sql``,
  ];
  const side = (mine: SQL, theirs: SQL, sign: SQL) => sql`
    select ${e.id}::text as "id", ${e.orderId} as "orderId", (${sign} * ${e.units})::text as "units", ${e.createdAt} as "createdAt",
           m.bucket as "bucket", o.holder as "otherHolder", o.bucket as "otherBucket"
    from ${e} join ${ledgerAccounts} m on m.id = ${mine} join ${ledgerAccounts} o on o.id = ${theirs}
    where ${mine} in (${held}) and ${theirs} not in (${held})${sql.join(bounds)}`;
  const limit = range.limit ? sql` limit ${range.limit}` : sql``;
  return sql`select * from (${side(sql`${e.creditAccount}`, sql`${e.debitAccount}`, sql`1`)}
    union all ${side(sql`${e.debitAccount}`, sql`${e.creditAccount}`, sql`-1`)}) p order by p."id"::bigint${limit}`;
}

/** Per unit type: the held balance before `from`, units received and sent in [from, until), their count, and the last entry id so far. */
export interface HeldTotalsRow {
  opening: string;
  received: string;
  sent: string;
  postings: number;
  lastId: string | null;
}

/** The totals of one holder and unit type over a period, in one statement (see HeldTotalsRow). */
export function heldTotalsQuery(holder: string, unitType: UnitType, from: Date, until: Date): SQL {
  const f = from.toISOString();
  const u = until.toISOString();
  return sql`select coalesce(sum(units::bigint) filter (where "createdAt" < ${f}::timestamptz), 0)::text as "opening",
      coalesce(sum(units::bigint) filter (where "createdAt" >= ${f}::timestamptz and "createdAt" < ${u}::timestamptz and units::bigint > 0), 0)::text as "received",
      coalesce(-sum(units::bigint) filter (where "createdAt" >= ${f}::timestamptz and "createdAt" < ${u}::timestamptz and units::bigint < 0), 0)::text as "sent",
      (count(*) filter (where "createdAt" >= ${f}::timestamptz and "createdAt" < ${u}::timestamptz))::int as "postings",
      max(id::bigint)::text as "lastId"
    from (${heldPostingsQuery(holder, unitType)}) t`;
}

/** What a person's held Units of one type changed by on one UTC day (net: received − sent), as text. */
export interface HeldDailyChangeRow {
  unitType: UnitType;
  /** YYYY-MM-DD (UTC). */
  day: string;
  units: string;
}

/**
 * The net change of a holder's held Units per unit type and UTC day, for entries at or after
 * `from` (the dashboard's value history walks back from today's balances with it). Postings as
 * above: entries between two of the holder's own held buckets change nothing and are left out.
 * Each side is its own indexed lookup (credit_account, debit_account).
 */
export function heldDailyChangesQuery(holder: string, from: Date): SQL {
  checkHolder(holder);
  const e = ledgerEntries;
  const a = ledgerAccounts;
  const held = sql`select ${a.id} from ${a} where ${a.holder} = ${holder} and ${a.bucket} in (${heldBuckets})`;
  const f = from.toISOString();
  const side = (mine: SQL, theirs: SQL, sign: SQL) => sql`
    select m.unit_type as "unitType", ${e.createdAt} as "at", ${sign} * ${e.units} as "units"
    from ${e} join ${a} m on m.id = ${mine}
    where m.holder = ${holder} and m.bucket in (${heldBuckets}) and ${theirs} not in (${held}) and ${e.createdAt} >= ${f}::timestamptz`;
  return sql`select p."unitType", to_char(p."at" at time zone 'UTC', 'YYYY-MM-DD') as "day", sum(p."units")::text as "units"
    from (${side(sql`${e.creditAccount}`, sql`${e.debitAccount}`, sql`1`)} union all ${side(sql`${e.debitAccount}`, sql`${e.creditAccount}`, sql`-1`)}) p
    group by 1, 2`;
}
