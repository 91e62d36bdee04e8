import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../validation/field-errors';
import { DEFAULT_MONEY_SETTINGS, SETTINGS_MESSAGES as M } from '../money/settings';
import {
  amountToCents,
  displayValue,
  MONEY_SETTING_FIELDS,
  moneyFiguresFormSchema,
  moneyFiguresFromForm,
  moneyFiguresOf,
  moneyFiguresToForm,
  MoneyFiguresSchema,
  percentToBasisPoints,
  percentToFraction,
} from './money-figures';

const figures = moneyFiguresOf(DEFAULT_MONEY_SETTINGS);
const form = moneyFiguresToForm(figures);
const check = (change: Record<string, string>) => {
  const result = moneyFiguresFormSchema(figures).safeParse({ ...form, ...change });
  return result.success ? {} : fieldErrors(result.error);
};

describe('the money settings form', () => {
  it('shows percents and amounts, and reads them back exactly', () => {
    expect(form['externalFees.Card_Stripe.fixedPercentageFees']).toBe('1.5');
    expect(form['externalFees.Card_Stripe.fixedCentsFees']).toBe('0.20');
    expect(form.growthPerYear).toBe('7.5');
    expect(form.landValueGbpInCents).toBe('8473900.00');
    expect(form.maxLandUnitsForSaleBasisPoints).toBe('84.74');
    expect(form['initialPrices.LAND_POUND']).toBe('1.000000');
    expect(MoneyFiguresSchema.parse(moneyFiguresFromForm(form, figures))).toEqual(figures);
    expect(Object.keys(form)).toHaveLength(MONEY_SETTING_FIELDS.length);
  });

  it('converts on digits, never through floats', () => {
    expect(percentToBasisPoints('1.15')).toBe(115);
    expect(percentToBasisPoints('0.29')).toBe(29);
    expect(percentToBasisPoints('1.005')).toBeNull();
    expect(percentToFraction('7.25')).toBe('0.0725');
    expect(percentToFraction('0.0001')).toBe('0.000001');
    expect(amountToCents('1,234.5')).toBe(123_450);
    expect(amountToCents('0.29')).toBe(29);
    expect(amountToCents('-1')).toBeNull();
  });

  it('gives the SPEC §8 messages at their fields', () => {
    expect(check({ landValueGbpInCents: '0' })).toEqual({ landValueGbpInCents: M.landValueZero });
    expect(check({ 'externalFees.Card_Stripe.fixedPercentageFees': '101' })).toEqual({ 'externalFees.Card_Stripe.fixedPercentageFees': M.invalidPercentage });
    expect(check({ 'externalFees.Card_Stripe.fixedPercentageFees': 'two' })).toEqual({ 'externalFees.Card_Stripe.fixedPercentageFees': M.invalidPercentage });
    expect(check({ growthPerYear: '150' })).toEqual({ growthPerYear: M.invalidPercentage });
    expect(check({ 'buyOrderTransactionFeeInCents.GBP': '1.005' })).toEqual({ 'buyOrderTransactionFeeInCents.GBP': M.invalidNumber });
    expect(check({ 'exchangeRates.USD': 'abc' })).toEqual({ 'exchangeRates.USD': M.invalidNumber });
    expect(check({ bonusLockDays: '-3' })).toEqual({ bonusLockDays: M.invalidNumber });
    expect(check({ 'initialPrices.LAND_USD': '2.5' })).toEqual({});
    expect(form['bankPaymentBusinessDays.USD']).toBe('4');
    expect(check({ 'bankPaymentBusinessDays.USD': '0' })).toEqual({ 'bankPaymentBusinessDays.USD': M.invalidNumber });
    expect(check({ 'bankPaymentBusinessDays.AUD': '21' })).toEqual({ 'bankPaymentBusinessDays.AUD': M.invalidNumber });
    expect(check({ 'bankPaymentBusinessDays.GBP': '2.5' })).toEqual({ 'bankPaymentBusinessDays.GBP': M.invalidNumber });
    expect(check({ 'bankPaymentBusinessDays.EUR': '20' })).toEqual({});
  });

  it('writes figures in their unit for people', () => {
    const field = (path: string) => MONEY_SETTING_FIELDS.find((f) => f.path === path)!;
    expect(displayValue(field('externalFees.Card_Stripe.fixedPercentageFees'), 200)).toBe('2%');
    expect(displayValue(field('buyOrderTransactionFeeInCents.USD'), 150)).toBe('$1.50');
    expect(displayValue(field('externalFees.Card_Stripe.fixedCentsFees'), 25)).toBe('0.25');
    expect(displayValue(field('growthPerYear'), '0.075')).toBe('7.5%');
    expect(displayValue(field('bonusLockDays'), 180)).toBe('180 days');
    expect(displayValue(field('bankPaymentBusinessDays.EUR'), 2)).toBe('2 business days');
    expect(displayValue(field('bankPaymentBusinessDays.GBP'), 1)).toBe('1 business day');
  });
});
