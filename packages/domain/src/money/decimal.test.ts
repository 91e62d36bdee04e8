import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { divFloor, divRoundHalfUp, microsToPrice, normalizePrice, parseDecimal, priceToMicros, PriceSchema, rationalToDecimal, toSafeNumber, toWhole } from './decimal';

describe('prices as strings and micro-units', () => {
  it('converts both ways', () => {
    expect(priceToMicros('1.146213')).toBe(1_146_213n);
    expect(priceToMicros('0.000001')).toBe(1n);
    expect(priceToMicros('2')).toBe(2_000_000n);
    expect(priceToMicros('1.5')).toBe(1_500_000n);
    expect(microsToPrice(1_146_213n)).toBe('1.146213');
    expect(microsToPrice(1n)).toBe('0.000001');
    expect(microsToPrice(37_278_276n)).toBe('37.278276');
    expect(normalizePrice('1.5')).toBe('1.500000');
  });
  it('refuses what would lose digits or is not a price', () => {
    for (const bad of ['1.1234567', '-1.000000', '1e3', '', ' 1.0', '1.', '.5', 'NaN', '1,000000']) {
      expect(() => priceToMicros(bad)).toThrow(RangeError);
    }
    expect(() => priceToMicros(1.5 as unknown as string)).toThrow(RangeError);
    expect(() => microsToPrice(-1n)).toThrow(RangeError);
  });
  it('round-trips every micro amount', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 18n - 1n }), (micros) => {
        const price = microsToPrice(micros);
        expect(PriceSchema.safeParse(price).success).toBe(true);
        expect(priceToMicros(price)).toBe(micros);
      }),
    );
  });
  it('schema wants exactly 6 places', () => {
    expect(PriceSchema.safeParse('1.000000').success).toBe(true);
    expect(PriceSchema.safeParse('1.00000').success).toBe(false);
    expect(PriceSchema.safeParse('1').success).toBe(false);
  });
});

describe('exact decimals and divisions', () => {
  it('parses plain decimals into fractions', () => {
    expect(parseDecimal('1.99')).toEqual({ num: 199n, den: 100n });
    expect(parseDecimal('0.075')).toEqual({ num: 75n, den: 1000n });
    expect(parseDecimal(12)).toEqual({ num: 12n, den: 1n });
    expect(() => parseDecimal(0.1)).toThrow(RangeError);
    expect(() => parseDecimal('-1')).toThrow(RangeError);
    expect(() => parseDecimal('1e2')).toThrow(RangeError);
  });
  it('accepts only whole, non-negative, safe quantities', () => {
    expect(toWhole(5)).toBe(5n);
    expect(toWhole(5n)).toBe(5n);
    expect(() => toWhole(1.5)).toThrow(RangeError);
    expect(() => toWhole(-1)).toThrow(RangeError);
    expect(() => toWhole(2 ** 53)).toThrow(RangeError);
    expect(() => toWhole(Number.NaN)).toThrow(RangeError);
    expect(toSafeNumber(9_007_199_254_740_991n)).toBe(Number.MAX_SAFE_INTEGER);
    expect(() => toSafeNumber(9_007_199_254_740_992n)).toThrow(RangeError);
  });
  it('rounds half-up and floors', () => {
    expect(divRoundHalfUp(5n, 10n)).toBe(1n);
    expect(divRoundHalfUp(4n, 10n)).toBe(0n);
    expect(divRoundHalfUp(15n, 10n)).toBe(2n);
    expect(divRoundHalfUp(25n, 10n)).toBe(3n);
    expect(divFloor(19n, 10n)).toBe(1n);
    expect(() => divRoundHalfUp(1n, 0n)).toThrow(RangeError);
  });
  it('half-up division is the nearest integer, ties up', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 30n }), fc.bigInt({ min: 1n, max: 10n ** 12n }), (num, den) => {
        const q = divRoundHalfUp(num, den);
        // |num/den − q| ≤ 1/2, and a tie goes up: 2·num − 2·q·den ∈ [−den, den)
        const twice = 2n * num - 2n * q * den;
        expect(twice >= -den && twice < den).toBe(true);
      }),
    );
  });
  it('writes fractions as rounded decimals', () => {
    expect(rationalToDecimal({ num: 119n, den: 124n }, 6)).toBe('0.959677');
    expect(rationalToDecimal({ num: 199n, den: 100n }, 6)).toBe('1.990000');
    expect(rationalToDecimal({ num: 1n, den: 2n }, 0)).toBe('1');
  });
});
