import { toWhole } from './decimal';
import { MS_PER_DAY } from './price';
import type { MoneySettings } from './settings';

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

/** When an Initiated buy expires if still unpaid: creation + buyOrderExpiryHours (default 24 h). */
export function buyOrderExpiresAt(createdAt: Date, settings: Pick<MoneySettings, 'buyOrderExpiryHours'>): Date {
  const hours = settings.buyOrderExpiryHours;
  if (!Number.isSafeInteger(hours) || hours < 1) throw new RangeError(`hours must be a whole number ≥ 1, got ${hours}`);
  return new Date(timeOf(createdAt) + hours * 3_600_000);
}
