import { CURRENCIES, divRoundHalfUp, IMPACT_METRIC_KEYS, parseDecimal, type Currency, type ImpactMetrics, type SiteStatistics } from '@landunits/domain';

/**
 * The statistics page's figures in the shapes it shows them: percents, shares of the land value,
 * and the plain numbers the charts draw. Money stays in integer cents for every figure written
 * out; the charts get numbers only to place bars and points. The page names the impact metrics
 * with the domain's labels (as the 2025 report does); the chart's axis uses shorter ones.
 */

/** '7.5' → '7.5%'. The API sends percents as exact decimal strings; they are shown as sent. */
export const percentText = (percent: string): string => `${percent}%`;

/** The currencies other than GBP, whose GBP rates the page lists. */
export const RATE_CURRENCIES = CURRENCIES.filter((c): c is Exclude<Currency, 'GBP'> => c !== 'GBP');

/** cents × percent / 100, half-up to the cent: the value of land that may be outstanding as Units. */
export function shareOfCents(cents: number, percent: string): bigint {
  const { num, den } = parseDecimal(percent, 'percent');
  return divRoundHalfUp(BigInt(cents) * num, den * 100n);
}

/** One point per year of the price chart: the price of one Unit on 1 January, per currency. */
export type GrowthPoint = { year: number } & Record<Currency, number>;

export function growthPoints(stats: Pick<SiteStatistics, 'growthByYear'>): GrowthPoint[] {
  return stats.growthByYear.map(({ year, prices }) => ({
    year,
    GBP: Number(prices.GBP),
    USD: Number(prices.USD),
    EUR: Number(prices.EUR),
    AUD: Number(prices.AUD),
  }));
}

export interface Bar {
  label: string;
  value: number;
}

/** Land value per currency in whole currency units (the chart's scale), from cents. */
export function landValueBars(stats: Pick<SiteStatistics, 'landValues'>): Bar[] {
  return CURRENCIES.map((currency) => ({ label: currency, value: Math.round(stats.landValues[currency] / 100) }));
}

/** Short names for the chart's axis, where the full names do not fit beside a bar on a phone. */
const IMPACT_AXIS_LABELS: Readonly<Record<keyof ImpactMetrics, string>> = {
  carbonSequestration: 'CO2 sequestration',
  hedgerowIncrease: 'Hedgerow increase',
  forestIncrease: 'Forest increase',
  co2Offset: 'CO2 offset',
  naturalNitrogen: 'Natural nitrogen',
  organicIncrease: 'Organic increase',
  pesticideElimination: 'Pesticides eliminated',
};

export function impactBars(stats: Pick<SiteStatistics, 'impact'>): Bar[] {
  return IMPACT_METRIC_KEYS.map((key) => ({ label: IMPACT_AXIS_LABELS[key], value: Number(stats.impact[key]) }));
}
