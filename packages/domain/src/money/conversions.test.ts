import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MoneyRuleError } from './messages';
import { DEFAULT_MONEY_SETTINGS } from './settings';
import { convertUnits, exchangeRate, exchangeRateExact, sellPayout } from './totals';

import { priceArb, Q } from './money-arbitraries.test-utils';

// Sells, exchange rates and conversions (buys: totals.test.ts).

describe('sellPayout', () => {
  it('pays (units − fee) × price, half-up to the cent', () => {
    // 100 × 1.146213 = 114.6213 → 11462 cents
    expect(sellPayout({ units: 110, price: '1.146213', sellFeeUnits: 10 })).toBe(11_462n);
    expect(sellPayout({ units: 11, price: '1.146213', sellFeeUnits: 10 })).toBe(115n);
    expect(sellPayout({ units: 1, price: '0.005000', sellFeeUnits: 0 })).toBe(1n);
  });
  it('refuses a sale that does not cover the fee', () => {
    expect(() => sellPayout({ units: 10, price: '1.146213', sellFeeUnits: 10 })).toThrow(MoneyRuleError);
    expect(() => sellPayout({ units: 3, price: '1.146213', sellFeeUnits: 10 })).toThrow('You must sell more than 10 units to cover the sale fee');
  });
  it('is the exact value of the units after the fee, half-up to the cent, and more units never pay less', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 11n, max: 10n ** 12n }), priceArb, (units, price) => {
        const payout = sellPayout({ units, price, sellFeeUnits: 10 });
        const exact = Q.of(price)
          .times(units - 10n)
          .times(100n);
        expect(payout).toBe(exact.roundHalfUp());
        expect(exact.minus(payout).abs().cmp(new Q(1n, 2n))).toBeLessThanOrEqual(0);
        expect(sellPayout({ units: units + 1n, price, sellFeeUnits: 10 }) >= payout).toBe(true);
      }),
    );
  });
});

const rates = DEFAULT_MONEY_SETTINGS.exchangeRates;

describe('exchange rates', () => {
  it('goes through GBP, exactly', () => {
    expect(exchangeRateExact('USD', 'EUR', rates)).toEqual({ num: 11900n, den: 12400n });
    expect(exchangeRate('USD', 'EUR', rates)).toBe('0.959677');
    expect(exchangeRate('GBP', 'AUD', rates)).toBe('1.990000');
    expect(exchangeRate('AUD', 'GBP', rates)).toBe('0.502513');
    expect(exchangeRate('EUR', 'EUR', rates)).toBe('1.000000');
    expect(exchangeRate('USD', 'EUR', rates, 12)).toBe('0.959677419355');
  });
});

describe('convertUnits', () => {
  it('worked examples', () => {
    // same price, GBP → USD: floor(100 × 1.24) = 124
    expect(convertUnits({ units: 100, priceFrom: '1.075000', priceTo: '1.075000', rateFrom: '1', rateTo: '1.24', convertFeeUnits: 0 })).toMatchObject({
      grossUnits: 124n,
      feeUnits: 0n,
      unitsOut: 124n,
    });
    // with a 2-unit fee
    expect(convertUnits({ units: 100, priceFrom: '1.075000', priceTo: '1.075000', rateFrom: '1', rateTo: '1.24', convertFeeUnits: 2 }).unitsOut).toBe(122n);
    // USD → EUR: 100 × 1.19 / 1.24 = 95.967… → 95
    expect(convertUnits({ units: 100, priceFrom: '1.000000', priceTo: '1.000000', rateFrom: '1.24', rateTo: '1.19', convertFeeUnits: 0 }).unitsOut).toBe(95n);
    // GBP at 1.146213 → AUD at 1.020011: 1000 × 1.146213 × 1.99 / 1.020011 = 2236.21… → 2236
    expect(convertUnits({ units: 1000, priceFrom: '1.146213', priceTo: '1.020011', rateFrom: '1', rateTo: '1.99', convertFeeUnits: 0 }).unitsOut).toBe(2236n);
  });
  it('gives the exact part of a Unit the floor drops', () => {
    // 100 × 1.24 = 124 exactly: nothing lost.
    expect(convertUnits({ units: 100, priceFrom: '1.075000', priceTo: '1.075000', rateFrom: '1', rateTo: '1.24', convertFeeUnits: 0 }).lostToRounding.num).toBe(0n);
    // 20 × 1.07 × 1.24 / 1.10 = 24.1236…: 0.1236… of a Unit (= 1.36 / 11) is lost.
    const lost = convertUnits({ units: 20, priceFrom: '1.070000', priceTo: '1.100000', rateFrom: '1', rateTo: '1.24', convertFeeUnits: 0 }).lostToRounding;
    expect(lost.num * 1100n).toBe(136n * lost.den);
    // USD → EUR: 100 × 1.19 / 1.24 = 95 + 1.2 / 1.24.
    const usdEur = convertUnits({ units: 100, priceFrom: '1.000000', priceTo: '1.000000', rateFrom: '1.24', rateTo: '1.19', convertFeeUnits: 0 }).lostToRounding;
    expect(usdEur.num * 124n).toBe(120n * usdEur.den);
  });

  it('refuses a conversion that would give no units', () => {
    // 1 AUD unit → GBP: 1 / 1.99 = 0.50… → 0
    expect(() => convertUnits({ units: 1, priceFrom: '1.000000', priceTo: '1.000000', rateFrom: '1.99', rateTo: '1', convertFeeUnits: 0 })).toThrow(MoneyRuleError);
    expect(() => convertUnits({ units: 5, priceFrom: '1.000000', priceTo: '1.000000', rateFrom: '1', rateTo: '1', convertFeeUnits: 5 })).toThrow(
      'This conversion would give you no units. Please convert more units.',
    );
  });

  const rateArb = fc.integer({ min: 1, max: 100_000_000 }).map((millionths) => {
    const s = String(millionths).padStart(7, '0');
    return `${s.slice(0, -6)}.${s.slice(-6)}`;
  });

  it('never creates value: units out × price B ≤ units in × price A × rate(A→B), and the floor is tight', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 12n }), priceArb, priceArb, rateArb, rateArb, fc.integer({ min: 0, max: 20 }), (units, priceFrom, priceTo, rateFrom, rateTo, fee) => {
        const valueIn = Q.of(priceFrom).times(units).times(Q.of(rateTo)).div(Q.of(rateFrom)); // in currency B
        const capacity = valueIn.div(Q.of(priceTo)); // exact units of B
        let result;
        try {
          result = convertUnits({ units, priceFrom, priceTo, rateFrom, rateTo, convertFeeUnits: fee });
        } catch (error) {
          expect(error).toBeInstanceOf(MoneyRuleError);
          expect(capacity.cmp(BigInt(fee) + 1n)).toBeLessThan(0);
          return;
        }
        expect(result.unitsOut >= 1n).toBe(true);
        expect(result.unitsOut).toBe(result.grossUnits - BigInt(fee));
        expect(result.lostToRounding.num >= 0n && result.lostToRounding.num < result.lostToRounding.den).toBe(true);
        expect(Q.of(priceTo).times(result.unitsOut).cmp(valueIn)).toBeLessThanOrEqual(0);
        expect(capacity.cmp(result.grossUnits)).toBeGreaterThanOrEqual(0);
        expect(capacity.cmp(result.grossUnits + 1n)).toBeLessThan(0);
      }),
    );
  });

  it('a round trip A → B → A never gives back more units', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 9n }), priceArb, priceArb, rateArb, rateArb, (units, pA, pB, rA, rB) => {
        try {
          const there = convertUnits({ units, priceFrom: pA, priceTo: pB, rateFrom: rA, rateTo: rB, convertFeeUnits: 0 });
          const back = convertUnits({ units: there.unitsOut, priceFrom: pB, priceTo: pA, rateFrom: rB, rateTo: rA, convertFeeUnits: 0 });
          expect(back.unitsOut <= units).toBe(true);
        } catch (error) {
          expect(error).toBeInstanceOf(MoneyRuleError);
        }
      }),
    );
  });
});
