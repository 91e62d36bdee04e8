import { formatDay, formatMoney, formatUnits, type Currency } from '../format/format';

/**
 * Every user-facing text of the money rules, in one place. The first four are SPEC §5 word for
 * word; the last two are ours (the SPEC has no text for them). Unit counts are written with en-US
 * grouping (SPEC §9: "numbers en-US, 0 decimals for units"), money with `formatMoney`.
 */
export const MONEY_MESSAGES = {
  buyUpTo: (units: number | bigint) => `You can only buy up to ${formatUnits(units)} units`,
  purchaseLimit: (limitInCents: number | bigint, currency: Currency) =>
    `Your current purchase limit is ${formatMoney(limitInCents, currency)}, This purchase plus any existing unapproved purchases exceed that limit.`,
  convertUpTo: (units: number | bigint) => `You can only convert up to ${formatUnits(units)} units`,
  doubleLandRemaining: (units: number | bigint) => `Maximum remaining units in the LU2X offer: ${formatUnits(units)}`,
  sellMoreThanFee: (feeUnits: number | bigint) => `You must sell more than ${formatUnits(feeUnits)} units to cover the sale fee`,
  convertTooSmall: 'This conversion would give you no units. Please convert more units.',
  /** A sale, transfer or conversion of more Units than are owned. */
  notEnoughUnits: 'Not enough units available.',
  /** A sale or transfer of more than the free Units while LU2X Units are still locked. */
  doubleLandLocked: (freeUnits: number | bigint, nextUnlockUnits: number | bigint, nextUnlockAt: Date | string) =>
    `You can sell or transfer up to ${formatUnits(freeUnits)} units now. Your LU2X units unlock over time: ${formatUnits(nextUnlockUnits)} more on ${formatDay(nextUnlockAt)}.`,
} as const;

export type MoneyRuleCode = 'SELL_BELOW_FEE' | 'CONVERT_TOO_SMALL';

/** A request the money rules refuse, with a message fit for the user (the API answers 400 with it). */
export class MoneyRuleError extends Error {
  override readonly name = 'MoneyRuleError';
  constructor(
    readonly code: MoneyRuleCode,
    message: string,
  ) {
    super(message);
  }
}
