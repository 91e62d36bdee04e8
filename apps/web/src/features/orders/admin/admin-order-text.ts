import { COIN_SYMBOLS, formatDateTime, formatMoney, formatPrice } from '@landunits/domain';
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

/** A crypto buy's last quoted coin amount, as the buyer saw it: '0.00169062 BTC for £109.89 at 1 BTC = £65,000.00, until 15 Jan 2026, 10:15 UTC'. */
export function cryptoQuoteText(order: AdminOrder): string | null {
  const quote = order.buy?.cryptoQuote;
  if (!quote) return null;
  const symbol = COIN_SYMBOLS[quote.coin];
  return `${quote.coinAmount} ${symbol} for ${formatMoney(quote.paymentAmount, quote.currency)} at 1 ${symbol} = ${formatPrice(quote.coinPrice, quote.currency, 2)}, until ${formatDateTime(quote.expiresAt)}`;
}
