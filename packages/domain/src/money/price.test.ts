import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { microsToPrice, priceToMicros } from './decimal';
import { daysSinceEpoch, nextPriceChangeAt, priceAfterDays, priceOn, pricesOn, startOfUtcDay } from './price';
import { DEFAULT_MONEY_SETTINGS } from './settings';

const at = (iso: string) => new Date(iso);
const settings = DEFAULT_MONEY_SETTINGS;
const FIFTY_YEARS_DAYS = 18_262; // 2025-01-01 → 2075-01-01

/** Exact reference for whole years: P0 × (1 + g)^k with bigints, half-up to 6 places. */
function exactAnniversary(p0Micros: bigint, growth: string, years: number): bigint {
  const [whole = '0', fraction = ''] = growth.split('.');
  const den = 10n ** BigInt(fraction.length);
  const factorNum = den + BigInt(whole + fraction);
  const num = p0Micros * factorNum ** BigInt(years);
  const total = den ** BigInt(years);
  return (2n * num + total) / (2n * total);
}

describe('priceOn', () => {
  it('is P0 on the epoch day and before it', () => {
    expect(priceOn('LAND_POUND', at('2025-01-01T00:00:00Z'), settings)).toBe('1.000000');
    expect(priceOn('LAND_POUND', at('2025-01-01T23:59:59.999Z'), settings)).toBe('1.000000');
    expect(priceOn('LAND_USD', at('2024-06-30T12:00:00Z'), settings)).toBe('1.000000');
    expect(priceOn('LAND_EUR', at('1990-01-01T00:00:00Z'), settings)).toBe('1.000000');
  });

  it('changes at 00:00 UTC', () => {
    expect(priceOn('LAND_POUND', at('2025-01-01T23:59:59.999Z'), settings)).toBe('1.000000');
    expect(priceOn('LAND_POUND', at('2025-01-02T00:00:00Z'), settings)).toBe('1.000198');
    // 00:30 in Sydney on 2 January is still 1 January in UTC.
    expect(priceOn('LAND_AUD', at('2025-01-02T00:30:00+11:00'), settings)).toBe('1.000000');
  });

  it('matches values computed by hand with bc -l at 60 digits (P0 = 1, 7.5 %/year)', () => {
    // e(l(1.075) * d / 365), then rounded half-up to 6 places.
    const expected: [number, string][] = [
      [1, '1.000198'], // 1.000198158429…
      [100, '1.020011'], // 1.020011477704…
      [365, '1.075000'], // exactly 1.075
      [688, '1.146048'], // 1.146047990115…
      [689, '1.146275'], // 1.146275089185…
      [730, '1.155625'], // exactly 1.155625
      [1000, '1.219132'], // 1.219131596140…
      [3650, '2.061032'], // exactly 2.061031562164711856842041015625: a half-up tie case below the 6th place
      [18_262, '37.278276'], // 37.278276016946…
    ];
    for (const [days, price] of expected) expect(priceAfterDays('1.000000', '0.075', days)).toBe(price);
  });

  it('counts calendar days, leap days included, and divides by 365', () => {
    expect(daysSinceEpoch(at('2026-01-01T00:00:00Z'), '2025-01-01')).toBe(365);
    expect(daysSinceEpoch(at('2029-01-01T00:00:00Z'), '2025-01-01')).toBe(1461);
    expect(daysSinceEpoch(at('2024-12-31T23:59:59Z'), '2025-01-01')).toBe(-1);
    expect(priceOn('LAND_POUND', at('2026-01-01T08:00:00Z'), settings)).toBe('1.075000');
    expect(priceOn('LAND_POUND', at('2027-01-01T08:00:00Z'), settings)).toBe('1.155625');
  });

  it('uses each unit type’s own P0 and the settings’ growth and epoch', () => {
    const custom = { ...settings, initialPrices: { ...settings.initialPrices, LAND_AUD: '2.500000' }, growthPerYear: '0.1', priceEpoch: '2030-06-01' };
    expect(priceOn('LAND_AUD', at('2031-06-01T00:00:00Z'), custom)).toBe('2.750000');
    expect(priceOn('LAND_POUND', at('2031-06-01T00:00:00Z'), custom)).toBe('1.100000');
    expect(priceOn('LAND_AUD', at('2030-05-31T00:00:00Z'), custom)).toBe('2.500000');
    expect(pricesOn(at('2026-01-01T00:00:00Z'), settings)).toEqual({
      LAND_POUND: '1.075000',
      LAND_USD: '1.075000',
      LAND_EUR: '1.075000',
      LAND_AUD: '1.075000',
    });
  });

  it('equals the exact bigint value on every anniversary for 50 years', () => {
    for (const p0 of ['1.000000', '0.000001', '3.141593', '123.456789']) {
      for (let years = 0; years <= 50; years++) {
        const expected = microsToPrice(exactAnniversary(priceToMicros(p0), '0.075', years));
        expect(priceAfterDays(p0, '0.075', 365 * years)).toBe(expected);
      }
    }
  });

  it('equals the exact value on anniversaries for any growth and P0', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 9n }),
        fc.integer({ min: 0, max: 1000 }).map((permille) => `0.${String(permille).padStart(3, '0')}`),
        fc.integer({ min: 0, max: 50 }),
        (p0, growth, years) => {
          expect(priceAfterDays(microsToPrice(p0), growth, 365 * years)).toBe(microsToPrice(exactAnniversary(p0, growth, years)));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('never falls from one day to the next, for any P0 ≥ 0.000001 over 50 years', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 9n }), fc.integer({ min: -30, max: FIFTY_YEARS_DAYS }), (p0, day) => {
        const price = microsToPrice(p0);
        expect(priceToMicros(priceAfterDays(price, '0.075', day + 1))).toBeGreaterThanOrEqual(priceToMicros(priceAfterDays(price, '0.075', day)));
      }),
      { numRuns: 300 },
    );
  });

  it('rises strictly every day once the daily rise reaches 0.000001, i.e. P0 ≥ 0.005047 at 7.5 %', () => {
    // The exact daily rise is P × (1.075^(1/365) − 1) ≥ P0 × 0.000198158…; at least one micro-unit
    // once P0 ≥ 0.0050465. Below that, rounding to 6 places makes some days equal:
    expect(priceAfterDays('0.000001', '0.075', 1)).toBe('0.000001');
    fc.assert(
      fc.property(fc.bigInt({ min: 5047n, max: 10n ** 9n }), fc.integer({ min: 0, max: FIFTY_YEARS_DAYS }), (p0, day) => {
        const price = microsToPrice(p0);
        expect(priceToMicros(priceAfterDays(price, '0.075', day + 1))).toBeGreaterThan(priceToMicros(priceAfterDays(price, '0.075', day)));
      }),
      { numRuns: 300 },
    );
  });

  it('rises strictly on every one of 50 years of days at the threshold P0 = 0.005047', () => {
    let previous = priceToMicros(priceAfterDays('0.005047', '0.075', 0));
    let falls = 0;
    for (let day = 1; day <= FIFTY_YEARS_DAYS; day++) {
      const current = priceToMicros(priceAfterDays('0.005047', '0.075', day));
      if (current <= previous) falls++;
      previous = current;
    }
    expect(falls).toBe(0);
  }, 30_000);

  it('refuses invalid input', () => {
    expect(() => priceOn('LAND_POUND', new Date('nope'), settings)).toThrow(RangeError);
    expect(() => priceAfterDays('1.000000', '-0.1', 10)).toThrow(RangeError);
    expect(() => priceAfterDays('1.000000', '0.075', 1.5)).toThrow(RangeError);
    expect(() => priceOn('LAND_POUND', at('2026-01-01T00:00:00Z'), { ...settings, priceEpoch: '2025-13-01' })).toThrow(RangeError);
  });
});

describe('nextPriceChangeAt', () => {
  it('is the next 00:00 UTC', () => {
    expect(nextPriceChangeAt(at('2025-03-10T13:45:00Z')).toISOString()).toBe('2025-03-11T00:00:00.000Z');
    expect(nextPriceChangeAt(at('2025-03-10T23:59:59.999Z')).toISOString()).toBe('2025-03-11T00:00:00.000Z');
    expect(nextPriceChangeAt(at('2024-12-31T18:00:00Z')).toISOString()).toBe('2025-01-01T00:00:00.000Z');
  });
  it('at exactly midnight, is the following midnight (the new price has started)', () => {
    expect(nextPriceChangeAt(at('2025-03-11T00:00:00Z')).toISOString()).toBe('2025-03-12T00:00:00.000Z');
  });
  it('works before 1970 too', () => {
    expect(startOfUtcDay(at('1969-12-31T12:00:00Z')).toISOString()).toBe('1969-12-31T00:00:00.000Z');
    expect(nextPriceChangeAt(at('1969-12-31T12:00:00Z')).toISOString()).toBe('1970-01-01T00:00:00.000Z');
  });
  it('is always later, within a day, at midnight, and the price holds until then', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true }), (date) => {
        const next = nextPriceChangeAt(date);
        const gap = next.getTime() - date.getTime();
        expect(gap > 0 && gap <= 86_400_000).toBe(true);
        expect(next.getUTCHours() + next.getUTCMinutes() + next.getUTCSeconds() + next.getUTCMilliseconds()).toBe(0);
        expect(daysSinceEpoch(new Date(next.getTime() - 1), '2025-01-01')).toBe(daysSinceEpoch(date, '2025-01-01'));
      }),
    );
  });
});
