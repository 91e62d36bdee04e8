import { z } from 'zod';
import { DEFAULT_MONEY_SETTINGS, type MoneySettings } from '../money/settings';
import { ChangeReasonSchema } from './change-requests';
import { valueAt } from './money-figures';

/**
 * Payment details (PRODUCT-DECISIONS §12): where buyers send money (the bank account of the bank
 * payment page, `adminBankDetails`; a wallet per coin) and the company's legal details for
 * invoices. A changed account is how payments get stolen, so every change goes through a second
 * admin (decision 0019) and these rules are stricter than what the money settings row tolerates:
 * an IBAN must pass its check digits, a wallet must look like an address of its coin.
 */

export const PAYMENT_DETAILS_MESSAGES = {
  accountNameMin: 'Account name must be at least 3 characters',
  bankNameRequired: 'Bank name is required',
  sortCode: 'Sort code must be 6 digits, e.g. 04-00-04',
  accountNumber: 'Account number must be digits only, at least 5',
  iban: 'IBAN must be two capital letters, two digits, then capital letters or digits',
  ibanCheck: 'This IBAN’s check digits do not match. Check it for a typo.',
  swiftBic: 'SWIFT/BIC must be 8 or 11 capital letters or digits',
  accountOrIban: 'Give an IBAN, or a sort code and an account number',
  bitcoin: 'Enter a Bitcoin address (starting bc1, 1 or 3)',
  ether: 'Enter an Ether address: 0x and 40 hexadecimal digits',
  legalNameMin: 'Company name must be at least 2 characters',
  addressMin: 'Registered address must be at least 5 characters',
  registrationNumber: 'Registration number must be 3 to 40 letters, digits, spaces or dashes',
  vatNumber: 'VAT number must be 4 to 20 letters, digits, spaces or dashes',
  tooLong: 'This is too long',
} as const;

const M = PAYMENT_DETAILS_MESSAGES;

/** ISO 13616 check: the IBAN moved 4 characters and read as digits is 1 modulo 97. */
export function ibanChecksumValid(iban: string): boolean {
  const moved = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of moved) {
    const value = Number.parseInt(char, 36);
    if (Number.isNaN(value)) return false;
    for (const digit of String(value)) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

/** Trimmed text up to `max` characters. */
const text = (max: number) => z.string().trim().max(max, M.tooLong);
/** Trimmed text that is empty or matches `pattern`. */
const optionalMatching = (pattern: RegExp, message: string, max = 40) => text(max).refine((value) => value === '' || pattern.test(value), message);

const bankDetails = () =>
  z
    .object({
      bankAccountName: text(200).pipe(z.string().min(3, M.accountNameMin)),
      bankName: text(200).pipe(z.string().min(1, M.bankNameRequired)),
      sortCode: optionalMatching(/^\d{2}-?\d{2}-?\d{2}$/, M.sortCode, 20),
      bankAccountNumber: optionalMatching(/^\d{5,34}$/, M.accountNumber),
      iban: optionalMatching(/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/, M.iban).refine((value) => value === '' || !/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(value) || ibanChecksumValid(value), M.ibanCheck),
      swiftBic: optionalMatching(/^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/, M.swiftBic, 20),
      bankAddress: text(300),
    })
    .refine((d) => d.iban !== '' || (d.sortCode !== '' && d.bankAccountNumber !== ''), { message: M.accountOrIban, path: ['iban'] });

const cryptoWallets = () =>
  z.object({
    BITCOIN: z
      .string()
      .trim()
      .regex(/^(bc1[a-z0-9]{20,87}|[13][a-km-zA-HJ-NP-Z1-9]{25,34})$/, M.bitcoin),
    ETHER: z
      .string()
      .trim()
      .regex(/^0x[0-9a-fA-F]{40}$/, M.ether),
  });

const companyDetails = () =>
  z.object({
    legalName: text(200).pipe(z.string().min(2, M.legalNameMin)),
    /** The registered address, several lines allowed. */
    address: text(500).pipe(z.string().min(5, M.addressMin)),
    registrationNumber: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9][A-Za-z0-9 -]{1,38}[A-Za-z0-9]$/, M.registrationNumber),
    /** Optional: empty when the company is not VAT-registered. */
    vatNumber: optionalMatching(/^[A-Za-z0-9][A-Za-z0-9 -]{2,18}[A-Za-z0-9]$/, M.vatNumber, 20),
  });

const paymentDetails = () => z.object({ adminBankDetails: bankDetails(), adminCryptoWallets: cryptoWallets(), company: companyDetails() });

export const AdminBankDetailsSchema = /* @__PURE__ */ bankDetails();
export const CryptoWalletsSchema = /* @__PURE__ */ cryptoWallets();
export const CompanyDetailsSchema = /* @__PURE__ */ companyDetails();
/** Everything the payment details page edits, as one value (one change request). */
export const PaymentDetailsSchema = /* @__PURE__ */ paymentDetails();

export type CompanyDetails = z.output<typeof CompanyDetailsSchema>;
export type PaymentDetails = z.output<typeof PaymentDetailsSchema>;

// Demo values of the embedded database (not a real company); an admin sets the real ones.
export const DEFAULT_COMPANY_DETAILS = {
  legalName: 'Land Units Ltd',
  address: '1 Example Street, London EC1A 1AA, United Kingdom',
  registrationNumber: '12345678',
  vatNumber: 'GB123456789',
} as const satisfies CompanyDetails;

/** The company's legal details on one line, as the foot of every document the product draws. */
export function companyLine(company: CompanyDetails): string {
  return [company.legalName, company.registrationNumber && `Company number ${company.registrationNumber}`, company.vatNumber && `VAT ${company.vatNumber}`].filter(Boolean).join(' · ');
}

/** The payment details in a money settings object, with the company's details beside them. */
export function paymentDetailsOf(settings: Pick<MoneySettings, 'adminBankDetails' | 'adminCryptoWallets'>, company: CompanyDetails): PaymentDetails {
  return { adminBankDetails: { ...settings.adminBankDetails }, adminCryptoWallets: { ...settings.adminCryptoWallets }, company: { ...company } };
}

export const DEFAULT_PAYMENT_DETAILS: PaymentDetails = /* @__PURE__ */ paymentDetailsOf(DEFAULT_MONEY_SETTINGS, DEFAULT_COMPANY_DETAILS);

/** The form's fields, in order, by group: the field name is the value's path. */
export const PAYMENT_DETAIL_GROUPS = [
  {
    id: 'bank',
    legend: 'Bank account for bank payments',
    description: 'Shown to buyers on the bank payment page and in the order email. Check every character with your bank.',
    fields: [
      { path: 'adminBankDetails.bankAccountName', label: 'Account name' },
      { path: 'adminBankDetails.bankName', label: 'Bank name' },
      { path: 'adminBankDetails.sortCode', label: 'Sort code (optional with an IBAN)' },
      { path: 'adminBankDetails.bankAccountNumber', label: 'Account number (optional with an IBAN)' },
      { path: 'adminBankDetails.iban', label: 'IBAN' },
      { path: 'adminBankDetails.swiftBic', label: 'SWIFT/BIC (optional)' },
      { path: 'adminBankDetails.bankAddress', label: 'Bank address (optional)' },
    ],
  },
  {
    id: 'crypto',
    legend: 'Crypto wallets',
    description: 'Where buyers paying with crypto send their coins.',
    fields: [
      { path: 'adminCryptoWallets.BITCOIN', label: 'Bitcoin (BTC) address' },
      { path: 'adminCryptoWallets.ETHER', label: 'Ether (ETH) address' },
    ],
  },
  {
    id: 'company',
    legend: 'Company details for invoices',
    description: 'The legal details printed on invoices.',
    fields: [
      { path: 'company.legalName', label: 'Company name' },
      { path: 'company.address', label: 'Registered address', multiline: true },
      { path: 'company.registrationNumber', label: 'Registration number' },
      { path: 'company.vatNumber', label: 'VAT number (optional)' },
    ],
  },
] as const satisfies readonly { id: string; legend: string; description: string; fields: readonly { path: string; label: string; multiline?: boolean }[] }[];

export type PaymentDetailPath = (typeof PAYMENT_DETAIL_GROUPS)[number]['fields'][number]['path'];

export const PAYMENT_DETAIL_PATHS: readonly PaymentDetailPath[] = /* @__PURE__ */ PAYMENT_DETAIL_GROUPS.flatMap((group) => group.fields.map((field) => field.path));

/** The form's texts: one per path. */
export function paymentDetailsToForm(details: PaymentDetails): Readonly<Record<PaymentDetailPath, string>> {
  return Object.fromEntries(PAYMENT_DETAIL_PATHS.map((path) => [path, String(valueAt(details, path) ?? '')])) as Record<PaymentDetailPath, string>;
}

/** The details the form's texts stand for (checked by PaymentDetailsSchema). */
export function paymentDetailsFromForm(values: Readonly<Record<string, string>>): unknown {
  const result: Record<string, Record<string, string>> = { adminBankDetails: {}, adminCryptoWallets: {}, company: {} };
  for (const path of PAYMENT_DETAIL_PATHS) {
    const [group, key] = path.split('.') as [string, string];
    (result[group] as Record<string, string>)[key] = values[path] ?? '';
  }
  return result;
}

const paymentDetailsForm = () =>
  z.preprocess(
    (texts) => {
      const values = (typeof texts === 'object' && texts !== null ? texts : {}) as Readonly<Record<string, string>>;
      return { ...(paymentDetailsFromForm(values) as object), reason: values.reason ?? '' };
    },
    PaymentDetailsSchema.extend({ reason: ChangeReasonSchema }),
  );

/** The payment details form (texts by path, plus `reason`): the details' messages at their paths, as the server keys them. */
export const PaymentDetailsFormSchema = /* @__PURE__ */ paymentDetailsForm();
