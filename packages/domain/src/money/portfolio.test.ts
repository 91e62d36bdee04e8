import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Currency } from '../format/format';
import { priceArb, Q } from './money-arbitraries.test-utils';
import { portfolioSummary, valueInCurrency } from './portfolio';
import type { ExchangeRates } from './totals';
import { CURRENCIES, currencyOf, UNIT_TYPES, type UnitType } from './unit-types';

const RATES: ExchangeRates = { GBP: '1', USD: '1.24', EUR: '1.19', AUD: '1.99' };
const PRICES: Record<UnitType, string> = { LAND_POUND: '1.146213', LAND_USD: '1.000000', LAND_EUR: '2.500000', LAND_AUD: '0.333333' };

const balances = (byType: Partial<Record<UnitType, Record<string, bigint>>>) => Object.fromEntries(UNIT_TYPES.map((t) => [t, byType[t] ?? {}])) as Record<UnitType, Record<string, bigint>>;

describe('valueInCurrency: worked examples', () => {
  it('100 GBP Units at 1.146213 are £114.62, and $142.13 at 1.24 USD to the pound', () => {
    // 100 × 1.146213 = 114.6213 GBP = 11462.13 cents → 11462
    expect(valueInCurrency({ LAND_POUND: 100n }, PRICES, RATES, 'GBP')).toBe(11462n);
    // 11462.13 × 1.24 = 14213.0412 → 14213
    expect(valueInCurrency({ LAND_POUND: 100n }, PRICES, RATES, 'USD')).toBe(14213n);
  });

  it('converts through the pound: 1,000 USD Units at $1.00 are €959.68 (1000 × 1.19 / 1.24)', () => {
    // 100000 cents × 1.19 / 1.24 = 95967.74… → 95968
    expect(valueInCurrency({ LAND_USD: 1000n }, PRICES, RATES, 'EUR')).toBe(95968n);
  });

  it('rounds the exact sum once, not each unit type', () => {
    // 1 AUD Unit at 0.333333 = 33.3333 AUD cents, in GBP / 1.99 = 16.7504… cents → 17 alone.
    const one = valueInCurrency({ LAND_AUD: 1n }, PRICES, RATES, 'GBP');
    const mixed = valueInCurrency({ LAND_AUD: 1n, LAND_POUND: 1n }, PRICES, RATES, 'GBP');
    // 16.7504 + 114.6213 = 131.3717 → 131, while 17 + 115 would be 132.
    expect(one).toBe(17n);
    expect(mixed).toBe(131n);
  });

  it('is zero for no Units, and refuses negative ones', () => {
    expect(valueInCurrency({}, PRICES, RATES, 'AUD')).toBe(0n);
    expect(() => valueInCurrency({ LAND_EUR: -1n }, PRICES, RATES, 'GBP')).toThrow(RangeError);
  });
});

describe('portfolioSummary', () => {
  it('splits by bucket: owned is available; LU2X, bonus and converted are locked; being sold and scheduled are pending; buys awaiting payment are not counted', () => {
    const summary = portfolioSummary(
      balances({
        LAND_POUND: { owned: 100n, owned_DOUBLE_LAND: 10n, bonusLocked: 5n, pendingSell: 7n, pendingBuy: 1000n },
        LAND_EUR: { owned: 4n, convertLocked: 2n, transferQueued: 3n },
      }),
      PRICES,
      RATES,
      'GBP',
    );
    expect(summary.available).toBe(valueInCurrency({ LAND_POUND: 100n, LAND_EUR: 4n }, PRICES, RATES, 'GBP'));
    expect(summary.locked).toBe(valueInCurrency({ LAND_POUND: 15n, LAND_EUR: 2n }, PRICES, RATES, 'GBP'));
    expect(summary.pending).toBe(valueInCurrency({ LAND_POUND: 7n, LAND_EUR: 3n }, PRICES, RATES, 'GBP'));
    expect(summary.total).toBe(summary.available + summary.locked + summary.pending);
    expect(summary.byType.LAND_POUND.units).toBe(122n);
    expect(summary.byType.LAND_EUR.units).toBe(9n);
    expect(summary.byType.LAND_USD).toEqual({ units: 0n, value: 0n });
  });

  const bucketArb = fc.record({
    owned: fc.bigInt({ min: 0n, max: 10n ** 9n }),
    owned_DOUBLE_LAND: fc.bigInt({ min: 0n, max: 10n ** 6n }),
    bonusLocked: fc.bigInt({ min: 0n, max: 10n ** 6n }),
    convertLocked: fc.bigInt({ min: 0n, max: 10n ** 6n }),
    pendingSell: fc.bigInt({ min: 0n, max: 10n ** 6n }),
    transferQueued: fc.bigInt({ min: 0n, max: 10n ** 6n }),
  });
  const rateArb = fc.bigInt({ min: 1n, max: 10n ** 7n }).map((micros) => {
    const s = micros.toString().padStart(7, '0');
    return `${s.slice(0, -6)}.${s.slice(-6)}`;
  });

  it('total is the sum of its parts, each part within half a cent of the exact value (property)', () => {
    fc.assert(
      fc.property(
        fc.record({ LAND_POUND: bucketArb, LAND_USD: bucketArb, LAND_EUR: bucketArb, LAND_AUD: bucketArb }),
        fc.record({ LAND_POUND: priceArb, LAND_USD: priceArb, LAND_EUR: priceArb, LAND_AUD: priceArb }),
        fc.record({ USD: rateArb, EUR: rateArb, AUD: rateArb }),
        fc.constantFrom<Currency>(...CURRENCIES),
        (held, prices, someRates, display) => {
          const rates: ExchangeRates = { GBP: '1', ...someRates };
          const summary = portfolioSummary(held, prices, rates, display);
          expect(summary.total).toBe(summary.available + summary.locked + summary.pending);
          // An independent reference: the exact value of every held Unit, in the display currency.
          let exact = new Q(0n);
          for (const type of UNIT_TYPES) {
            const units = Object.values(held[type]).reduce((a, b) => a + b, 0n);
            exact = exact.plus(
              Q.of(prices[type])
                .times(units)
                .times(100n)
                .times(Q.of(rates[display]))
                .div(Q.of(rates[currencyOf(type)])),
            );
          }
          // Three roundings of half a cent at most.
          expect(exact.minus(summary.total).abs().cmp(new Q(3n, 2n))).toBeLessThanOrEqual(0);
        },
      ),
      { numRuns: 300 },
    );
  });
});
