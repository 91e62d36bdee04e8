import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MONEY_SETTINGS } from './settings';
import { bonusUnlockAt, buyOrderExpiresAt, convertUnlockAt, doubleLandUnlockDates, doubleLandUnlockedUnits, doubleLandUnlockState, doubleLandUnlockTotals } from './unlock';

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
  it('an unpaid buy expires 24 hours after creation', () => {
    expect(buyOrderExpiresAt(at('2025-03-10T14:30:00Z'), DEFAULT_MONEY_SETTINGS).toISOString()).toBe('2025-03-11T14:30:00.000Z');
  });
});
