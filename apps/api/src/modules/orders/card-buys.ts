import { type CardProvider } from '@landunits/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { currentMoneySettings } from '../pricing';
import { releaseBuy, settlePaidBuy } from './buy-orders';
import { issueOrderDocument } from './issue-order-document';
import { lockOrder, moveOrder } from './store';
import type { OrderRow } from './order-view';
import { orders } from './schema';
import { sendOrderEmail } from './send-order-email';

/**
 * A card buy's life on its provider's word (PRODUCT-DECISIONS §3, §7): the order's side of a card
 * payment. The payments module decides what a provider's event means (which order, whether the
 * amount is the order's) and calls these on the locked order, in its transaction.
 */

export const CARD_METHODS: readonly CardProvider[] = ['Card_Stripe', 'Card_Square'];

export const isCardBuy = (order: Pick<OrderRow, 'orderType' | 'paymentMethod'>) => order.orderType === 'BUY' && (CARD_METHODS as readonly string[]).includes(order.paymentMethod);

/** Who moves an order on a provider's word, in its status history. */
const PROVIDER_ACTOR = 'system' as const;

/** The order a provider's payment id belongs to, locked; undefined when no order has it. */
export async function lockOrderOfProviderPayment(tx: Db, method: CardProvider, providerPaymentId: string): Promise<OrderRow | undefined> {
  const [row] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.paymentMethod, method), eq(orders.providerPaymentId, providerPaymentId)));
  return row ? lockOrder(tx, row.id) : undefined;
}

/** Stores the provider's id of the locked order's payment. */
export async function recordProviderPayment(tx: Db, order: OrderRow, providerPaymentId: string): Promise<OrderRow> {
  const [withId] = await tx.update(orders).set({ providerPaymentId }).where(eq(orders.id, order.id)).returning();
  if (!withId) throw new Error(`Order ${order.id} vanished while locked`);
  return withId;
}

/** Marks the order's payment for an admin to look at (shown in the admins' flagged payments). */
export async function flagPayment(tx: Db, order: OrderRow, why: string): Promise<void> {
  await tx
    .update(orders)
    .set({ paymentFlag: why, updatedAt: sql`now()` })
    .where(eq(orders.id, order.id));
}

/** The person started paying at the provider: Initiated → InProcess. */
export function startCardBuy(tx: Db, order: OrderRow, userId: string, at: Date, reason: string): Promise<OrderRow> {
  return moveOrder(tx, order, { to: 'InProcess', actor: `user:${userId}`, at, reason });
}

/** The provider refused the payment: the buy fails, its reservation is released and the person told. */
export async function failCardBuy(tx: Db, order: OrderRow, at: Date, label: string, reason: string): Promise<void> {
  if (order.orderStatus === 'Initiated') order = await moveOrder(tx, order, { to: 'InProcess', actor: PROVIDER_ACTOR, at, reason: label });
  await moveOrder(tx, order, { to: 'Failed', actor: PROVIDER_ACTOR, at, reason: `${label}: ${reason}`.slice(0, 500), set: { dueAt: null } });
  await releaseBuy(tx, order);
  await sendOrderEmail(tx, at, 'payment-failed', order);
}

/** The provider took the order's amount: the buy is settled and completed, its document issued and the person told. */
export async function completeCardBuy(tx: Db, order: OrderRow, at: Date, label: string): Promise<void> {
  if (order.orderStatus === 'Initiated') order = await moveOrder(tx, order, { to: 'InProcess', actor: PROVIDER_ACTOR, at, reason: label });
  const settled = await settlePaidBuy(tx, order, at, await currentMoneySettings(tx, at));
  await moveOrder(tx, order, { to: 'Completed', actor: PROVIDER_ACTOR, at, reason: label, set: { details: settled.details, dueAt: settled.dueAt } });
  await issueOrderDocument(tx, order, at);
  await sendOrderEmail(tx, at, 'card-payment-completed', order);
}
