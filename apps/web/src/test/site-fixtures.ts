import type { SiteStatistics } from '@landunits/domain';

/**
 * The public statistics as GET /api/site/statistics answers them. A test that checks a figure
 * passes that figure in `overrides`, so the input it computes its expectation from is in the test.
 */
export function siteStatistics(overrides: Partial<SiteStatistics> = {}): SiteStatistics {
  return {
    growthPerYearPercent: '7.5',
    growthByYear: [{ year: 2026, prices: { GBP: '1.075000', USD: '1.075000', EUR: '1.075000', AUD: '1.075000' } }],
    landValues: { GBP: 847_390_000, USD: 1_050_763_600, EUR: 1_008_394_100, AUD: 1_686_306_100 },
    exchangeRates: { USD: '1.24', EUR: '1.19', AUD: '1.99' },
    maxLandUnitsForSalePercent: '84.74',
    impact: {
      co2Offset: '12',
      forestIncrease: '5',
      naturalNitrogen: '35',
      organicIncrease: '20',
      pesticideElimination: '60',
      hedgerowIncrease: '7',
      carbonSequestration: '30',
    },
    asOf: '2026-03-10',
    ...overrides,
  };
}
