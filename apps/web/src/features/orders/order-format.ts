import { CURRENCY_SYMBOLS, ORDER_MESSAGES, formatDate, formatUnits, UNIT_TYPE_INFO, UNIT_TYPES, type Currency, type Price, type UnitType } from '@landunits/domain';

/** Display helpers of the order pages. Money is formatted with the domain's `formatMoney`. */

/** 'LAND_POUND' → 'GBP (£)'. */
export function unitTypeLabel(unitType: UnitType): string {
  const info = UNIT_TYPE_INFO[unitType];
  return `${info.currency} (${info.symbol})`;
}

export const UNIT_TYPE_OPTIONS = UNIT_TYPES.map((value) => ({ value, label: unitTypeLabel(value) }));

export function isUnitType(value: string): value is UnitType {
  return (UNIT_TYPES as readonly string[]).includes(value);
}

/** 100, 'LAND_POUND' → '100 GBP Units'; 1 → '1 GBP Unit'. */
export function unitsOf(units: number | bigint, unitType: UnitType): string {
  return `${formatUnits(units)} ${UNIT_TYPE_INFO[unitType].currency} ${units === 1 || units === 1n ? 'Unit' : 'Units'}`;
}

/** A 6-place price in its currency: '£1.070000'. */
export function formatPrice(price: Price, currency: Currency): string {
  return `${CURRENCY_SYMBOLS[currency]}${price}`;
}

/** A day (YYYY-MM-DD or an instant), as '22 Nov 2026' (UTC: schedules and prices change at 00:00 UTC). */
export function formatDay(value: string): string {
  try {
    return formatDate(value.length === 10 ? `${value}T00:00:00Z` : value, 'DD MMM YYYY');
  } catch {
    return value;
  }
}

const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** A day written out, as the server's messages write it: '1 June 2027' (UTC). */
export function formatLongDay(value: Date | string): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  return `${date.getUTCDate()} ${MONTH_NAMES[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

/** An instant as '22 Nov 2026, 14:05 UTC'. */
export function formatInstant(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  const time = `${String(date.getUTCHours()).padStart(2, '0')}:${String(date.getUTCMinutes()).padStart(2, '0')}`;
  return `${formatDate(date, 'DD MMM YYYY')}, ${time} UTC`;
}

/** The text typed in a Units field as a number for the request: '' → undefined (the schema says it is required). */
export function parseUnits(text: string): number | undefined {
  return text === '' ? undefined : Number(text);
}

/**
 * The message for Units text with a decimal mark ('2.5', '2,5', '2.'): Units are whole, and the
 * text is neither rounded nor stripped of its mark (which would read 2.5 as 25). The order schema's
 * message, so the form and the API say the same.
 */
export function unitsTextProblem(text: string): string | undefined {
  return /[.,]/.test(text) ? ORDER_MESSAGES.unitsWhole : undefined;
}

/** Units that are a positive safe integer written in digits only, as a bigint for the money functions; null otherwise. */
export function wholeUnits(text: string): bigint | null {
  if (!/^\d+$/.test(text)) return null;
  const n = Number(text);
  return Number.isSafeInteger(n) && n > 0 ? BigInt(n) : null;
}
