import Decimal from 'decimal.js';
import { priceToMicros, microsToPrice, type Price } from './decimal';
import type { MoneySettings } from './settings';
import { UNIT_TYPES, type UnitType } from './unit-types';

/**
 * The price of a Unit on a day (PRODUCT-DECISIONS §1):
 *
 *   price(T, d) = P0[T] × (1 + growth)^(d / 365), rounded half-up to 6 places,
 *
 * where d is the number of whole UTC days since the epoch (the price changes at 00:00 UTC; a
 * leap year still divides by 365). On and before the epoch the price is P0.
 *
 * The fractional power is computed with decimal.js at 40 significant digits and rounded to 6
 * places once, so the result is the correctly rounded price unless the exact value lies within
 * about 10^-33 of a half-way point. For whole years (d a multiple of 365) the tests compare 50
 * years of anniversaries with an exact bigint computation of P0 × (1 + growth)^years.
 */

const PRECISION = 40;
const D = Decimal.clone({ precision: PRECISION, rounding: Decimal.ROUND_HALF_UP, toExpNeg: -60, toExpPos: 60 });

export const MS_PER_DAY = 86_400_000;
export const DAYS_PER_PRICE_YEAR = 365;

export type PriceSettings = Pick<MoneySettings, 'growthPerYear' | 'priceEpoch' | 'initialPrices'>;

function timeOf(date: Date): number {
  const time = date instanceof Date ? date.getTime() : Number.NaN;
  if (Number.isNaN(time)) throw new RangeError(`Invalid date: ${String(date)}`);
  return time;
}

/** 'YYYY-MM-DD' → that day at 00:00 UTC. */
export function utcDate(isoDate: string): Date {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  const date = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : null;
  if (!date || date.toISOString().slice(0, 10) !== isoDate) throw new RangeError(`Not a date (YYYY-MM-DD): ${isoDate}`);
  return date;
}

/** 00:00 UTC of the day `date` falls in. */
export function startOfUtcDay(date: Date): Date {
  const time = timeOf(date);
  return new Date(time - (((time % MS_PER_DAY) + MS_PER_DAY) % MS_PER_DAY));
}

/** Whole UTC days from the epoch's 00:00 to the day `date` falls in; negative before the epoch. */
export function daysSinceEpoch(date: Date, epoch: string): number {
  return Math.round((startOfUtcDay(date).getTime() - utcDate(epoch).getTime()) / MS_PER_DAY);
}

/**
 * The core formula on a day number: P0 × (1 + growth)^(days / 365), half-up to 6 places;
 * P0 itself for days ≤ 0.
 */
export function priceAfterDays(initialPrice: Price, growthPerYear: string, days: number): Price {
  const p0 = priceToMicros(initialPrice);
  if (!Number.isSafeInteger(days)) throw new RangeError(`days must be a whole number, got ${days}`);
  if (!/^\d+(\.\d+)?$/.test(growthPerYear)) throw new RangeError(`growth must be a non-negative decimal, got ${growthPerYear}`);
  if (days <= 0) return microsToPrice(p0);
  const factor = new D(1).plus(growthPerYear).pow(new D(days).div(DAYS_PER_PRICE_YEAR));
  const price = new D(p0.toString()).div(1_000_000).times(factor);
  return price.toFixed(6, Decimal.ROUND_HALF_UP);
}

/** Price of one Unit of `unitType` on the UTC day of `date`. */
export function priceOn(unitType: UnitType, date: Date, settings: PriceSettings): Price {
  return priceAfterDays(settings.initialPrices[unitType], settings.growthPerYear, daysSinceEpoch(date, settings.priceEpoch));
}

/** All four prices on the UTC day of `date` (what GET /order/get_price answers). */
export function pricesOn(date: Date, settings: PriceSettings): Record<UnitType, Price> {
  const days = daysSinceEpoch(date, settings.priceEpoch);
  return Object.fromEntries(UNIT_TYPES.map((type) => [type, priceAfterDays(settings.initialPrices[type], settings.growthPerYear, days)])) as Record<UnitType, Price>;
}

/**
 * The next 00:00 UTC strictly after `date`: when today's price stops being valid (for
 * `Cache-Control`/`Expires`). At exactly midnight the new price has already started, so the
 * answer is the following midnight.
 */
export function nextPriceChangeAt(date: Date): Date {
  return new Date(startOfUtcDay(date).getTime() + MS_PER_DAY);
}
