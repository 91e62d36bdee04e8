import { formatDateTime, formatDay as formatDayOf, formatMoney, rationalToDecimal, UNIT_TYPE_INFO, type Currency, type UnitType } from '@landunits/domain';
import type { OrderView } from '../../../shared/orders/types';

/** "10 Mar 2026, 14:05 UTC" (the domain's formatDateTime); what does not parse is shown as it came. */
export function formatInstant(iso: string): string {
  return Number.isNaN(new Date(iso).getTime()) ? iso : formatDateTime(iso);
}

/** A date or instant as "10 Mar 2026" (UTC, the domain's formatDay); what does not parse is shown as it came. */
export function formatDay(value: string | null | undefined): string {
  if (!value) return '—';
  return Number.isNaN(new Date(value).getTime()) ? value : formatDayOf(value);
}

/** The amount of an order (what is paid for a buy, paid out for a sale), or null when it has none. */
export function orderAmount(order: Pick<OrderView, 'paymentDetails'>): string | null {
  const details = order.paymentDetails;
  if (!details || !Number.isSafeInteger(details.paymentAmount)) return null;
  return formatMoney(details.paymentAmount, details.currency);
}

export const currencyOfUnit = (unitType: UnitType): Currency => UNIT_TYPE_INFO[unitType]?.currency ?? 'GBP';

/** Basis points as a percentage: 150 → '1.50%'. */
export function basisPointsPercent(basisPoints: number): string {
  if (!Number.isSafeInteger(basisPoints) || basisPoints < 0) return '—';
  return `${rationalToDecimal({ num: BigInt(basisPoints), den: 100n }, 2)}%`;
}

type PaymentFigures = NonNullable<OrderView['paymentDetails']>;

/**
 * The payment method's fee as it was charged: the amount, then the terms the buy was priced with
 * ('£1.08 (1.50% + £0.20)'). A buy stored before its terms were recorded shows the two amounts
 * charged instead ('£1.08 (£0.88 + £0.20)'): the amounts are never read as a rate.
 */
export function methodFeeText(payment: PaymentFigures, money: (cents: number) => string): string {
  const { fixedPercentageFees: percentageAmount, fixedCentsFees: fixedAmount } = payment.paymentMethodFees;
  const charged = money(percentageAmount + fixedAmount);
  const terms = payment.paymentMethodFeeTerms;
  const parts = terms
    ? [terms.percentageBasisPoints ? basisPointsPercent(terms.percentageBasisPoints) : null, terms.fixedCents ? money(terms.fixedCents) : null]
    : [percentageAmount ? money(percentageAmount) : null, fixedAmount ? money(fixedAmount) : null];
  const shown = parts.filter((part): part is string => part !== null);
  // One amount in brackets would only repeat the total.
  return shown.length === 0 || (shown.length === 1 && shown[0] === charged) ? charged : `${charged} (${shown.join(' + ')})`;
}
