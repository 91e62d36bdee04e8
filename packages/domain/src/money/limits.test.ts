import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { priceToMicros } from './decimal';
import { checkConvertLimit, checkDoubleLandCap, checkPurchaseLimit, checkSupplyCap, doubleLandRemaining, landValueInCents, purchaseLimitInCents, supplyCapRemaining } from './limits';
import { MONEY_MESSAGES } from './messages';
import { DEFAULT_MONEY_SETTINGS } from './settings';

const settings = DEFAULT_MONEY_SETTINGS;

describe('land value per currency', () => {
  it('reproduces SPEC §9 to the cent: GBP 8,473,900 × rate', () => {
    expect(landValueInCents('GBP', settings)).toBe(847_390_000n);
    expect(landValueInCents('AUD', settings)).toBe(1_686_306_100n); // 16,863,061.00
    expect(landValueInCents('EUR', settings)).toBe(1_008_394_100n); // 10,083,941.00
    expect(landValueInCents('USD', settings)).toBe(1_050_763_600n); // 10,507,636.00
  });
  it('needs no rounding for the SPEC figures: each product is a whole number of currency units', () => {
    for (const rate of ['1.99', '1.19', '1.24']) {
      const [whole = '', fraction = ''] = rate.split('.');
      expect((8_473_900n * BigInt(whole + fraction)) % 10n ** BigInt(fraction.length)).toBe(0n);
    }
  });
  it('rounds half-up to the cent when a rate has more places', () => {
    // 1.00 GBP (100 cents) × 1.234567 = 123.4567 cents → 123; 50 cents × 1.01 = 50.5 → 51
    expect(landValueInCents('USD', { landValueGbpInCents: 100, exchangeRates: { ...settings.exchangeRates, USD: '1.234567' } })).toBe(123n);
    expect(landValueInCents('USD', { landValueGbpInCents: 50, exchangeRates: { ...settings.exchangeRates, USD: '1.01' } })).toBe(51n);
  });
});

describe('supply cap', () => {
  const gbp = { price: '1.000000', landValueCents: 847_390_000, maxForSaleBasisPoints: 8474 };
  it('leaves what 84.74 % of the land value can still cover at today’s price', () => {
    // 8,473,900 × 84.74 % = 7,180,782.86 GBP → 7,180,782 units at 1.000000
    expect(supplyCapRemaining({ ...gbp, outstandingUnits: 0 })).toBe(7_180_782n);
    expect(supplyCapRemaining({ ...gbp, outstandingUnits: 7_000_000 })).toBe(180_782n);
    expect(supplyCapRemaining({ ...gbp, outstandingUnits: 8_000_000 })).toBe(0n);
    // at 1.075000: 7,180,782.86 / 1.075 = 6,679,798.0… → 6,679,798
    expect(supplyCapRemaining({ ...gbp, price: '1.075000', outstandingUnits: 0 })).toBe(6_679_798n);
  });
  it('answers with the SPEC message', () => {
    expect(checkSupplyCap({ ...gbp, outstandingUnits: 7_000_000, requestedUnits: 180_782 })).toEqual({ ok: true });
    expect(checkSupplyCap({ ...gbp, outstandingUnits: 7_000_000, requestedUnits: 180_783 })).toEqual({
      ok: false,
      message: 'You can only buy up to 180,782 units',
      max: 180_782n,
    });
  });
  it('is the largest n with (outstanding + n) × price ≤ land value × max-for-sale', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 10n }),
        fc.bigInt({ min: 1n, max: 10n ** 9n }),
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        fc.integer({ min: 0, max: 10_000 }),
        (outstanding, micros, landValueCents, bp) => {
          const s = micros.toString().padStart(7, '0');
          const price = `${s.slice(0, -6)}.${s.slice(-6)}`;
          const n = supplyCapRemaining({ outstandingUnits: outstanding, price, landValueCents, maxForSaleBasisPoints: bp });
          const capTimes = landValueCents * BigInt(bp); // cents × 10^4, compared with units × micros
          expect(n >= 0n).toBe(true);
          if (n > 0n) expect((outstanding + n) * priceToMicros(price) <= capTimes).toBe(true);
          expect((outstanding + n + 1n) * priceToMicros(price) > capTimes).toBe(true);
        },
      ),
    );
  });
});

describe('purchase limit', () => {
  it('has three tiers and an admin override', () => {
    expect(purchaseLimitInCents({ userType: 'USER', profileApproved: false }, settings)).toBe(100_000n);
    expect(purchaseLimitInCents({ userType: 'BUSINESS', profileApproved: false }, settings)).toBe(100_000n);
    expect(purchaseLimitInCents({ userType: 'USER', profileApproved: true }, settings)).toBe(10_000_000n);
    expect(purchaseLimitInCents({ userType: 'BUSINESS', profileApproved: true }, settings)).toBe(100_000_000n);
    expect(purchaseLimitInCents({ userType: 'USER', profileApproved: false, overrideInCents: 5_000 }, settings)).toBe(5_000n);
    expect(purchaseLimitInCents({ userType: 'USER', profileApproved: true, overrideInCents: null }, settings)).toBe(10_000_000n);
  });
  it('counts this order plus unapproved buys and answers with the SPEC message', () => {
    expect(checkPurchaseLimit({ limitInCents: 100_000, orderInCents: 40_000, unapprovedInCents: 60_000, currency: 'GBP' })).toEqual({ ok: true });
    expect(checkPurchaseLimit({ limitInCents: 100_000, orderInCents: 40_001, unapprovedInCents: 60_000, currency: 'GBP' })).toEqual({
      ok: false,
      message: 'Your current purchase limit is £1,000.00, This purchase plus any existing unapproved purchases exceed that limit.',
      max: 40_000n,
    });
    const business = checkPurchaseLimit({ limitInCents: 100_000_000, orderInCents: 100_000_001, unapprovedInCents: 0, currency: 'AUD' });
    expect(business.ok ? '' : business.message).toBe('Your current purchase limit is A$1,000,000.00, This purchase plus any existing unapproved purchases exceed that limit.');
    const over = checkPurchaseLimit({ limitInCents: 100, orderInCents: 1, unapprovedInCents: 500, currency: 'EUR' });
    expect(over.ok ? -1n : over.max).toBe(0n);
  });
});

describe('convert and LU2X limits', () => {
  it('convert: You can only convert up to N units', () => {
    expect(checkConvertLimit({ requestedUnits: 50, availableUnits: 50 })).toEqual({ ok: true });
    expect(checkConvertLimit({ requestedUnits: 1_001, availableUnits: 1_000 })).toEqual({
      ok: false,
      message: 'You can only convert up to 1,000 units',
      max: 1_000n,
    });
  });
  it('LU2X: Maximum remaining units in the LU2X offer: N', () => {
    expect(doubleLandRemaining({ soldUnits: 99_000, capUnits: settings.doubleLandOfferCapUnits })).toBe(1_000n);
    expect(doubleLandRemaining({ soldUnits: 120_000, capUnits: 100_000 })).toBe(0n);
    expect(checkDoubleLandCap({ requestedUnits: 1_000, soldUnits: 99_000, capUnits: 100_000 })).toEqual({ ok: true });
    expect(checkDoubleLandCap({ requestedUnits: 1_001, soldUnits: 99_000, capUnits: 100_000 })).toEqual({
      ok: false,
      message: 'Maximum remaining units in the LU2X offer: 1,000',
      max: 1_000n,
    });
  });
  it('keeps the SPEC §5 texts word for word', () => {
    expect(MONEY_MESSAGES.buyUpTo(5)).toBe('You can only buy up to 5 units');
    expect(MONEY_MESSAGES.convertUpTo(5)).toBe('You can only convert up to 5 units');
    expect(MONEY_MESSAGES.doubleLandRemaining(5)).toBe('Maximum remaining units in the LU2X offer: 5');
    expect(MONEY_MESSAGES.purchaseLimit(123_456, 'USD')).toBe('Your current purchase limit is $1,234.56, This purchase plus any existing unapproved purchases exceed that limit.');
  });
});
