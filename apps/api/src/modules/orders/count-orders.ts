import { count } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { orders } from './schema';

/** How many orders there are of each type in each status (/metrics). */
export async function orderCountsByTypeAndStatus(db: Db): Promise<{ type: string; status: string; count: number }[]> {
  const rows = await db.select({ type: orders.orderType, status: orders.orderStatus, n: count() }).from(orders).groupBy(orders.orderType, orders.orderStatus);
  return rows.map((r) => ({ type: r.type, status: r.status, count: Number(r.n) }));
}
