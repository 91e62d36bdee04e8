import type { z } from 'zod';

/** The name of each form field as the person reads it (the missing-field tooltip, SPEC §9). */
const FIELD_LABELS: Readonly<Record<string, string>> = {
  firstName: 'First name',
  lastName: 'Last name',
  'address.houseNumber': 'House number',
  'address.streetAddress': 'Street address',
  'address.townCity': 'Town/City',
  'address.postcode': 'Postcode',
  'address.country': 'Country',
  'contactInfo.telephoneCountryCode': 'Phone country code',
  'contactInfo.phoneNumber': 'Phone number',
  optionalNote: 'Note',
  'passport.passportNumber': 'Passport number',
  'passport.issuingCountry': 'Issuing country',
  'passport.startDate': 'Passport start date',
  'passport.expiryDate': 'Passport expiry date',
  'businessInfo.businessName': 'Business name',
  'businessInfo.registrationNumber': 'Registration number',
  'businessInfo.vatNumber': 'VAT number',
  bankAccountName: 'Account name',
  bankAccountNumber: 'Account number or IBAN',
  iban: 'IBAN',
  swiftBic: 'SWIFT/BIC',
  bankName: 'Bank name',
  bankAddress: 'Bank address',
  bankCountry: 'Bank country',
  sortCode: 'Sort code',
  routingNumber: 'Routing number',
};

/** Labels of the fields a submission would refuse, in form order, each once. */
export function missingFieldLabels(schema: z.ZodType, details: unknown): string[] {
  const result = schema.safeParse(details);
  if (result.success) return [];
  const labels = result.error.issues.map((issue) => {
    const key = issue.path.map(String).join('.');
    return FIELD_LABELS[key] ?? key;
  });
  return [...new Set(labels)];
}
