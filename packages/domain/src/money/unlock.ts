import { toWhole } from './decimal';
import { MS_PER_DAY } from './price';
import type { Currency } from '../format/format';
import type { PaymentMethod } from '../orders/status';
import { MAX_BANK_PAYMENT_BUSINESS_DAYS, type MoneySettings } from './settings';

/**
 * When locked Units become free (PRODUCT-DECISIONS §3–§4).
 *
 * LU2X (double-land) purchases, per purchase, in UTC calendar months. Let M be the calendar
 * month of the purchase. Tranche k (k = 1…10) unlocks at 00:00 UTC on the 1st of month M + 6 + k,
 * and after tranche k, floor(units × k / 10) of that purchase are unlocked.
 *
 * A purchase any time in January 2025 unlocks 10 % on 1 Aug 2025, 20 % on 1 Sep 2025, …, 100 % on
 * 1 May 2026. Nothing is unlocked until more than 6 months have passed (the first tranche is the
 * first month start after purchase + 6 months), and everything is unlocked within 16 months.
 *
 * Converted Units and bonus Units unlock a fixed number of 24-hour days after the conversion or
 * the approval of the buy that earned them.
 */

export const DOUBLE_LAND_LOCK_MONTHS = 6;
export const DOUBLE_LAND_TRANCHES = 10;

export interface DoubleLandPurchase {
  units: number | bigint;
  /** When the Units arrived in owned_DOUBLE_LAND. */
  purchasedAt: Date;
}

export interface DoubleLandUnlockState {
  unlockedUnits: bigint;
  lockedUnits: bigint;
  /** Tranches unlocked so far, 0–10 (× 10 % of the purchase). */
  tranchesUnlocked: number;
  /** When the next tranche unlocks; null once all Units are free. */
  nextUnlockAt: Date | null;
}

function timeOf(date: Date): number {
  const time = date instanceof Date ? date.getTime() : Number.NaN;
  if (Number.isNaN(time)) throw new RangeError(`Invalid date: ${String(date)}`);
  return time;
}

/** The 10 tranche dates of a purchase, earliest first. */
export function doubleLandUnlockDates(purchasedAt: Date): Date[] {
  const bought = new Date(timeOf(purchasedAt));
  const year = bought.getUTCFullYear();
  const month = bought.getUTCMonth();
  return Array.from({ length: DOUBLE_LAND_TRANCHES }, (_, i) => new Date(Date.UTC(year, month + DOUBLE_LAND_LOCK_MONTHS + i + 1, 1)));
}

/** How much of one LU2X purchase is free at `at`, and when the next part frees. */
export function doubleLandUnlockState(purchase: DoubleLandPurchase, at: Date): DoubleLandUnlockState {
  const units = toWhole(purchase.units, 'units');
  const now = timeOf(at);
  const dates = doubleLandUnlockDates(purchase.purchasedAt);
  const tranchesUnlocked = dates.filter((date) => date.getTime() <= now).length;
  const unlockedUnits = (units * BigInt(tranchesUnlocked)) / BigInt(DOUBLE_LAND_TRANCHES);
  return {
    unlockedUnits,
    lockedUnits: units - unlockedUnits,
    tranchesUnlocked,
    nextUnlockAt: dates[tranchesUnlocked] ?? null,
  };
}

/** Units of one LU2X purchase that may be sold or transferred at `at`. */
export function doubleLandUnlockedUnits(purchase: DoubleLandPurchase, at: Date): bigint {
  return doubleLandUnlockState(purchase, at).unlockedUnits;
}

/** All LU2X purchases of a holder together: free Units, and the earliest next unlock. */
export function doubleLandUnlockTotals(purchases: readonly DoubleLandPurchase[], at: Date): Omit<DoubleLandUnlockState, 'tranchesUnlocked'> {
  let unlockedUnits = 0n;
  let lockedUnits = 0n;
  let nextUnlockAt: Date | null = null;
  for (const purchase of purchases) {
    const state = doubleLandUnlockState(purchase, at);
    unlockedUnits += state.unlockedUnits;
    lockedUnits += state.lockedUnits;
    if (state.nextUnlockAt && (!nextUnlockAt || state.nextUnlockAt < nextUnlockAt)) nextUnlockAt = state.nextUnlockAt;
  }
  return { unlockedUnits, lockedUnits, nextUnlockAt };
}

function addDays(from: Date, days: number): Date {
  if (!Number.isSafeInteger(days) || days < 0) throw new RangeError(`days must be a whole number ≥ 0, got ${days}`);
  return new Date(timeOf(from) + days * MS_PER_DAY);
}

/** When converted Units leave convertLocked: the conversion instant + convertLockDays × 24 h (default 30 days). */
export function convertUnlockAt(convertedAt: Date, settings: Pick<MoneySettings, 'convertLockDays'>): Date {
  return addDays(convertedAt, settings.convertLockDays);
}

/** When bonus Units leave bonusLocked: the approval of their buy + bonusLockDays × 24 h (default 180 days). */
export function bonusUnlockAt(approvedAt: Date, settings: Pick<MoneySettings, 'bonusLockDays'>): Date {
  return addDays(approvedAt, settings.bonusLockDays);
}

const MS_PER_HOUR = 3_600_000;

/** Day of the week of an instant in UTC: 0 Sunday … 6 Saturday. */
const utcWeekday = (time: number): number => new Date(time).getUTCDay();

/**
 * `days` business days after `from`, where a business day is Monday to Friday in UTC (no public
 * holidays: none are known to the platform). Business time runs only on weekdays: an instant on a
 * Saturday or Sunday counts from the next Monday 00:00 UTC, and each business day is a further 24
 * hours of weekday time, so the result is never on a weekend.
 *
 * Friday 15:00 + 1 → Monday 15:00; Saturday 10:00 + 1 → Tuesday 00:00; Thursday 09:00 + 4 → the
 * next Wednesday 09:00.
 */
export function addBusinessDaysUtc(from: Date, days: number): Date {
  if (!Number.isSafeInteger(days) || days < 0) throw new RangeError(`business days must be a whole number ≥ 0, got ${days}`);
  let time = timeOf(from);
  const skipWeekend = () => {
    const weekday = utcWeekday(time);
    if (weekday === 6 || weekday === 0) time = (Math.floor(time / MS_PER_DAY) + (weekday === 6 ? 2 : 1)) * MS_PER_DAY;
  };
  skipWeekend();
  for (let day = 0; day < days; day += 1) {
    time += MS_PER_DAY;
    // Past Friday's end: the rest of the day's weekday time is counted from Monday 00:00.
    const weekday = utcWeekday(time);
    if (weekday === 6 || weekday === 0) time += (weekday === 6 ? 2 : 1) * MS_PER_DAY;
  }
  return new Date(time);
}

/** What a buy's payment deadline depends on: how it is paid and in which currency. */
export interface BuyDeadlineTerms {
  method: PaymentMethod;
  currency: Currency;
}

/**
 * When an Initiated buy expires if still unpaid (decision 0068). A bank transfer gets the business
 * days of its currency's rails: creation + `bankPaymentBusinessDays[currency]` business days,
 * Monday to Friday in UTC, no public holidays (`addBusinessDaysUtc`; defaults GBP 1, EUR 2, USD 4,
 * AUD 4). Card and crypto buys, paid at once, expire `buyOrderExpiryHours` after creation (default 24 h).
 */
export function buyOrderExpiresAt(createdAt: Date, terms: BuyDeadlineTerms, settings: Pick<MoneySettings, 'buyOrderExpiryHours' | 'bankPaymentBusinessDays'>): Date {
  if (terms.method === 'Bank') {
    const days = settings.bankPaymentBusinessDays[terms.currency];
    if (!Number.isSafeInteger(days) || days < 1 || days > MAX_BANK_PAYMENT_BUSINESS_DAYS) {
      throw new RangeError(`business days must be a whole number from 1 to ${MAX_BANK_PAYMENT_BUSINESS_DAYS}, got ${days}`);
    }
    return addBusinessDaysUtc(createdAt, days);
  }
  const hours = settings.buyOrderExpiryHours;
  if (!Number.isSafeInteger(hours) || hours < 1) throw new RangeError(`hours must be a whole number ≥ 1, got ${hours}`);
  return new Date(timeOf(createdAt) + hours * MS_PER_HOUR);
}
