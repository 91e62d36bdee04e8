import { CARD_MESSAGES, currencyOf, type CardProvider } from '@landunits/domain';
import type { Db } from '../../platform/db/client';
import {
  cardDeclinesOf,
  completeCardBuy,
  declineCardBuy,
  flagPayment,
  isCardBuy,
  lockOrder,
  lockOrderOfProviderPayment,
  recordProviderPayment,
  type OrderDetails,
  type OrderRow,
  type PaymentDetails,
} from '../orders';

/**
 * Card payments (PRODUCT-DECISIONS §3, §7): Initiated → InProcess when a payment starts at the
 * provider (or in test mode), then Completed on the provider's word; a declined card leaves it open
 * for another card until MAX_CARD_DECLINES declines fail it (decision 0067). Every provider —
 * Stripe, Square and the built-in test mode — ends in `applyProviderEvent`, so they share one set
 * of rules: each provider event has its effect once; the amount and currency must be the order's
 * or nothing is credited and the order is flagged for an admin; a final order does not move again.
 */

export type ProviderName = 'stripe' | 'square' | 'test';

/** What the provider says of a payment now. */
export type CardResult =
  | { kind: 'succeeded'; amountCents: number; currency: string; providerPaymentId: string }
  /**
   * A declined or failed payment. `attempt` names the card's attempt where the provider tells it
   * (the same one told again is one decline); `endsOrder` when the payment can take no other card
   * and none can follow it on this order (a cancelled Stripe intent).
   */
  | { kind: 'failed'; reason: string; providerPaymentId: string; attempt?: string; endsOrder?: boolean }
  | { kind: 'pending'; providerPaymentId: string };

export interface ProviderEvent {
  provider: ProviderName;
  eventId: string;
  eventType: string;
}

/** 'declined': a card was declined and the order stays open for another (decision 0067); 'failed': the order failed. */
export type ProviderEventOutcome = 'duplicate' | 'completed' | 'declined' | 'failed' | 'flagged' | 'ignored' | 'unknown-order';

/**
 * Which order a provider's word is about: by our id (a direct charge answer), or by the provider's
 * payment id, with the order id the provider keeps in its own record (Stripe metadata, Square
 * reference_id) as a fallback for a payment whose id we never stored (our transaction rolled back
 * after the provider had made it).
 */
export type CardTarget = { orderId: string } | { method: CardProvider; providerPaymentId: string; orderId?: string | null };

/**
 * The order's idempotency key as passed on to a provider, so a retried start makes one payment:
 * the order id with the key its create_order submission carried. The id makes it unique across
 * people (a provider's keys are account-wide; ours are per person).
 */
export function orderIdempotencyKey(order: OrderRow): string {
  const key = (order.details as OrderDetails | null)?.buy?.idempotencyKey;
  return key ? `${order.id}:${key}` : `order-${order.id}`;
}

export async function lockTarget(tx: Db, target: CardTarget): Promise<OrderRow | undefined> {
  if (!('method' in target)) return lockOrder(tx, target.orderId);
  const known = await lockOrderOfProviderPayment(tx, target.method, target.providerPaymentId);
  if (known) return known;
  if (!target.orderId) return undefined;
  const order = await lockOrder(tx, target.orderId);
  if (!order || order.paymentMethod !== target.method) return undefined;
  if (order.providerPaymentId === null) {
    // The payment was made but its id never stored: take it up now.
    return recordProviderPayment(tx, order, target.providerPaymentId);
  }
  // An earlier payment of this order that was declined (the order has moved on to another card).
  if (cardDeclinesOf(order).some((d) => d.providerPaymentId === target.providerPaymentId)) return order;
  // A second payment for an order that already has one: money may have been taken twice.
  await flagPayment(tx, order, `A second ${target.method} payment ${target.providerPaymentId} arrived for this order (it has ${order.providerPaymentId}); refund one.`);
  return undefined;
}

/** Applies the provider's word to a locked card buy. */
export async function applyResult(tx: Db, order: OrderRow, result: CardResult, now: Date, label: string): Promise<Exclude<ProviderEventOutcome, 'duplicate' | 'unknown-order'>> {
  if (!isCardBuy(order)) return 'ignored';
  if (result.kind === 'pending') return 'ignored';
  const open = order.orderStatus === 'Initiated' || order.orderStatus === 'InProcess';
  if (result.kind === 'failed') {
    if (!open) return 'ignored';
    const decline = { reason: result.reason, providerPaymentId: result.providerPaymentId, ...(result.attempt ? { attempt: result.attempt } : {}) };
    return declineCardBuy(tx, order, now, label, decline, { last: result.endsOrder === true });
  }
  const payment = order.paymentDetails as PaymentDetails | null;
  const expected = { amountCents: payment?.paymentAmount ?? order.amountCents ?? -1, currency: currencyOf(order.unitType) };
  if (result.amountCents !== expected.amountCents || result.currency.toUpperCase() !== expected.currency) {
    await flagPayment(tx, order, `${label}: paid ${result.amountCents} ${result.currency.toUpperCase()}, the order is ${expected.amountCents} ${expected.currency}. ${CARD_MESSAGES.amountMismatch}`);
    return 'flagged';
  }
  if (order.orderStatus === 'Completed') return 'ignored';
  if (!open) {
    // Money taken for an order that is no longer waiting for it (cancelled, expired, failed): an admin refunds or honours it.
    await flagPayment(tx, order, `${label}: payment received while the order is ${order.orderStatus}; refund or honour it.`);
    return 'flagged';
  }
  await completeCardBuy(tx, order, now, label);
  return 'completed';
}
