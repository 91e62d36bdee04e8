import { MAX_CARD_DECLINES, type CardProvider } from '@landunits/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { currentMoneySettings } from '../pricing';
import { releaseBuy, settlePaidBuy } from './buy-orders';
import { issueOrderDocument } from './issue-order-document';
import { lockOrder, moveOrder, recordStatusChange } from './store';
import type { CardDecline, OrderDetails, OrderRow } from './order-view';
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

/** The cards declined on a buy so far. */
export const cardDeclinesOf = (order: Pick<OrderRow, 'details'>): readonly CardDecline[] => (order.details as OrderDetails | null)?.buy?.cardDeclines ?? [];

/**
 * Whether the order's current provider payment ended with a decline, so another card needs a new
 * payment: a Square payment is one card's (a Stripe intent takes the next card itself).
 */
export const providerPaymentDeclined = (order: Pick<OrderRow, 'details' | 'paymentMethod' | 'providerPaymentId'>): boolean =>
  order.paymentMethod === 'Card_Square' && order.providerPaymentId !== null && cardDeclinesOf(order).some((d) => d.providerPaymentId === order.providerPaymentId);

export type DeclineOutcome = 'declined' | 'failed';

/**
 * The provider declined a card on an open buy (decision 0067). Nothing was taken, so the order stays
 * open with its Units reserved and the decline in its history, and the person can try another card
 * on the same order; the MAX_CARD_DECLINES-th decline fails it, as does one after which no card can
 * follow (`last`: a cancelled Stripe intent). The same decline told again (a Square
 * payment's webhook after its direct answer, a test-mode submission sent twice) changes nothing.
 */
export async function declineCardBuy(tx: Db, order: OrderRow, at: Date, label: string, decline: Omit<CardDecline, 'at'>, options: { last?: boolean } = {}): Promise<DeclineOutcome> {
  const declines = cardDeclinesOf(order);
  const known = declines.some((d) => (decline.attempt !== undefined && d.attempt === decline.attempt) || (order.paymentMethod === 'Card_Square' && d.providerPaymentId === decline.providerPaymentId));
  if (known) return 'declined';
  const details = order.details as OrderDetails;
  const cardDeclines = [...declines, { ...decline, reason: decline.reason.slice(0, 200), at: at.toISOString() }];
  const withDecline: OrderDetails = { ...details, buy: { ...details.buy!, cardDeclines } };
  // A payment that can take no other card ends the order whatever the count, so its history says that rather than a count.
  const why = options.last ? 'no other card can follow' : `declined card ${cardDeclines.length} of ${MAX_CARD_DECLINES}`;
  const reason = `${label}: ${decline.reason} (${why})`.slice(0, 500);
  if (options.last || cardDeclines.length >= MAX_CARD_DECLINES) {
    await failCardBuy(tx, order, at, reason, withDecline);
    return 'failed';
  }
  if (order.orderStatus === 'Initiated') {
    await moveOrder(tx, order, { to: 'InProcess', actor: PROVIDER_ACTOR, at, reason, set: { details: withDecline } });
  } else {
    await tx.update(orders).set({ details: withDecline, updatedAt: at }).where(eq(orders.id, order.id));
    await recordStatusChange(tx, { orderId: order.id, from: order.orderStatus, to: order.orderStatus, actor: PROVIDER_ACTOR, reason, at });
  }
  return 'declined';
}

/** The buy fails on its last declined card: its reservation is released and the person told. */
async function failCardBuy(tx: Db, order: OrderRow, at: Date, reason: string, details: OrderDetails): Promise<void> {
  if (order.orderStatus === 'Initiated') order = await moveOrder(tx, order, { to: 'InProcess', actor: PROVIDER_ACTOR, at, reason });
  await moveOrder(tx, order, { to: 'Failed', actor: PROVIDER_ACTOR, at, reason, set: { dueAt: null, details } });
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
