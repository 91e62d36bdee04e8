import { describe, expect, it } from 'vitest';
import { roundingText } from './order-breakdown';

describe('the Units a conversion loses to rounding', () => {
  it('are rounded down to 2 places: always less than a whole Unit, never 0 when something is lost', () => {
    expect(roundingText({ num: 0n, den: 1n }, 'LAND_USD')).toBe('No Units are lost to rounding.');
    expect(roundingText({ num: 999n, den: 1000n }, 'LAND_USD')).toBe('0.99 USD Units are lost to rounding.');
    expect(roundingText({ num: 12n, den: 100n }, 'LAND_EUR')).toBe('0.12 EUR Units are lost to rounding.');
    expect(roundingText({ num: 1n, den: 1000n }, 'LAND_USD')).toBe('Less than 0.01 USD Units are lost to rounding.');
  });
});
