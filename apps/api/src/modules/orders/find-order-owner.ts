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

/**
 * The people an admin decision on this order would favour: its customer and, for a transfer, its
 * recipient (docs/decisions/0037); none for an id that is no order.
 */
export async function orderPartiesOf(db: Db, orderId: string): Promise<string[]> {
  const id = orderId.trim().toUpperCase();
  if (!ORDER_ID_PATTERN.test(id)) return [];
  const [row] = await db.select({ userId: orders.userId, recipientUserId: orders.recipientUserId }).from(orders).where(eq(orders.id, id));
  return row ? [row.userId, ...(row.recipientUserId ? [row.recipientUserId] : [])] : [];
}
