import { canTransition, STATUS_DISPLAY, type OrderStatus } from '@landunits/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { orders } from './schema';
import { AppError } from '../../platform/http/app-error';
import { ORDER_ID_PATTERN } from './order-ids';
import type { OrderRow } from './order-view';
import { recordStatusChange, type Actor } from './status-history';

export const notFound = () => new AppError('NOT_FOUND', 'Order not found.');

/** The order, locked for this transaction (FOR UPDATE): two actions on one order run one after the other. */
export async function lockOrder(tx: Db, orderId: string): Promise<OrderRow | undefined> {
  if (!ORDER_ID_PATTERN.test(orderId)) return undefined;
  const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  return row;
}

/** A locked order placed by `userId`; anyone else's (or none) is 404, so ids reveal nothing. */
export async function lockOwnOrder(tx: Db, orderId: string, userId: string): Promise<OrderRow> {
  const order = await lockOrder(tx, orderId);
  if (!order || order.userId !== userId) throw notFound();
  return order;
}

/** The 409 of a transition the order's life cycle does not allow. */
export function transitionRefused(order: Pick<OrderRow, 'orderStatus'>, to: OrderStatus): AppError {
  const from = STATUS_DISPLAY[order.orderStatus].label;
  const target = STATUS_DISPLAY[to].label;
  return new AppError('TRANSITION_REFUSED', `This order is ${from}; it cannot become ${target}.`);
}

export interface Move {
  to: OrderStatus;
  actor: Actor;
  at: Date;
  reason?: string | null;
  /** Other columns changed with the status (e.g. `dueAt: null`). */
  set?: Partial<Pick<OrderRow, 'dueAt' | 'details' | 'paymentDetails'>>;
}

/**
 * Moves a locked order to `to` if PRODUCT-DECISIONS §3 allows it (else 409), writing its history row
 * in the same transaction. Returns the updated row.
 */
export async function moveOrder(tx: Db, order: OrderRow, move: Move): Promise<OrderRow> {
  if (!canTransition(order, move.to)) throw transitionRefused(order, move.to);
  const [updated] = await tx
    .update(orders)
    .set({ orderStatus: move.to, updatedAt: move.at, ...move.set })
    .where(eq(orders.id, order.id))
    .returning();
  if (!updated) throw new Error(`Order ${order.id} vanished while locked`);
  await recordStatusChange(tx, { orderId: order.id, from: order.orderStatus, to: move.to, actor: move.actor, reason: move.reason ?? null, at: move.at });
  return updated;
}

/** Sets when the jobs runner must next act on an order (null: nothing due). */
export async function updateDueAt(tx: Db, orderId: string, dueAt: Date | null): Promise<void> {
  await tx.update(orders).set({ dueAt }).where(eq(orders.id, orderId));
}
