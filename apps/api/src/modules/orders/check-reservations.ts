import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../platform/db/client';
import { bucketBalances } from '../ledger';

/**
 * The orders' side of reconciliation: every reservation in the ledger belongs to an open order and
 * every open order's Units are reserved, and no due work is left undone.
 */
export type ReservationProblem =
  | { kind: 'RESERVATION_MISMATCH'; message: string; holder: string; unitType: string; bucket: string; balance: string; openOrders: string }
  | { kind: 'OVERDUE_ORDER'; message: string; orderId: string; dueAt: string };

/** How late due work may be before it counts as a problem (the job runs every few seconds). */
export const OVERDUE_GRACE_MS = 60 * 60 * 1000;

/** Units each open order type keeps in a bucket, per holder and unit type, as SQL over `orders`. */
const OPEN_RESERVATIONS = sql`
  select 'user:' || user_id::text as holder, unit_type, 'pendingBuy' as bucket, sum(number_of_units + coalesce(bonus_units, 0)) as units from orders
    where order_type = 'BUY' and order_status in ('Initiated', 'InProcess', 'PaymentSent', 'PaymentSent_FromUserCrypto') group by 1, 2
  union all
  select 'user:' || user_id::text, unit_type, 'bonusLocked', sum(bonus_units) from orders
    where order_type = 'BUY' and bonus_units is not null and order_status in ('Approved', 'Completed')
      and details->'buy'->>'bonusUnlockAt' is not null and details->'buy'->>'bonusUnlockedAt' is null group by 1, 2
  union all
  select 'user:' || user_id::text, unit_type, 'owned_DOUBLE_LAND', sum(number_of_units - coalesce((details->'doubleLand'->>'unlockedUnits')::bigint, 0)) from orders
    where order_type = 'BUY' and is_double_land and order_status in ('Approved', 'Completed') group by 1, 2
  union all
  select 'user:' || user_id::text, unit_type, 'pendingSell', sum(number_of_units) from orders
    where order_type = 'SELL' and order_status in ('FundsWaitingApproval', 'PartialComplete') group by 1, 2
  union all
  select 'user:' || user_id::text, unit_type, 'transferQueued', sum(number_of_units) from orders
    where order_type = 'TRANSFER_FUTURE' and order_status = 'Scheduled' group by 1, 2
  union all
  select 'user:' || user_id::text, convert_unit_type, 'convertLocked', sum(convert_units) from orders
    where order_type = 'CONVERT' and due_at is not null group by 1, 2`;

export async function reservationProblems(db: Db, now: Date): Promise<ReservationProblem[]> {
  const problems: ReservationProblem[] = [];
  const open = await queryRows<{ holder: string; unit_type: string; bucket: string; units: string }>(db, sql`select holder, unit_type, bucket, units::text as units from (${OPEN_RESERVATIONS}) r`);
  const expected = new Map(open.map((r) => [`${r.holder} ${r.unit_type} ${r.bucket}`, r.units]));
  const held = await bucketBalances(db, ['pendingBuy', 'pendingSell', 'transferQueued', 'convertLocked', 'bonusLocked', 'owned_DOUBLE_LAND']);
  const seen = new Set<string>();
  for (const account of held) {
    const key = `${account.holder} ${account.unitType} ${account.bucket}`;
    seen.add(key);
    const want = expected.get(key) ?? '0';
    if (want !== account.balance.toString()) {
      problems.push({
        kind: 'RESERVATION_MISMATCH',
        message: `${key} holds ${account.balance} but its open orders reserve ${want}.`,
        holder: account.holder,
        unitType: account.unitType,
        bucket: account.bucket,
        balance: account.balance.toString(),
        openOrders: want,
      });
    }
  }
  for (const [key, units] of expected) {
    if (seen.has(key) || units === '0') continue;
    const [holder = '', unitType = '', bucket = ''] = key.split(' ');
    problems.push({ kind: 'RESERVATION_MISMATCH', message: `${key}: open orders reserve ${units} but no Units are held.`, holder, unitType, bucket, balance: '0', openOrders: units });
  }
  const overdue = await queryRows<{ id: string; due_at: Date | string }>(
    db,
    sql`select id, due_at from orders where due_at is not null and due_at < ${new Date(now.getTime() - OVERDUE_GRACE_MS).toISOString()}::timestamptz order by due_at limit 100`,
  );
  for (const row of overdue) {
    const dueAt = new Date(row.due_at).toISOString();
    problems.push({ kind: 'OVERDUE_ORDER', message: `Order ${row.id} was due at ${dueAt} and has not been handled.`, orderId: row.id, dueAt });
  }
  return problems;
}
