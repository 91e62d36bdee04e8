import { ORDER_MESSAGES, formatUnits, UNIT_TYPE_INFO, UNIT_TYPES, type UnitType } from '@landunits/domain';

/** Display helpers of the order pages. Money, prices and dates are formatted with the domain's helpers (`formatMoney`, `formatPrice`, `formatDay`, `formatDateTime`). */

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
