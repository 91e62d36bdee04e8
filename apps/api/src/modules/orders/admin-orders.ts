import { AWAITING_ADMIN_STATUSES } from '@landunits/domain';
import { asc, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { orders } from '../../platform/db/schema';
import { findUsersByIds } from '../users';
import { toOrderView } from './order-view';

export interface AdminOrdersQuery {
  page: number;
  pageSize: number;
}

/** GET /api/admin/orders: orders waiting for an admin, oldest first, with who placed them. */
export async function ordersAwaitingAdmin(db: Db, q: AdminOrdersQuery) {
  const waiting = inArray(orders.orderStatus, [...AWAITING_ADMIN_STATUSES]);
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(waiting)
      .orderBy(asc(orders.createdAt), asc(orders.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.$count(orders, waiting),
  ]);
  const people = await findUsersByIds(db, rows.map((r) => r.userId));
  return {
    orders: rows.map((row) => {
      const person = people.get(row.userId);
      return {
        ...toOrderView(row, { direction: null }),
        placedBy: { userId: row.userId, email: person?.email ?? null, name: person ? `${person.firstName} ${person.lastName ?? ''}`.trim() : null },
      };
    }),
    total,
    page: q.page,
    pageSize: q.pageSize,
  };
}
