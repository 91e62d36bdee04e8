import { z } from 'zod';
import type { UserType } from './auth';

/**
 * Profile (KYC/KYB) and bank verification forms (SPEC §3, §5; PRODUCT-DECISIONS §8) with their
 * messages, once. A draft ("Save") may leave fields empty, but what it has must follow the rules;
 * a submission ("Submit for review") needs every required field too. The API and the forms use
 * the same schemas: `profileFormSchema({ mode, userType, today })` and `bankFormSchema(mode)`.
 */

export const PROFILE_MESSAGES = {
  firstNameRequired: 'First Name is Required',
  firstNameMin: 'First Name must be at least 3 characters',
  firstNameMax: 'First Name must be at most 50 characters',
  lastNameRequired: 'Last Name is Required',
  lastNameMax: 'Last Name must be at most 50 characters',
  houseNumberRequired: 'House number is required',
  houseNumberMax: 'House number must be at most 50 characters',
  streetAddressRequired: 'Street address is required',
  streetAddressMax: 'Street address must be at most 255 characters',
  townCityRequired: 'Town/City is required',
  townCityMin: 'Town/City must be at least 3 characters',
  townCityMax: 'Town/City must be at most 50 characters',
  postcodeRequired: 'Postcode is required',
  postcodeMin: 'Postcode must be at least 3 characters',
  postcodeMax: 'Postcode must be at most 20 characters',
  countryRequired: 'Country is required',
  countryMin: 'Country must be at least 3 characters',
  countryMax: 'Country must be at most 100 characters',
  phoneCodeRequired: 'Country code is required',
  phoneCodeFormat: 'Country code must be + and 1 to 4 digits',
  phoneRequired: 'Phone number is required',
  phoneDigits: 'Phone number must contain digits only',
  phoneMin: 'Phone number must be at least 6 digits',
  phoneMax: 'Phone number must be at most 20 digits',
  passportNumberRequired: 'Passport number is required',
  passportNumberFormat: 'Passport number must be 6 to 20 letters or digits',
  issuingCountryRequired: 'Issuing country is required',
  issuingCountryMax: 'Issuing country must be at most 100 characters',
  startDateRequired: 'Start date is required',
  expiryDateRequired: 'Expiry date is required',
  dateFormat: 'Enter the date as YYYY-MM-DD',
  startDateFuture: 'Start date cannot be in the future',
  expiryFuture: 'Expiry date must be in the future',
  expiryAfterStart: 'Expiry date must be greater than Start date',
  optionalNoteMax: 'Note must be at most 300 characters',
  businessNameRequired: 'Business name is required',
  businessNameMin: 'Business name must be at least 3 characters',
  businessNameMax: 'Business name must be at most 255 characters',
  registrationNumberRequired: 'Registration number is required',
  registrationNumberMin: 'Registration number must be at least 3 characters',
  registrationNumberMax: 'Registration number must be at most 50 characters',
  vatNumberMax: 'VAT number must be at most 50 characters',
  documentRequired: 'This document is required.',
} as const;

export const BANK_MESSAGES = {
  accountNameRequired: 'Account name is required',
  accountNameMin: 'Account name must be at least 3 characters',
  accountNameMax: 'Account name must be at most 100 characters',
  accountNumberDigits: 'Account number must contain digits only',
  accountNumberMin: 'Account number must be at least 5 digits',
  accountNumberMax: 'Account number must be at most 34 digits',
  ibanFormat: 'IBAN must be two capital letters, two digits, then capital letters or digits',
  ibanMax: 'IBAN must be at most 34 characters',
  swiftFormat: 'SWIFT/BIC must be 8 or 11 capital letters or digits',
  sortCodeFormat: 'Sort code must be 6 digits',
  routingNumberFormat: 'Routing number must be 9 digits',
  textMax: (label: string, max: number) => `${label} must be at most ${max} characters`,
  accountOrIbanRequired: 'Enter an account number or an IBAN.',
} as const;

export type FormMode = 'draft' | 'submit';

/** The statuses a person may ask for when saving a form: Saved (a draft) or Pending (submitted). */
export const REQUESTED_STATUSES = ['Saved', 'Pending'] as const;
export type RequestedStatus = (typeof REQUESTED_STATUSES)[number];
export const modeOf = (status: RequestedStatus): FormMode => (status === 'Pending' ? 'submit' : 'draft');

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** Whether `value` is a real calendar date written YYYY-MM-DD (2026-02-30 is not). */
export function isIsoDate(value: string): boolean {
  if (!DATE_PATTERN.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/**
 * A text field: trimmed, empty allowed in a draft (kept as ''), required on submission; the other
 * rules apply whenever there is a value.
 */
function field(mode: FormMode, required: string | null, rules: (s: z.ZodString) => z.ZodString, max: number) {
  return z
    .string()
    .max(max * 4 + 100)
    .optional()
    .transform((s) => (s ?? '').trim())
    .superRefine((value, ctx) => {
      if (value === '') {
        if (mode === 'submit' && required) ctx.addIssue({ code: 'custom', message: required });
        return;
      }
      const result = rules(z.string()).safeParse(value);
      if (!result.success) ctx.addIssue({ code: 'custom', message: result.error.issues[0]!.message });
    });
}

/** A missing group reads as an empty one, so a submission names each of its missing fields. */
const orEmpty = <T extends z.ZodType>(schema: T) => z.preprocess((value) => value ?? {}, schema);

export interface ProfileSchemaOptions {
  mode: FormMode;
  userType: UserType;
  /** Today, YYYY-MM-DD, in the server's (or browser's) calendar. */
  today: string;
}

const M = PROFILE_MESSAGES;

function addressSchema(mode: FormMode) {
  return z.object({
    houseNumber: field(mode, M.houseNumberRequired, (s) => s.max(50, M.houseNumberMax), 50),
    streetAddress: field(mode, M.streetAddressRequired, (s) => s.max(255, M.streetAddressMax), 255),
    townCity: field(mode, M.townCityRequired, (s) => s.min(3, M.townCityMin).max(50, M.townCityMax), 50),
    postcode: field(mode, M.postcodeRequired, (s) => s.min(3, M.postcodeMin).max(20, M.postcodeMax), 20),
    country: field(mode, M.countryRequired, (s) => s.min(3, M.countryMin).max(100, M.countryMax), 100),
  });
}

/**
 * A phone number as people write it, cleaned rather than refused: spaces, dashes, dots and
 * brackets go ('07700 900-123' → '07700900123'), and the country code chosen is dropped when the
 * number repeats it ('+44 7700 900123' with +44 → '7700900123'). What is left must be digits only
 * (SPEC §5), so a letter or a different + code is still refused with the SPEC's message.
 */
export function cleanPhoneNumber(phoneNumber: string, countryCode: string | undefined): string {
  const compact = phoneNumber.replace(/[\s\-.()\u00a0]/g, '');
  const code = (countryCode ?? '').trim();
  if (/^\+\d{1,4}$/.test(code) && compact.startsWith(code)) return compact.slice(code.length);
  const doubleZero = `00${code.slice(1)}`;
  if (/^\+\d{1,4}$/.test(code) && compact.startsWith(doubleZero) && compact.length > doubleZero.length + 5) return compact.slice(doubleZero.length);
  return compact;
}

function contactSchema(mode: FormMode) {
  return z.preprocess(
    (value) => {
      if (!value || typeof value !== 'object') return value;
      const contact = value as { telephoneCountryCode?: unknown; phoneNumber?: unknown };
      if (typeof contact.phoneNumber !== 'string') return value;
      const code = typeof contact.telephoneCountryCode === 'string' ? contact.telephoneCountryCode : undefined;
      return { ...contact, phoneNumber: cleanPhoneNumber(contact.phoneNumber, code) };
    },
    z.object({
      telephoneCountryCode: field(mode, M.phoneCodeRequired, (s) => s.regex(/^\+\d{1,4}$/, M.phoneCodeFormat), 5),
      phoneNumber: field(mode, M.phoneRequired, (s) => s.regex(/^\d+$/, M.phoneDigits).min(6, M.phoneMin).max(20, M.phoneMax), 20),
    }),
  );
}

function passportSchema(mode: FormMode, today: string) {
  const date = (required: string) => field(mode, required, (s) => s.refine(isIsoDate, M.dateFormat), 10);
  return z
    .object({
      passportNumber: field(mode, M.passportNumberRequired, (s) => s.regex(/^[A-Za-z0-9]{6,20}$/, M.passportNumberFormat), 20),
      issuingCountry: field(mode, M.issuingCountryRequired, (s) => s.max(100, M.issuingCountryMax), 100),
      startDate: date(M.startDateRequired),
      expiryDate: date(M.expiryDateRequired),
    })
    .superRefine((p, ctx) => {
      const start = isIsoDate(p.startDate) ? p.startDate : null;
      const expiry = isIsoDate(p.expiryDate) ? p.expiryDate : null;
      if (start && start > today) ctx.addIssue({ code: 'custom', message: M.startDateFuture, path: ['startDate'] });
      if (expiry && expiry <= today) ctx.addIssue({ code: 'custom', message: M.expiryFuture, path: ['expiryDate'] });
      else if (expiry && start && expiry <= start) ctx.addIssue({ code: 'custom', message: M.expiryAfterStart, path: ['expiryDate'] });
    });
}

function businessSchema(mode: FormMode) {
  return z.object({
    businessName: field(mode, M.businessNameRequired, (s) => s.min(3, M.businessNameMin).max(255, M.businessNameMax), 255),
    registrationNumber: field(mode, M.registrationNumberRequired, (s) => s.min(3, M.registrationNumberMin).max(50, M.registrationNumberMax), 50),
    vatNumber: field(mode, null, (s) => s.max(50, M.vatNumberMax), 50),
  });
}

/**
 * The profile form: names, address, phone, and the passport (USER) or the business details
 * (BUSINESS). Documents are files, checked apart (`missingProfileDocuments`).
 */
export function profileFormSchema({ mode, userType, today }: ProfileSchemaOptions) {
  const base = {
    firstName: field(mode, M.firstNameRequired, (s) => s.min(3, M.firstNameMin).max(50, M.firstNameMax), 50),
    lastName: field(mode, M.lastNameRequired, (s) => s.max(50, M.lastNameMax), 50),
    address: orEmpty(addressSchema(mode)),
    contactInfo: orEmpty(contactSchema(mode)),
    optionalNote: field(mode, null, (s) => s.max(300, M.optionalNoteMax), 300),
  };
  if (userType === 'BUSINESS') {
    return z.object({ ...base, businessInfo: orEmpty(businessSchema(mode)) });
  }
  return z.object({
    ...base,
    passport: orEmpty(passportSchema(mode, today)),
  });
}
export type ProfileForm = {
  firstName: string;
  lastName: string;
  address: { houseNumber: string; streetAddress: string; townCity: string; postcode: string; country: string };
  contactInfo: { telephoneCountryCode: string; phoneNumber: string };
  optionalNote: string;
  passport?: { passportNumber: string; issuingCountry: string; startDate: string; expiryDate: string };
  businessInfo?: { businessName: string; registrationNumber: string; vatNumber: string };
};

/** The document slots of each verification, and which are required to submit. */
export const PROFILE_DOCUMENT_SLOTS = ['passportFile', 'registrationDocument', 'optionalDocument'] as const;
export const BANK_DOCUMENT_SLOTS = ['bankStatement'] as const;
export const DOCUMENT_SLOTS = [...PROFILE_DOCUMENT_SLOTS, ...BANK_DOCUMENT_SLOTS, 'identityDocument'] as const;
export type DocumentSlot = (typeof DOCUMENT_SLOTS)[number];

export const DOCUMENT_LABELS: Readonly<Record<DocumentSlot, string>> = {
  passportFile: 'Passport',
  registrationDocument: 'Business registry document',
  optionalDocument: 'Optional document',
  bankStatement: 'Bank statement',
  identityDocument: 'Identity document',
};

/** The document a profile of this type needs before it can be submitted. */
export function requiredProfileDocument(userType: UserType): DocumentSlot {
  return userType === 'BUSINESS' ? 'registrationDocument' : 'passportFile';
}

/** The required documents not yet uploaded, each with 'This document is required.'. */
export function missingDocuments(required: readonly DocumentSlot[], uploaded: ReadonlySet<DocumentSlot> | readonly DocumentSlot[]): Partial<Record<DocumentSlot, string>> {
  const have = new Set(uploaded);
  return Object.fromEntries(required.filter((slot) => !have.has(slot)).map((slot) => [slot, M.documentRequired]));
}

const B = BANK_MESSAGES;

/** The bank form (SPEC §5): account name required; the rest optional with their shapes. */
export function bankFormSchema(mode: FormMode) {
  return z
    .object({
      bankAccountName: field(mode, B.accountNameRequired, (s) => s.min(3, B.accountNameMin).max(100, B.accountNameMax), 100),
      bankAccountNumber: field(mode, null, (s) => s.regex(/^\d+$/, B.accountNumberDigits).min(5, B.accountNumberMin).max(34, B.accountNumberMax), 34),
      iban: field(mode, null, (s) => s.max(34, B.ibanMax).regex(/^[A-Z]{2}\d{2}[A-Z0-9]+$/, B.ibanFormat), 34),
      swiftBic: field(mode, null, (s) => s.regex(/^[A-Z0-9]{8}([A-Z0-9]{3})?$/, B.swiftFormat), 11),
      bankName: field(mode, null, (s) => s.max(100, B.textMax('Bank name', 100)), 100),
      bankAddress: field(mode, null, (s) => s.max(255, B.textMax('Bank address', 255)), 255),
      bankCountry: field(mode, null, (s) => s.max(100, B.textMax('Bank country', 100)), 100),
      sortCode: field(mode, null, (s) => s.regex(/^\d{2}-?\d{2}-?\d{2}$/, B.sortCodeFormat), 8),
      routingNumber: field(mode, null, (s) => s.regex(/^\d{9}$/, B.routingNumberFormat), 9),
    })
    .superRefine((bank, ctx) => {
      if (mode === 'submit' && !bank.bankAccountNumber && !bank.iban) {
        ctx.addIssue({ code: 'custom', message: B.accountOrIbanRequired, path: ['bankAccountNumber'] });
      }
    });
}
export type BankForm = z.output<ReturnType<typeof bankFormSchema>>;

/**
 * Whether an account name plausibly names the profile's person or business (PRODUCT-DECISIONS §8:
 * a mismatch is shown to the admin, never refused): every word of the shorter name appears in the
 * other, ignoring case, accents and punctuation.
 */
export function accountNameMatches(accountName: string, names: readonly string[]): boolean {
  const words = (s: string) =>
    s
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter((w) => w.length > 1 && !['ltd', 'limited', 'plc', 'inc', 'llc', 'gmbh', 'mr', 'mrs', 'ms', 'dr'].includes(w));
  const account = new Set(words(accountName));
  return names.some((name) => {
    const wanted = words(name);
    return wanted.length > 0 && wanted.every((w) => account.has(w));
  });
}
