import { describe, expect, it } from 'vitest';
import { priceOn } from './price';
import { earlierTermsAfterChange, priceTermsEffectiveDay, priceTermsOn, samePriceTerms, type EarlierPriceTerms } from './price-terms';
import { DEFAULT_MONEY_SETTINGS, type MoneySettings } from './settings';

const D = DEFAULT_MONEY_SETTINGS;
const raised: MoneySettings = { ...D, growthPerYear: '0.1', initialPrices: { ...D.initialPrices, LAND_USD: '2.000000' } };
const at = (iso: string) => new Date(iso);

describe('price terms by day (decision 0019)', () => {
  it('keeps today’s terms until the next 00:00 UTC after a change', () => {
    const now = at('2026-11-21T23:59:00Z');
    const earlier = earlierTermsAfterChange(D, null, raised, now);
    expect(earlier).toEqual({ growthPerYear: '0.075', priceEpoch: '2025-01-01', initialPrices: D.initialPrices, until: '2026-11-22' });
    expect(priceTermsEffectiveDay(now)).toBe('2026-11-22');
    const today = priceTermsOn(raised, earlier, at('2026-11-21T23:59:59.999Z'));
    expect(priceOn('LAND_USD', now, today)).toBe(priceOn('LAND_USD', now, D));
    const tomorrow = at('2026-11-22T00:00:00Z');
    expect(priceTermsOn(raised, earlier, tomorrow)).toBe(raised);
    expect(priceOn('LAND_USD', tomorrow, priceTermsOn(raised, earlier, tomorrow))).toBe(priceOn('LAND_USD', tomorrow, raised));
  });

  it('keeps the morning’s terms through a second change on the same day', () => {
    const first = earlierTermsAfterChange(D, null, raised, at('2026-11-21T09:00:00Z'));
    const again: MoneySettings = { ...raised, growthPerYear: '0.2' };
    const second = earlierTermsAfterChange(raised, first, again, at('2026-11-21T15:00:00Z'));
    expect(second).toEqual(first);
  });

  it('keeps earlier terms only while they apply when the terms do not change', () => {
    const earlier: EarlierPriceTerms = { ...D, until: '2026-11-22' };
    const fees: MoneySettings = { ...raised, sellOrderTransactionFeeInUnits: 12 };
    expect(earlierTermsAfterChange(raised, earlier, fees, at('2026-11-21T12:00:00Z'))).toBe(earlier);
    expect(earlierTermsAfterChange(raised, earlier, fees, at('2026-11-22T12:00:00Z'))).toBeNull();
    expect(priceTermsOn(raised, null, at('2026-11-21T12:00:00Z'))).toBe(raised);
  });

  it('compares terms by every field', () => {
    expect(samePriceTerms(D, { ...D })).toBe(true);
    expect(samePriceTerms(D, raised)).toBe(false);
    expect(samePriceTerms(D, { ...D, priceEpoch: '2025-01-02' })).toBe(false);
  });
});
