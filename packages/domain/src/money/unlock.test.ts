import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Currency } from '../format/format';
import { DEFAULT_MONEY_SETTINGS, type MoneySettings } from './settings';
import { addBusinessDaysUtc, bonusUnlockAt, buyOrderExpiresAt, convertUnlockAt, doubleLandUnlockDates, doubleLandUnlockedUnits, doubleLandUnlockState, doubleLandUnlockTotals } from './unlock';

const at = (iso: string) => new Date(iso);

/** Same day-of-month and time `months` later, clamped to the month's last day (31 Aug + 6 → 28/29 Feb). */
function addMonthsClamped(date: Date, months: number): Date {
  const y = date.getUTCFullYear();
  const m = date.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m, Math.min(date.getUTCDate(), lastDay), date.getUTCHours(), date.getUTCMinutes(), date.getUTCSeconds(), date.getUTCMilliseconds()));
}

describe('LU2X unlock schedule', () => {
  it('unlocks 10 % on the 1st of each month from the 7th calendar month after the purchase month', () => {
    expect(doubleLandUnlockDates(at('2025-01-15T10:00:00Z')).map((d) => d.toISOString().slice(0, 10))).toEqual([
      '2025-08-01',
      '2025-09-01',
      '2025-10-01',
      '2025-11-01',
      '2025-12-01',
      '2026-01-01',
      '2026-02-01',
      '2026-03-01',
      '2026-04-01',
      '2026-05-01',
    ]);
  });

  it('worked example: 1,005 units bought on 15 January 2025', () => {
    const purchase = { units: 1_005, purchasedAt: at('2025-01-15T10:00:00Z') };
    expect(doubleLandUnlockState(purchase, at('2025-07-15T10:00:00Z'))).toEqual({
      unlockedUnits: 0n,
      lockedUnits: 1_005n,
      tranchesUnlocked: 0,
      nextUnlockAt: at('2025-08-01T00:00:00Z'),
    });
    expect(doubleLandUnlockedUnits(purchase, at('2025-07-31T23:59:59.999Z'))).toBe(0n);
    expect(doubleLandUnlockedUnits(purchase, at('2025-08-01T00:00:00Z'))).toBe(100n); // floor(100.5)
    expect(doubleLandUnlockedUnits(purchase, at('2025-09-01T00:00:00Z'))).toBe(201n);
    expect(doubleLandUnlockedUnits(purchase, at('2026-04-30T00:00:00Z'))).toBe(904n); // floor(904.5)
    expect(doubleLandUnlockState(purchase, at('2026-05-01T00:00:00Z'))).toEqual({
      unlockedUnits: 1_005n,
      lockedUnits: 0n,
      tranchesUnlocked: 10,
      nextUnlockAt: null,
    });
  });

  it('crosses year ends and short months', () => {
    expect(doubleLandUnlockDates(at('2025-08-31T23:59:59Z'))[0]!.toISOString()).toBe('2026-03-01T00:00:00.000Z');
    expect(doubleLandUnlockDates(at('2025-12-01T00:00:00Z'))[9]!.toISOString()).toBe('2027-04-01T00:00:00.000Z');
  });

  it('is monotonic, frees nothing within 6 months, everything by 16 months, and changes only on unlock dates', () => {
    fc.assert(
      fc.property(
        fc.date({ min: at('2020-01-01T00:00:00Z'), max: at('2100-01-01T00:00:00Z'), noInvalidDate: true }),
        fc.bigInt({ min: 0n, max: 10n ** 12n }),
        fc.integer({ min: 0, max: 600 * 86_400_000 }),
        fc.integer({ min: 0, max: 600 * 86_400_000 }),
        (purchasedAt, units, offset1, offset2) => {
          const purchase = { units, purchasedAt };
          const t1 = new Date(purchasedAt.getTime() + Math.min(offset1, offset2));
          const t2 = new Date(purchasedAt.getTime() + Math.max(offset1, offset2));
          const s1 = doubleLandUnlockState(purchase, t1);
          const s2 = doubleLandUnlockState(purchase, t2);
          expect(s1.unlockedUnits <= s2.unlockedUnits).toBe(true);
          expect(s1.unlockedUnits + s1.lockedUnits).toBe(units);
          expect(doubleLandUnlockedUnits(purchase, purchasedAt)).toBe(0n);
          expect(doubleLandUnlockedUnits(purchase, addMonthsClamped(purchasedAt, 6))).toBe(0n);
          expect(doubleLandUnlockedUnits(purchase, addMonthsClamped(purchasedAt, 16))).toBe(units);
          if (s1.nextUnlockAt) {
            expect(s1.nextUnlockAt.getTime()).toBeGreaterThan(t1.getTime());
            const before = doubleLandUnlockState(purchase, new Date(s1.nextUnlockAt.getTime() - 1));
            expect(before.tranchesUnlocked).toBe(s1.tranchesUnlocked);
            expect(doubleLandUnlockState(purchase, s1.nextUnlockAt).tranchesUnlocked).toBe(s1.tranchesUnlocked + 1);
          } else {
            expect(s1.unlockedUnits).toBe(units);
          }
        },
      ),
    );
  });

  it('adds up several purchases and reports the earliest next unlock', () => {
    const totals = doubleLandUnlockTotals(
      [
        { units: 100, purchasedAt: at('2025-01-10T00:00:00Z') },
        { units: 50, purchasedAt: at('2025-03-10T00:00:00Z') },
      ],
      at('2025-09-15T00:00:00Z'),
    );
    // first: Aug, Sep unlocked → 20; second: first tranche 1 Oct → 0
    expect(totals).toEqual({ unlockedUnits: 20n, lockedUnits: 130n, nextUnlockAt: at('2025-10-01T00:00:00Z') });
    expect(doubleLandUnlockTotals([], at('2025-09-15T00:00:00Z'))).toEqual({ unlockedUnits: 0n, lockedUnits: 0n, nextUnlockAt: null });
  });

  it('refuses invalid input', () => {
    expect(() => doubleLandUnlockDates(new Date('nope'))).toThrow(RangeError);
    expect(() => doubleLandUnlockedUnits({ units: 1.5, purchasedAt: at('2025-01-01T00:00:00Z') }, at('2026-01-01T00:00:00Z'))).toThrow(RangeError);
  });
});

describe('convert lock, bonus lock and buy expiry', () => {
  it('converted units unlock 30 days (30 × 24 h) after the conversion', () => {
    expect(convertUnlockAt(at('2025-03-10T14:30:00Z'), DEFAULT_MONEY_SETTINGS).toISOString()).toBe('2025-04-09T14:30:00.000Z');
  });
  it('bonus units unlock bonusLockDays (180) after their buy is approved', () => {
    expect(bonusUnlockAt(at('2025-01-01T09:00:00Z'), DEFAULT_MONEY_SETTINGS).toISOString()).toBe('2025-06-30T09:00:00.000Z');
    expect(bonusUnlockAt(at('2025-01-01T09:00:00Z'), { bonusLockDays: 0 }).toISOString()).toBe('2025-01-01T09:00:00.000Z');
  });
  it('an unpaid card or crypto buy expires buyOrderExpiryHours (24) after creation, weekends included', () => {
    for (const method of ['Card_Stripe', 'Card_Square', 'Crypto'] as const) {
      expect(buyOrderExpiresAt(at('2025-03-10T14:30:00Z'), { method, currency: 'GBP' }, DEFAULT_MONEY_SETTINGS).toISOString()).toBe('2025-03-11T14:30:00.000Z');
      // Friday → Saturday, in every currency: card and crypto do not wait for banks.
      expect(buyOrderExpiresAt(at('2025-03-14T14:30:00Z'), { method, currency: 'USD' }, DEFAULT_MONEY_SETTINGS).toISOString()).toBe('2025-03-15T14:30:00.000Z');
      expect(buyOrderExpiresAt(at('2025-03-14T14:30:00Z'), { method, currency: 'AUD' }, { ...DEFAULT_MONEY_SETTINGS, buyOrderExpiryHours: 2 }).toISOString()).toBe('2025-03-14T16:30:00.000Z');
    }
  });
});

// 2025-03-10 is a Monday; 2025-03-14 a Friday, 15 a Saturday, 16 a Sunday.
describe('business days (Monday to Friday, UTC)', () => {
  const plus = (iso: string, days: number) => addBusinessDaysUtc(at(iso), days).toISOString();

  it('adds whole days between weekdays', () => {
    expect(plus('2025-03-10T09:00:00Z', 1)).toBe('2025-03-11T09:00:00.000Z');
    expect(plus('2025-03-11T23:59:59Z', 2)).toBe('2025-03-13T23:59:59.000Z');
    expect(plus('2025-03-10T00:00:00Z', 4)).toBe('2025-03-14T00:00:00.000Z');
    expect(plus('2025-03-12T08:15:00Z', 0)).toBe('2025-03-12T08:15:00.000Z');
  });

  it('goes from Friday over the weekend to Monday', () => {
    expect(plus('2025-03-14T15:00:00Z', 1)).toBe('2025-03-17T15:00:00.000Z');
    expect(plus('2025-03-14T00:00:00Z', 1)).toBe('2025-03-17T00:00:00.000Z');
    expect(plus('2025-03-14T23:59:00Z', 1)).toBe('2025-03-17T23:59:00.000Z');
  });

  it('counts a weekend start from Monday 00:00 UTC', () => {
    expect(plus('2025-03-15T10:00:00Z', 1)).toBe('2025-03-18T00:00:00.000Z');
    expect(plus('2025-03-16T23:59:59Z', 1)).toBe('2025-03-18T00:00:00.000Z');
    expect(plus('2025-03-15T00:00:00Z', 2)).toBe('2025-03-19T00:00:00.000Z');
    expect(plus('2025-03-16T12:00:00Z', 0)).toBe('2025-03-17T00:00:00.000Z');
  });

  it('crosses one or more weekends for several days', () => {
    expect(plus('2025-03-13T09:00:00Z', 2)).toBe('2025-03-17T09:00:00.000Z'); // Thu → Mon
    expect(plus('2025-03-13T09:00:00Z', 4)).toBe('2025-03-19T09:00:00.000Z'); // Thu → Wed
    expect(plus('2025-03-12T09:00:00Z', 5)).toBe('2025-03-19T09:00:00.000Z'); // Wed → Wed
    expect(plus('2025-03-10T09:00:00Z', 10)).toBe('2025-03-24T09:00:00.000Z'); // two weeks
    expect(plus('2025-03-14T18:00:00Z', 20)).toBe('2025-04-11T18:00:00.000Z'); // four weeks, Fri → Fri
  });

  it('crosses months, years and leap days on UTC days', () => {
    expect(plus('2024-12-31T12:00:00Z', 1)).toBe('2025-01-01T12:00:00.000Z'); // no holidays
    expect(plus('2024-02-28T12:00:00Z', 2)).toBe('2024-03-01T12:00:00.000Z');
    expect(plus('2025-10-24T12:00:00Z', 1)).toBe('2025-10-27T12:00:00.000Z'); // Europe's clocks change on the Sunday; UTC does not
  });

  it('never ends on a weekend and always adds at least the days asked', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2035, 0, 1) }), fc.integer({ min: 0, max: 20 }), (time, days) => {
        const end = addBusinessDaysUtc(new Date(time), days);
        const weekday = end.getUTCDay();
        expect(weekday === 0 || weekday === 6).toBe(false);
        expect(end.getTime() - time).toBeGreaterThanOrEqual(days * 86_400_000);
        // At most the days asked plus one weekend per five of them, and the rest of a weekend start.
        expect(end.getTime() - time).toBeLessThanOrEqual((days + 2 * Math.ceil(days / 5) + 2) * 86_400_000);
      }),
    );
  });

  it('refuses a negative or fractional count and an invalid date', () => {
    expect(() => addBusinessDaysUtc(at('2025-03-10T09:00:00Z'), -1)).toThrow(RangeError);
    expect(() => addBusinessDaysUtc(at('2025-03-10T09:00:00Z'), 1.5)).toThrow(RangeError);
    expect(() => addBusinessDaysUtc(new Date('nope'), 1)).toThrow(RangeError);
  });
});

describe('the payment deadline of a bank buy', () => {
  const bank = (iso: string, currency: Currency, settings: MoneySettings = DEFAULT_MONEY_SETTINGS) => buyOrderExpiresAt(at(iso), { method: 'Bank', currency }, settings).toISOString();

  it('gives each currency its default business days: GBP 1, EUR 2, USD 4, AUD 4', () => {
    // Monday 14:30.
    expect(bank('2025-03-10T14:30:00Z', 'GBP')).toBe('2025-03-11T14:30:00.000Z');
    expect(bank('2025-03-10T14:30:00Z', 'EUR')).toBe('2025-03-12T14:30:00.000Z');
    expect(bank('2025-03-10T14:30:00Z', 'USD')).toBe('2025-03-14T14:30:00.000Z');
    expect(bank('2025-03-10T14:30:00Z', 'AUD')).toBe('2025-03-14T14:30:00.000Z');
  });

  it('counts over the weekend from a Friday and from Monday 00:00 for a weekend buy', () => {
    expect(bank('2025-03-14T15:00:00Z', 'GBP')).toBe('2025-03-17T15:00:00.000Z');
    expect(bank('2025-03-14T15:00:00Z', 'EUR')).toBe('2025-03-18T15:00:00.000Z');
    expect(bank('2025-03-14T15:00:00Z', 'USD')).toBe('2025-03-20T15:00:00.000Z');
    expect(bank('2025-03-15T10:00:00Z', 'GBP')).toBe('2025-03-18T00:00:00.000Z');
    expect(bank('2025-03-16T10:00:00Z', 'AUD')).toBe('2025-03-21T00:00:00.000Z');
  });

  it('follows the settings, not the hours setting', () => {
    const settings = { ...DEFAULT_MONEY_SETTINGS, buyOrderExpiryHours: 1, bankPaymentBusinessDays: { GBP: 3, USD: 20, EUR: 1, AUD: 5 } };
    expect(bank('2025-03-10T14:30:00Z', 'GBP', settings)).toBe('2025-03-13T14:30:00.000Z');
    expect(bank('2025-03-10T14:30:00Z', 'USD', settings)).toBe('2025-04-07T14:30:00.000Z');
    expect(bank('2025-03-10T14:30:00Z', 'EUR', settings)).toBe('2025-03-11T14:30:00.000Z');
    expect(bank('2025-03-10T14:30:00Z', 'AUD', settings)).toBe('2025-03-17T14:30:00.000Z');
  });

  it('refuses a day count outside 1–20', () => {
    for (const days of [0, 21, 1.5, Number.NaN]) {
      expect(() => bank('2025-03-10T14:30:00Z', 'GBP', { ...DEFAULT_MONEY_SETTINGS, bankPaymentBusinessDays: { ...DEFAULT_MONEY_SETTINGS.bankPaymentBusinessDays, GBP: days } })).toThrow(RangeError);
    }
  });
});
