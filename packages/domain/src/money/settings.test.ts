import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../validation/field-errors';
import { DEFAULT_MONEY_SETTINGS, MoneySettingsSchema, SETTINGS_MESSAGES } from './settings';

const withChange = (change: (copy: Record<string, unknown>) => void) => {
  const copy = structuredClone(DEFAULT_MONEY_SETTINGS) as unknown as Record<string, unknown>;
  change(copy);
  return copy;
};

const errorsOf = (value: unknown) => {
  const result = MoneySettingsSchema.safeParse(value);
  return result.success ? {} : fieldErrors(result.error);
};

describe('money settings', () => {
  it('has the defaults of PRODUCT-DECISIONS and they pass the schema', () => {
    expect(MoneySettingsSchema.parse(DEFAULT_MONEY_SETTINGS)).toEqual(DEFAULT_MONEY_SETTINGS);
    expect(DEFAULT_MONEY_SETTINGS.growthPerYear).toBe('0.075');
    expect(DEFAULT_MONEY_SETTINGS.priceEpoch).toBe('2025-01-01');
    expect(Object.values(DEFAULT_MONEY_SETTINGS.initialPrices)).toEqual(['1.000000', '1.000000', '1.000000', '1.000000']);
    expect(DEFAULT_MONEY_SETTINGS.buyOrderTransactionFeeInCents).toEqual({ GBP: 100, USD: 100, EUR: 100, AUD: 100 });
    expect(DEFAULT_MONEY_SETTINGS.sellOrderTransactionFeeInUnits).toBe(10);
    expect(DEFAULT_MONEY_SETTINGS.convertOrderTransactionFeeInUnits).toBe(0);
    expect(DEFAULT_MONEY_SETTINGS.externalFees).toEqual({
      Bank: { fixedPercentageFees: 0, fixedCentsFees: 0 },
      Card_Stripe: { fixedPercentageFees: 150, fixedCentsFees: 20 },
      Card_Square: { fixedPercentageFees: 175, fixedCentsFees: 10 },
      Crypto: { fixedPercentageFees: 100, fixedCentsFees: 0 },
      None: { fixedPercentageFees: 0, fixedCentsFees: 0 },
    });
    expect(DEFAULT_MONEY_SETTINGS.exchangeRates).toEqual({ GBP: '1', AUD: '1.99', EUR: '1.19', USD: '1.24' });
    expect(DEFAULT_MONEY_SETTINGS.landValueGbpInCents).toBe(847_390_000);
    expect(DEFAULT_MONEY_SETTINGS.maxLandUnitsForSaleBasisPoints).toBe(8474);
    expect(DEFAULT_MONEY_SETTINGS.doubleLandOfferCapUnits).toBe(100_000);
    expect([DEFAULT_MONEY_SETTINGS.bonusLockDays, DEFAULT_MONEY_SETTINGS.convertLockDays]).toEqual([180, 30]);
    expect(DEFAULT_MONEY_SETTINGS.buyOrderExpiryHours).toBe(24);
    expect(DEFAULT_MONEY_SETTINGS.bankPaymentBusinessDays).toEqual({ GBP: 1, USD: 4, EUR: 2, AUD: 4 });
    expect(DEFAULT_MONEY_SETTINGS.purchaseLimitsInCents).toEqual({ emailVerified: 100_000, profileApproved: 10_000_000, businessApproved: 100_000_000 });
  });

  it('refuses a zero land value with the SPEC §8 message', () => {
    expect(errorsOf(withChange((s) => (s.landValueGbpInCents = 0)))).toEqual({ landValueGbpInCents: SETTINGS_MESSAGES.landValueZero });
    expect(SETTINGS_MESSAGES.landValueZero).toBe('Total Land Value cannot be zero.');
  });

  it('refuses percentages outside 0–100 % and fractional basis points', () => {
    expect(errorsOf(withChange((s) => (s.maxLandUnitsForSaleBasisPoints = 10_001)))).toEqual({
      maxLandUnitsForSaleBasisPoints: 'Invalid percentage value',
    });
    expect(errorsOf(withChange((s) => ((s.externalFees as Record<string, { fixedPercentageFees: number }>).Bank!.fixedPercentageFees = 1.5)))).toEqual({
      'externalFees.Bank.fixedPercentageFees': 'Invalid percentage value',
    });
    expect(errorsOf(withChange((s) => (s.growthPerYear = '1.5')))).toEqual({ growthPerYear: 'Invalid percentage value' });
  });

  it('refuses floats, negatives and numbers where decimal strings belong', () => {
    expect(errorsOf(withChange((s) => (s.sellOrderTransactionFeeInUnits = 10.5)))).toEqual({ sellOrderTransactionFeeInUnits: 'Invalid numeric value' });
    expect(errorsOf(withChange((s) => (s.bonusLockDays = -1)))).toEqual({ bonusLockDays: 'Invalid numeric value' });
    expect(errorsOf(withChange((s) => (s.growthPerYear = 0.075)))).toEqual({ growthPerYear: 'Invalid percentage value' });
    expect(errorsOf(withChange((s) => ((s.exchangeRates as Record<string, unknown>).USD = 1.24)))).toEqual({ 'exchangeRates.USD': 'Invalid numeric value' });
    expect(errorsOf(withChange((s) => ((s.exchangeRates as Record<string, unknown>).EUR = '0')))).toEqual({ 'exchangeRates.EUR': 'Invalid numeric value' });
    expect(errorsOf(withChange((s) => ((s.initialPrices as Record<string, unknown>).LAND_EUR = '0.000000')))).toEqual({ 'initialPrices.LAND_EUR': 'Invalid numeric value' });
    expect(errorsOf(withChange((s) => ((s.initialPrices as Record<string, unknown>).LAND_EUR = '1.0')))).toHaveProperty(['initialPrices.LAND_EUR']);
  });

  it('keeps GBP as the base of the rates and wants a real epoch date', () => {
    expect(errorsOf(withChange((s) => ((s.exchangeRates as Record<string, unknown>).GBP = '1.01')))).toEqual({ 'exchangeRates.GBP': SETTINGS_MESSAGES.gbpRateIsOne });
    expect(errorsOf(withChange((s) => (s.priceEpoch = '2025-02-30')))).toEqual({ priceEpoch: 'Invalid date' });
    expect(errorsOf(withChange((s) => (s.priceEpoch = '2025-1-1')))).toEqual({ priceEpoch: 'Invalid date' });
  });

  it('wants 1 to 20 whole business days for a bank payment, in every currency', () => {
    const days = (currency: string, value: unknown) => errorsOf(withChange((s) => ((s.bankPaymentBusinessDays as Record<string, unknown>)[currency] = value)));
    for (const currency of ['GBP', 'USD', 'EUR', 'AUD']) {
      expect(days(currency, 1)).toEqual({});
      expect(days(currency, 20)).toEqual({});
      for (const wrong of [0, 21, -1, 1.5, '2', null]) expect(days(currency, wrong)).toEqual({ [`bankPaymentBusinessDays.${currency}`]: SETTINGS_MESSAGES.invalidNumber });
    }
    expect(errorsOf(withChange((s) => delete (s.bankPaymentBusinessDays as Record<string, unknown>).EUR))).toHaveProperty(['bankPaymentBusinessDays.EUR']);
  });

  it('refuses a missing payment method', () => {
    expect(errorsOf(withChange((s) => delete (s.externalFees as Record<string, unknown>).Crypto))).toHaveProperty(['externalFees.Crypto']);
  });
});
