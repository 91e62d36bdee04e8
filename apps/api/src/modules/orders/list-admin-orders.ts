import { AWAITING_ADMIN_STATUSES } from '@landunits/domain';
import { asc, desc, inArray, isNotNull } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { orders } from './schema';
import { findUsersByIds } from '../users';
import { toOrderView } from './order-view';
import { payoutStatesOf } from './payouts/payout-state';

export interface AdminOrdersQuery {
  page: number;
  pageSize: number;
}

/** GET /api/admin/orders: orders waiting for an admin, oldest first, with who placed them (and a sale's payout state). */
export async function ordersAwaitingAdmin(db: Db, q: AdminOrdersQuery, viewerId: string) {
  const waiting = inArray(orders.orderStatus, [...AWAITING_ADMIN_STATUSES]);
  const [rows, total, flaggedRows] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(waiting)
      .orderBy(asc(orders.createdAt), asc(orders.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.$count(orders, waiting),
    // Payments a provider reported differently (another amount, or paid after the order ended): newest first.
    db.select().from(orders).where(isNotNull(orders.paymentFlag)).orderBy(desc(orders.createdAt)).limit(50),
  ]);
  const [people, payouts] = await Promise.all([
    findUsersByIds(
      db,
      [...rows, ...flaggedRows].map((r) => r.userId),
    ),
    payoutStatesOf(db, rows, viewerId),
  ]);
  const withPerson = (row: (typeof rows)[number]) => {
    const person = people.get(row.userId);
    const payout = payouts.get(row.id);
    return {
      ...toOrderView(row, { direction: null }),
      placedBy: { userId: row.userId, email: person?.email ?? null, name: person ? `${person.firstName} ${person.lastName ?? ''}`.trim() : null },
      ...(payout ? { payout } : {}),
    };
  };
  return {
    orders: rows.map(withPerson),
    flagged: flaggedRows.map(withPerson),
    total,
    page: q.page,
    pageSize: q.pageSize,
  };
}
