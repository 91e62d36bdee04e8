import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { ORDER_ID_PATTERN } from './order-ids';
import { orders } from './schema';

/** Who placed the order with this id (an admin searching for a person by an order id); undefined for anything else. */
export async function findOrderOwner(db: Db, orderId: string): Promise<{ orderId: string; userId: string } | undefined> {
  const id = orderId.trim().toUpperCase();
  if (!ORDER_ID_PATTERN.test(id)) return undefined;
  const [row] = await db.select({ orderId: orders.id, userId: orders.userId }).from(orders).where(eq(orders.id, id));
  return row;
}
