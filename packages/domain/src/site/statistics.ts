import { z } from 'zod';
import { formatDate } from '../format/format';
import { parseDecimal, rationalToDecimal, toSafeNumber, toWhole, type Price } from '../money/decimal';
import { landValueInCents } from '../money/limits';
import { priceOn, utcDate } from '../money/price';
import { SETTINGS_MESSAGES, type MoneySettings } from '../money/settings';
import { UNIT_TYPE_INFO, UNIT_TYPES } from '../money/unit-types';
import type { ImpactMetrics, SiteStatistics } from './site-api';

/**
 * The public statistics (SPEC §3 Statistics, /statistics and the 2025 report): the impact metrics
 * an admin edits, their defaults, and the pure computation of every figure from the money
 * settings. Percentages are exact decimal strings; money is integer cents.
 */

export const IMPACT_METRIC_KEYS = [
  'carbonSequestration',
  'hedgerowIncrease',
  'forestIncrease',
  'co2Offset',
  'naturalNitrogen',
  'organicIncrease',
  'pesticideElimination',
] as const satisfies readonly (keyof ImpactMetrics)[];

/** How each metric reads on the site and in the report (each value is a percent). */
export const IMPACT_METRIC_LABELS: Readonly<Record<keyof ImpactMetrics, string>> = {
  carbonSequestration: 'Additional CO2 sequestration',
  hedgerowIncrease: 'Hedgerow increase',
  forestIncrease: 'Forest increase',
  co2Offset: 'CO2 emissions offset',
  naturalNitrogen: 'Nitrogen from natural sources',
  organicIncrease: 'Increase in organically farmed land',
  pesticideElimination: 'Pesticide use eliminated',
};

/**
 * The metrics shown until an admin stores their own (admin-editable at PUT /api/admin/site/impact).
 * carbonSequestration, hedgerowIncrease and forestIncrease are the SPEC §1 claims (30 %, 7 %, 5 %)
 * and must stay in step with the home page. The other four are conservative illustrative values
 * for the demo data, to be replaced by the measured figures of the land under management.
 */
export const DEFAULT_IMPACT_METRICS = {
  carbonSequestration: '30',
  hedgerowIncrease: '7',
  forestIncrease: '5',
  co2Offset: '12',
  naturalNitrogen: '35',
  organicIncrease: '20',
  pesticideElimination: '60',
} as const satisfies ImpactMetrics;

/** The largest percentage a metric may hold (an increase can exceed 100 %). */
export const IMPACT_PERCENT_MAX = 1000;

const NUMBER = /^-?\d+(\.\d+)?$/;
const PERCENT = /^\d{1,4}(\.\d{1,2})?$/;

/** '007.50' → '7.5': no leading zeros, no trailing fractional zeros. */
export function canonicalDecimal(text: string): string {
  const [whole = '0', fraction = ''] = text.split('.');
  const trimmedWhole = whole.replace(/^0+(?=\d)/, '');
  const trimmedFraction = fraction.replace(/0+$/, '');
  return trimmedFraction ? `${trimmedWhole}.${trimmedFraction}` : trimmedWhole;
}

/**
 * A percent written as a decimal string from 0 to 1000 with at most 2 decimals, stored in its
 * canonical form. Something that is not a number at all is 'Invalid numeric value'; a number
 * outside the range or with more decimals is 'Invalid percentage value' (SPEC §8).
 */
const percent = () =>
  z
    .string({ message: SETTINGS_MESSAGES.invalidNumber })
    .trim()
    .max(32, SETTINGS_MESSAGES.invalidNumber)
    .regex(NUMBER, SETTINGS_MESSAGES.invalidNumber)
    .refine((text) => PERCENT.test(text) && parseDecimal(text).num <= BigInt(IMPACT_PERCENT_MAX) * parseDecimal(text).den, SETTINGS_MESSAGES.invalidPercentage)
    .transform(canonicalDecimal);

const impactMetrics = () => {
  const p = percent();
  return z.object({
    co2Offset: p,
    forestIncrease: p,
    naturalNitrogen: p,
    organicIncrease: p,
    pesticideElimination: p,
    hedgerowIncrease: p,
    carbonSequestration: p,
  }) satisfies z.ZodType<ImpactMetrics, Record<keyof ImpactMetrics, string>>;
};

/** The impact metrics an admin stores; unknown keys are dropped. */
export const ImpactMetricsSchema = /* @__PURE__ */ impactMetrics();

/** A decimal fraction as a percent string: '0.075' → '7.5' (exact; up to 4 decimals from 6). */
export function fractionToPercent(fraction: string): string {
  const value = parseDecimal(fraction, 'fraction');
  const places = Math.max(0, (fraction.split('.')[1]?.length ?? 0) - 2);
  return canonicalDecimal(rationalToDecimal({ num: value.num * 100n, den: value.den }, places));
}

/** Basis points as a percent string: 8474 → '84.74', 8400 → '84'. */
export function basisPointsToPercent(basisPoints: number): string {
  return canonicalDecimal(rationalToDecimal({ num: toWhole(basisPoints, 'basis points'), den: 100n }, 2));
}

type StatCurrency = keyof SiteStatistics['landValues'];

/** The price of one Unit of each currency on 1 January (00:00 UTC) of `year`. */
export function unitPricesOnNewYear(year: number, settings: Pick<MoneySettings, 'growthPerYear' | 'priceEpoch' | 'initialPrices'>): Record<StatCurrency, Price> {
  const day = utcDate(`${String(year).padStart(4, '0')}-01-01`);
  const prices = {} as Record<StatCurrency, Price>;
  for (const type of UNIT_TYPES) prices[UNIT_TYPE_INFO[type].currency] = priceOn(type, day, settings);
  return prices;
}

/** Years after the epoch year that growthByYear covers (the epoch year and ten more). */
export const GROWTH_YEARS_AFTER_EPOCH = 10;

/**
 * Every figure of GET /api/site/statistics from the money settings and impact metrics in force,
 * for the UTC day of `today`:
 * - land values: GBP land value × the GBP-based rate, half-up to the cent (`landValueInCents`);
 * - growth and the maximum for sale as percent strings;
 * - growthByYear: the Unit price on 1 January of the epoch year and the ten years after.
 */
export function buildSiteStatistics(money: MoneySettings, impact: ImpactMetrics, today: Date): SiteStatistics {
  const landValues = {} as Record<StatCurrency, number>;
  for (const currency of ['GBP', 'USD', 'EUR', 'AUD'] as const) {
    landValues[currency] = toSafeNumber(landValueInCents(currency, money), `land value in ${currency}`);
  }
  const epochYear = utcDate(money.priceEpoch).getUTCFullYear();
  const growthByYear = Array.from({ length: GROWTH_YEARS_AFTER_EPOCH + 1 }, (_, i) => ({
    year: epochYear + i,
    prices: unitPricesOnNewYear(epochYear + i, money),
  }));
  return {
    growthPerYearPercent: fractionToPercent(money.growthPerYear),
    growthByYear,
    landValues,
    exchangeRates: { USD: money.exchangeRates.USD, EUR: money.exchangeRates.EUR, AUD: money.exchangeRates.AUD },
    maxLandUnitsForSalePercent: basisPointsToPercent(money.maxLandUnitsForSaleBasisPoints),
    impact: { ...impact },
    asOf: formatDate(today, 'YYYY-MM-DD'),
  };
}
