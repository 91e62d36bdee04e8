import { z } from 'zod';
import { DOCUMENT_SLOTS, REQUESTED_STATUSES } from '../validation/profile';
import { VERIFICATION_STATUSES } from '../verification';
import { defineRoute, IsoDateTime } from './contract';
import { MoneyHoldSchema } from './security';

/**
 * The person's own verification routes (SPEC §7; PRODUCT-DECISIONS §8): read both verifications,
 * save or submit the profile and the bank (multipart, with their documents), withdraw a
 * submission, download one's own document.
 */

const area = 'Verification';

export const DocumentViewSchema = z.object({
  id: z.string(),
  slot: z.enum(DOCUMENT_SLOTS),
  filename: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  uploadedAt: IsoDateTime,
  /** GET this to download it (owner and reviewing admins only). */
  url: z.string(),
});
export type DocumentView = z.output<typeof DocumentViewSchema>;

const Reupload = z.object({ slot: z.enum(DOCUMENT_SLOTS), reason: z.string() }).nullable();

const ProfileDetailsSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  address: z.object({ houseNumber: z.string(), streetAddress: z.string(), townCity: z.string(), postcode: z.string(), country: z.string() }),
  contactInfo: z.object({ telephoneCountryCode: z.string(), phoneNumber: z.string() }),
  optionalNote: z.string(),
  passport: z.object({ passportNumber: z.string(), issuingCountry: z.string(), startDate: z.string(), expiryDate: z.string() }).optional(),
  businessInfo: z.object({ businessName: z.string(), registrationNumber: z.string(), vatNumber: z.string() }).optional(),
});

export const ProfileVerificationViewSchema = z.object({
  status: z.enum(VERIFICATION_STATUSES),
  userType: z.enum(['USER', 'BUSINESS']),
  email: z.string(),
  details: ProfileDetailsSchema,
  /** Current document per slot. */
  documents: z.array(DocumentViewSchema),
  /** Labels of what a submission still needs (the missing-field tooltip, SPEC §9). */
  missing: z.array(z.string()),
  rejectionReason: z.string().nullable(),
  reupload: Reupload,
  submittedAt: IsoDateTime.nullable(),
  decidedAt: IsoDateTime.nullable(),
});
export type ProfileVerificationView = z.output<typeof ProfileVerificationViewSchema>;

const BankDetailsSchema = z.object({
  bankAccountName: z.string(),
  bankAccountNumber: z.string(),
  iban: z.string(),
  swiftBic: z.string(),
  bankName: z.string(),
  bankAddress: z.string(),
  bankCountry: z.string(),
  sortCode: z.string(),
  routingNumber: z.string(),
});

export const BankVerificationViewSchema = z.object({
  status: z.enum(VERIFICATION_STATUSES),
  details: BankDetailsSchema,
  documents: z.array(DocumentViewSchema),
  missing: z.array(z.string()),
  rejectionReason: z.string().nullable(),
  reupload: Reupload,
  submittedAt: IsoDateTime.nullable(),
  decidedAt: IsoDateTime.nullable(),
});
export type BankVerificationView = z.output<typeof BankVerificationViewSchema>;

export const LIMIT_TIERS = ['emailVerified', 'profileApproved', 'businessApproved'] as const;
export type LimitTier = (typeof LIMIT_TIERS)[number];

export const PurchaseLimitsViewSchema = z.object({
  /** The tier the person is on. */
  current: z.enum(LIMIT_TIERS),
  /** The tier's limit, in cents of each currency (where no override replaces it). */
  currentCents: z.number().int(),
  /** The currencies in which an admin set this person's limit, and the limit there (cents of that currency). */
  overrides: z.array(z.object({ currency: z.enum(['GBP', 'USD', 'EUR', 'AUD']), cents: z.number().int() })),
  tiers: z.array(z.object({ id: z.enum(LIMIT_TIERS), label: z.string(), cents: z.number().int(), requirement: z.string(), forUser: z.boolean() })),
});
export type PurchaseLimitsView = z.output<typeof PurchaseLimitsViewSchema>;

export const VerificationOverviewSchema = z.object({
  profile: ProfileVerificationViewSchema,
  bank: BankVerificationViewSchema,
  limits: PurchaseLimitsViewSchema,
  /** Sales and transfers wait until then after a security change (decision 0049); null when none runs. */
  moneyHold: MoneyHoldSchema.nullable(),
});
export type VerificationOverview = z.output<typeof VerificationOverviewSchema>;

/**
 * POST /api/user/update_profile (multipart, SPEC §7): firstName, lastName, email (must be the
 * account's: a new address goes through the email change), kycInfo as JSON (the profile form plus
 * `kycStatus`: 'Saved' for a draft, 'Pending' to submit), and the files.
 */
export const UpdateProfileFieldsSchema = z.object({
  firstName: z.string().max(300).optional(),
  lastName: z.string().max(300).optional(),
  email: z.string().max(300).optional(),
  kycInfo: z.string().max(8000),
});
export const PROFILE_FILE_FIELDS = ['passportFile', 'registrationDocument', 'optionalDocument'] as const;
export const KycStatusSchema = z.enum(REQUESTED_STATUSES);

/** POST /api/user/update-bank (multipart): every bank field, verificationStatus, bankStatement. */
export const UpdateBankFieldsSchema = z.object({
  bankAccountName: z.string().max(500).optional(),
  bankAccountNumber: z.string().max(500).optional(),
  iban: z.string().max(500).optional(),
  swiftBic: z.string().max(500).optional(),
  bankName: z.string().max(500).optional(),
  bankAddress: z.string().max(1100).optional(),
  bankCountry: z.string().max(500).optional(),
  sortCode: z.string().max(500).optional(),
  routingNumber: z.string().max(500).optional(),
  verificationStatus: z.string().max(20),
});
export const BANK_FILE_FIELDS = ['bankStatement'] as const;

export const WithdrawSchema = z.object({ verification: z.enum(['profile', 'bank']) });

const Saved = VerificationOverviewSchema.extend({ message: z.string() });

export const VERIFICATION_CONTRACTS = {
  overview: defineRoute({
    method: 'GET',
    path: '/api/user/verification',
    auth: 'user',
    area,
    summary: 'The person’s profile and bank verification, documents and purchase-limit tiers.',
    responses: { 200: VerificationOverviewSchema },
    errors: [],
  }),
  updateProfile: defineRoute({
    method: 'POST',
    path: '/api/user/update_profile',
    auth: 'user',
    area,
    summary: 'Saves (Saved) or submits (Pending) the profile verification with its documents.',
    request: { multipart: { fields: UpdateProfileFieldsSchema, files: PROFILE_FILE_FIELDS } },
    responses: { 200: Saved },
    errors: ['VALIDATION_FAILED', 'TRANSITION_REFUSED', 'BAD_REQUEST', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE', 'RATE_LIMITED'],
  }),
  updateBank: defineRoute({
    method: 'POST',
    path: '/api/user/update-bank',
    auth: 'user',
    area,
    summary: 'Saves (Saved) or submits (Pending) the bank verification with its statement.',
    request: { multipart: { fields: UpdateBankFieldsSchema, files: BANK_FILE_FIELDS } },
    responses: { 200: Saved },
    errors: ['VALIDATION_FAILED', 'TRANSITION_REFUSED', 'BAD_REQUEST', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE', 'RATE_LIMITED', 'STEP_UP_REQUIRED'],
  }),
  withdraw: defineRoute({
    method: 'POST',
    path: '/api/user/verification/withdraw',
    auth: 'user',
    area,
    summary: 'Withdraws a submission waiting for review (back to Saved).',
    request: { body: WithdrawSchema },
    responses: { 200: Saved },
    errors: ['VALIDATION_FAILED', 'TRANSITION_REFUSED'],
  }),
  document: defineRoute({
    // Public: the handler reads the session itself, so a signed-out request gets the same 404 as
    // anyone else who may not read the document (its existence is never revealed).
    method: 'GET',
    path: '/api/user/verification/documents/:id',
    auth: 'public',
    area,
    summary: 'Downloads one verification document (its owner, or an admin who reviews verifications).',
    request: { params: z.object({ id: z.string().max(100) }) },
    responses: { 200: { mediaType: 'application/octet-stream' } },
    errors: ['VALIDATION_FAILED', 'NOT_FOUND'],
  }),
};
