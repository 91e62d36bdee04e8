import { describe, expect, it } from 'vitest';
import { BANK_PAYMENT_DAYS, bankPaymentDaysText } from './figures';

describe('the bank transfer deadlines in words', () => {
  it('names the default days of each currency, fewest first', () => {
    expect(BANK_PAYMENT_DAYS).toBe('1 business day for GBP, 2 for EUR, 4 for USD and AUD');
  });

  it('groups currencies with the same days and says it once when all are the same', () => {
    expect(bankPaymentDaysText({ GBP: 2, USD: 2, EUR: 2, AUD: 2 })).toBe('2 business days');
    expect(bankPaymentDaysText({ GBP: 1, USD: 1, EUR: 1, AUD: 1 })).toBe('1 business day');
    expect(bankPaymentDaysText({ GBP: 3, USD: 5, EUR: 3, AUD: 3 })).toBe('3 business days for GBP, EUR and AUD, 5 for USD');
    expect(bankPaymentDaysText({ GBP: 20, USD: 10, EUR: 1, AUD: 2 })).toBe('1 business day for EUR, 2 for AUD, 10 for USD, 20 for GBP');
  });
});
