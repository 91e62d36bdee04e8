import { ORDER_TYPE_LABELS, UNIT_TYPE_INFO, type PaymentMethod, type UnitType } from '@landunits/domain';
import type { OrderView } from './types';

/** Words for the order fields the lists and details show (SPEC §3). */

export { ORDER_TYPE_LABELS };

/** What customers read: "Card", never the provider behind it. */
export const PAYMENT_METHOD_LABELS: Readonly<Record<PaymentMethod, string>> = {
  Bank: 'Bank transfer',
  Crypto: 'Crypto',
  Card_Square: 'Card',
  Card_Stripe: 'Card',
  None: 'None',
};

/** What admins read: the card provider named, to match the provider's own records. */
export const ADMIN_PAYMENT_METHOD_LABELS: Readonly<Record<PaymentMethod, string>> = {
  ...PAYMENT_METHOD_LABELS,
  Card_Square: 'Card (Square)',
  Card_Stripe: 'Card (Stripe)',
};

/** 'LAND_POUND' → 'GBP Units'. */
export function unitTypeLabel(unitType: UnitType): string {
  return `${UNIT_TYPE_INFO[unitType]?.currency ?? unitType} Units`;
}

/**
 * The order type in words, and for a transfer who it went to or came from ("to Bob B.",
 * "from Ada L."); a conversion names the unit type it produced.
 */
export function describeOrderType(order: Pick<OrderView, 'orderType' | 'direction' | 'counterpartyName' | 'counterpartyEmail' | 'convert'>): {
  label: string;
  detail: string | null;
} {
  const label = ORDER_TYPE_LABELS[order.orderType] ?? order.orderType;
  if (order.orderType === 'TRANSFER' || order.orderType === 'TRANSFER_FUTURE') {
    const other = order.counterpartyName || order.counterpartyEmail || null;
    if (order.direction === 'RECEIVED') return { label, detail: `from ${other ?? 'another user'}` };
    if (order.direction === 'SENT') return { label, detail: other ? `to ${other}` : null };
    return { label, detail: other ? `with ${other}` : null };
  }
  if (order.orderType === 'CONVERT' && order.convert) return { label, detail: `to ${unitTypeLabel(order.convert.unitType)}` };
  return { label, detail: null };
}

const BUY_PAYMENT_PAGES: Partial<Record<PaymentMethod, string>> = {
  Bank: '/dashboard/buy-units/payment-bank',
  Crypto: '/dashboard/buy-units/payment-crypto',
  Card_Square: '/dashboard/buy-units/payment-card-square',
  Card_Stripe: '/dashboard/buy-units/payment-card-stripe',
};

/** Where the viewer finishes an unpaid buy (Initiated), e.g. the bank details page; null otherwise. */
export function paymentPageOf(order: Pick<OrderView, 'orderId' | 'orderType' | 'orderStatus' | 'paymentMethod' | 'direction'>): string | null {
  if (order.orderType !== 'BUY' || order.orderStatus !== 'Initiated' || order.direction === 'RECEIVED') return null;
  const page = BUY_PAYMENT_PAGES[order.paymentMethod];
  return page ? `${page}?orderId=${encodeURIComponent(order.orderId)}` : null;
}
