import { formatMoney } from '@landunits/domain';
import { ADMIN_PAYMENT_METHOD_LABELS } from '../../../shared/orders/order-labels';
import type { AdminOrder } from './admin-api';

/** "Ada Lovelace (ada@example.com)", or whichever of the two is known. */
export function placedByText(order: AdminOrder): string {
  const { name, email } = order.placedBy ?? { name: null, email: null };
  if (name && email) return `${name} (${email})`;
  return name || email || 'Unknown user';
}

/** What the order pays in or out, in its currency, or '—'. */
export function orderAmountText(order: AdminOrder): string {
  const details = order.paymentDetails;
  return details && Number.isSafeInteger(details.paymentAmount) ? formatMoney(details.paymentAmount, details.currency) : '—';
}

const COINS: Readonly<Record<string, string>> = { BITCOIN: 'Bitcoin (BTC)', ETHER: 'Ether (ETH)' };

/**
 * How a buy is paid, for the admin to know where to look for the money: the coin of a crypto buy,
 * otherwise the method; null for orders that are not buys.
 */
export function paymentText(order: AdminOrder): string | null {
  if (order.orderType !== 'BUY') return null;
  if (order.paymentMethod === 'Crypto') return (order.buy?.cryptoType && COINS[order.buy.cryptoType]) || 'Crypto';
  return ADMIN_PAYMENT_METHOD_LABELS[order.paymentMethod] ?? order.paymentMethod;
}

/** The reason a payment needs checking, or null. */
export const paymentFlagOf = (order: AdminOrder): string | null => order.buy?.paymentFlag || null;
