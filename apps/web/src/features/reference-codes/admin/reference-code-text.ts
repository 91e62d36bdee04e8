import { formatMoney, formatUnits, formatDay, formatDateTime } from '@landunits/domain';
import type { BadgeTone } from '../../../shared/ui/status-badge';
import type { AdminReferenceCode } from './reference-codes-api';

/**
 * A reference code in words for the admin list. Amounts of a fixed discount and of the payment
 * range are cents of whichever currency the buy is in, so they are written without a symbol.
 */

/** 123456 → '1,234.56': cents of no particular currency. */
export function centsText(cents: number): string {
  return formatMoney(cents, 'GBP').replace('£', '');
}

export const codeTypeText = (code: Pick<AdminReferenceCode, 'codeType'>) => (code.codeType === 'BONUS' ? 'Bonus' : 'Discount');

/** '10 % off', '5.00 off', '50 bonus Units'. */
export function codeGivesText(code: Pick<AdminReferenceCode, 'codeType' | 'isPercent' | 'amount' | 'bonusUnits'>): string {
  if (code.codeType === 'BONUS') return `${formatUnits(code.bonusUnits)} bonus ${code.bonusUnits === 1 ? 'Unit' : 'Units'}`;
  if (code.isPercent) return `${code.amount} % off`;
  return /^\d+$/.test(code.amount) ? `${centsText(Number(code.amount))} off` : `${code.amount} off`;
}

/** The purchases (subtotal before discount and fees) the code applies to. */
export function rangeText(code: Pick<AdminReferenceCode, 'minPaymentAmountInCents' | 'maxPaymentAmountInCents'>): string {
  const { minPaymentAmountInCents: min, maxPaymentAmountInCents: max } = code;
  if (min !== null && max !== null) return `${centsText(min)} to ${centsText(max)}`;
  if (min !== null) return `From ${centsText(min)}`;
  if (max !== null) return `Up to ${centsText(max)}`;
  return 'Any amount';
}

/** A date, with its time when it is not midnight UTC (dates chosen in the form are). */
export function instantText(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const midnight = date.getUTCHours() === 0 && date.getUTCMinutes() === 0;
  return midnight ? formatDay(date) : formatDateTime(date);
}

export function validityText(code: Pick<AdminReferenceCode, 'validFrom' | 'validUntil'>): string {
  if (code.validFrom && code.validUntil) return `${instantText(code.validFrom)} to ${instantText(code.validUntil)}`;
  if (code.validFrom) return `From ${instantText(code.validFrom)}`;
  if (code.validUntil) return `Until ${instantText(code.validUntil)}`;
  return 'No end date';
}

export function usesText(code: Pick<AdminReferenceCode, 'uses' | 'maxUses'>): string {
  return code.maxUses === null ? `${formatUnits(code.uses)} (no limit)` : `${formatUnits(code.uses)} of ${formatUnits(code.maxUses)}`;
}

/** Whether a buy could use the code now, the first reason it could not. */
export function codeStatus(code: Pick<AdminReferenceCode, 'disabledAt' | 'validFrom' | 'validUntil' | 'maxUses' | 'uses'>, now: Date): { label: string; tone: BadgeTone } {
  const at = now.getTime();
  if (code.disabledAt) return { label: 'Disabled', tone: 'danger' };
  if (code.validFrom && at < Date.parse(code.validFrom)) return { label: 'Not yet valid', tone: 'info' };
  if (code.validUntil && at >= Date.parse(code.validUntil)) return { label: 'Expired', tone: 'slate' };
  if (code.maxUses !== null && code.uses >= code.maxUses) return { label: 'Used up', tone: 'slate' };
  return { label: 'Active', tone: 'success' };
}
