import { describe, expect, it } from 'vitest';
import { CURRENCIES, currencyOf, DEFAULT_CONVERT_FROM, DEFAULT_CONVERT_TO, DEFAULT_UNIT_TYPE, UNIT_TYPE_INFO, UNIT_TYPES, unitTypeOf, UnitTypeSchema } from './unit-types';

describe('unit types', () => {
  it('pairs each unit type with its currency and symbol (SPEC §3)', () => {
    expect(UNIT_TYPE_INFO).toEqual({
      LAND_POUND: { currency: 'GBP', symbol: '£' },
      LAND_USD: { currency: 'USD', symbol: '$' },
      LAND_EUR: { currency: 'EUR', symbol: '€' },
      LAND_AUD: { currency: 'AUD', symbol: 'A$' },
    });
  });
  it('maps unit types and currencies one to one', () => {
    for (const type of UNIT_TYPES) expect(unitTypeOf(currencyOf(type))).toBe(type);
    expect(new Set(UNIT_TYPES.map(currencyOf))).toEqual(new Set(CURRENCIES));
  });
  it('defaults to GBP Units, and converts GBP to USD by default (SPEC §4)', () => {
    expect(DEFAULT_UNIT_TYPE).toBe('LAND_POUND');
    expect([DEFAULT_CONVERT_FROM, DEFAULT_CONVERT_TO]).toEqual(['LAND_POUND', 'LAND_USD']);
  });
  it('validates names', () => {
    expect(UnitTypeSchema.parse('LAND_AUD')).toBe('LAND_AUD');
    expect(UnitTypeSchema.safeParse('LAND_GBP').success).toBe(false);
  });
});
