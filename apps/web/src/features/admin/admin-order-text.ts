import { formatMoney } from '@landunits/domain';
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
