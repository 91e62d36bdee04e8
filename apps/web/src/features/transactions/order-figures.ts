import { formatDate, formatMoney, rationalToDecimal, UNIT_TYPE_INFO, type Currency, type UnitType } from '@landunits/domain';
import type { OrderView } from '../../shared/orders/types';

const pad = (n: number) => String(n).padStart(2, '0');

/** "10/03/2026, 14:05 UTC": the SPEC date and the time, both in UTC like formatDate. */
export function formatInstant(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${formatDate(date)}, ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())} UTC`;
}

/** A date or instant as DD/MM/YYYY (UTC); what does not parse is shown as it came. */
export function formatDay(value: string | null | undefined): string {
  if (!value) return '—';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : formatDate(date);
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
