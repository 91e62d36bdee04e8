import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../validation/field-errors';
import { settingChanges } from './change-requests';
import { DEFAULT_PAYMENT_DETAILS, ibanChecksumValid, PAYMENT_DETAILS_MESSAGES as M, PaymentDetailsSchema } from './payment-details';

describe('payment details', () => {
  it('accepts the demo details and checks an IBAN’s digits (ISO 13616)', () => {
    expect(PaymentDetailsSchema.parse(DEFAULT_PAYMENT_DETAILS)).toEqual(DEFAULT_PAYMENT_DETAILS);
    expect(ibanChecksumValid('GB82WEST12345698765432')).toBe(true);
    expect(ibanChecksumValid('DE89370400440532013000')).toBe(true);
    expect(ibanChecksumValid('GB82WEST12345698765423')).toBe(false);
  });

  it('says what is wrong, field by field', () => {
    const bad = structuredClone(DEFAULT_PAYMENT_DETAILS);
    bad.adminBankDetails.sortCode = '4000';
    bad.adminBankDetails.swiftBic = 'exbk';
    bad.adminCryptoWallets.ETHER = '0x12';
    bad.company.registrationNumber = '!';
    const result = PaymentDetailsSchema.safeParse(bad);
    expect(result.success ? {} : fieldErrors(result.error)).toEqual({
      'adminBankDetails.sortCode': M.sortCode,
      'adminBankDetails.swiftBic': M.swiftBic,
      'adminCryptoWallets.ETHER': M.ether,
      'company.registrationNumber': M.registrationNumber,
    });
  });

  it('lists what a change changes, in the order of the form', () => {
    const after = structuredClone(DEFAULT_PAYMENT_DETAILS);
    after.company.vatNumber = '';
    after.adminBankDetails.iban = 'GB82WEST12345698765432';
    expect(settingChanges(DEFAULT_PAYMENT_DETAILS, after, DEFAULT_PAYMENT_DETAILS)).toEqual([
      { path: 'adminBankDetails.iban', before: 'GB33BUKB20201555555555', after: 'GB82WEST12345698765432' },
      { path: 'company.vatNumber', before: 'GB123456789', after: '' },
    ]);
    expect(settingChanges(DEFAULT_PAYMENT_DETAILS, DEFAULT_PAYMENT_DETAILS)).toEqual([]);
  });
});
