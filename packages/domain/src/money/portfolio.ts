import type { Currency } from '../format/format';
import { divRoundHalfUp, MICROS_PER_CENT, priceToMicros, type Price, type Rational } from './decimal';
import { exchangeRateExact, type ExchangeRates } from './totals';
import { currencyOf, UNIT_TYPES, type UnitType } from './unit-types';

/**
 * A person's money in one display currency: what their Units are worth, split into what they can
 * sell or send now (available), what unlocks later (locked) and what an order in progress holds
 * (pending). Values are integer cents of the display currency, each part rounded once (half-up)
 * from the exact sum of its Units × price × exchange rate, so the total is the sum of its parts.
 */

/** The parts of what a person holds, by the buckets of the ledger (PRODUCT-DECISIONS §3). */
export const PORTFOLIO_PARTS = {
  /** Units that can be sold, sent or converted now. */
  available: ['owned'],
  /** LU2X Units, bonus Units and converted Units that unlock later. */
  locked: ['owned_DOUBLE_LAND', 'bonusLocked', 'convertLocked'],
  /** Units an order in progress holds: being sold, scheduled to transfer. */
  pending: ['pendingSell', 'transferQueued'],
} as const;

export type PortfolioPart = keyof typeof PORTFOLIO_PARTS;
export const PORTFOLIO_PART_NAMES = Object.keys(PORTFOLIO_PARTS) as PortfolioPart[];

/** Units per unit type (whole Units, never negative). */
export type UnitsByType = Record<UnitType, bigint>;

const ZERO: Rational = { num: 0n, den: 1n };

/** a + b, both fractions with positive denominators. */
function add(a: Rational, b: Rational): Rational {
  return a.den === b.den ? { num: a.num + b.num, den: a.den } : { num: a.num * b.den + b.num * a.den, den: a.den * b.den };
}

/**
 * The exact value, in cents of `display`, of `units` of `unitType` at `price`: units × price in the
 * Unit's own currency, converted through the GBP-based rates (amount × rate[display] / rate[own]).
 */
function exactValue(unitType: UnitType, units: bigint, price: Price, rates: ExchangeRates, display: Currency): Rational {
  if (units < 0n) throw new RangeError(`units must not be negative, got ${units}`);
  const rate = exchangeRateExact(currencyOf(unitType), display, rates);
  return { num: units * priceToMicros(price) * rate.num, den: MICROS_PER_CENT * rate.den };
}

/** Cents of `display` that Units of every type are worth at `prices`, rounded half-up once. */
export function valueInCurrency(units: Partial<UnitsByType>, prices: Record<UnitType, Price>, rates: ExchangeRates, display: Currency): bigint {
  let sum = ZERO;
  for (const type of UNIT_TYPES) {
    const n = units[type] ?? 0n;
    if (n !== 0n) sum = add(sum, exactValue(type, n, prices[type], rates, display));
  }
  return divRoundHalfUp(sum.num, sum.den);
}

/** Units of one bucket group (a part) per unit type, from balances per unit type and bucket. */
export function unitsInPart(balances: Record<UnitType, Record<string, bigint>>, part: PortfolioPart): UnitsByType {
  return Object.fromEntries(UNIT_TYPES.map((type) => [type, PORTFOLIO_PARTS[part].reduce((sum, bucket) => sum + (balances[type][bucket] ?? 0n), 0n)])) as UnitsByType;
}

export interface PortfolioSummary {
  currency: Currency;
  available: bigint;
  locked: bigint;
  pending: bigint;
  /** available + locked + pending. */
  total: bigint;
  /** Per unit type: its Units held and their value in the display currency. */
  byType: Record<UnitType, { units: bigint; value: bigint }>;
}

/** The summary of balances per unit type and bucket at `prices`, in `display`. */
export function portfolioSummary(balances: Record<UnitType, Record<string, bigint>>, prices: Record<UnitType, Price>, rates: ExchangeRates, display: Currency): PortfolioSummary {
  const [available, locked, pending] = PORTFOLIO_PART_NAMES.map((part) => valueInCurrency(unitsInPart(balances, part), prices, rates, display)) as [bigint, bigint, bigint];
  const byType = Object.fromEntries(
    UNIT_TYPES.map((type) => {
      const units = PORTFOLIO_PART_NAMES.reduce((sum, part) => sum + unitsInPart(balances, part)[type], 0n);
      return [type, { units, value: valueInCurrency({ [type]: units }, prices, rates, display) }];
    }),
  ) as PortfolioSummary['byType'];
  return { currency: display, available, locked, pending, total: available + locked + pending, byType };
}

/** How far back the value chart goes: a month, three months, a year. */
export const PORTFOLIO_RANGES = ['1M', '3M', '1Y'] as const;
export type PortfolioRange = (typeof PORTFOLIO_RANGES)[number];
export const PORTFOLIO_RANGE_DAYS: Readonly<Record<PortfolioRange, number>> = { '1M': 30, '3M': 91, '1Y': 365 };

export const PORTFOLIO_MESSAGES = {
  range: 'Choose a range of 1M, 3M or 1Y',
} as const;
