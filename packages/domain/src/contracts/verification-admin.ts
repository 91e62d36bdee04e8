import { z } from 'zod';
import { USER_TYPES } from '../validation/auth';
import { BANK_DOCUMENT_SLOTS, DOCUMENT_SLOTS, PROFILE_DOCUMENT_SLOTS, type DocumentSlot } from '../validation/profile';
import { VERIFICATION_STATUSES } from '../verification';
import { defineRoute, IsoDateTime } from './contract';
import { MoneyHoldSchema } from './security';
import { BankVerificationViewSchema, DocumentViewSchema, ProfileVerificationViewSchema } from './verification';

/**
 * The admin review of profile and bank verifications (PRODUCT-DECISIONS §8, §12): the queues of
 * submissions waiting for review, one person's case, and the decisions (approve, reject, ask for
 * one document again). COMPLIANCE and OWNER admins (permission verifications.review).
 */

const area = 'Admin';
const permission = 'verifications.review' as const;

export const REVIEW_KINDS = ['profile', 'bank'] as const;
export type ReviewKind = (typeof REVIEW_KINDS)[number];

/** The documents each verification has: a re-upload can only be asked for one of these. */
export const REVIEW_SLOTS: Readonly<Record<ReviewKind, readonly DocumentSlot[]>> = {
  profile: PROFILE_DOCUMENT_SLOTS,
  bank: BANK_DOCUMENT_SLOTS,
};

/** At most this many submissions per queue answer; `total` says how many wait. */
export const REVIEW_QUEUE_CAP = 100;

export const REVIEW_MESSAGES = {
  reasonRequired: 'Please give the reason the person will read.',
  reasonMax: 'The reason must be at most 500 characters.',
  noteMax: 'The internal note must be at most 1000 characters.',
  slotRequired: 'Please choose the document to upload again.',
  slotNotOfKind: 'This document is not part of this verification.',
  notPending: 'Only a verification waiting for review can be decided.',
  unknownUser: 'No verification for this person.',
  passportExpired: 'The passport in this profile has expired: reject it or ask for a new passport instead.',
  approved: 'Verification approved.',
  rejected: 'Verification not approved; the person was told why.',
  reuploadRequested: 'The person was asked to upload the document again.',
} as const;

export const ReviewQueueQuerySchema = z.object({ kind: z.enum(REVIEW_KINDS) }).strict();

export const ReviewQueueItemSchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  userType: z.enum(USER_TYPES),
  submittedAt: IsoDateTime,
  /** How long it has waited, in ms (the page words it). */
  ageMs: z.number().int(),
});
export type ReviewQueueItem = z.output<typeof ReviewQueueItemSchema>;

export const ReviewQueueSchema = z.object({
  kind: z.enum(REVIEW_KINDS),
  /** Oldest submission first, at most REVIEW_QUEUE_CAP. */
  items: z.array(ReviewQueueItemSchema),
  total: z.number().int(),
});
export type ReviewQueue = z.output<typeof ReviewQueueSchema>;

export const ReviewDocumentSchema = DocumentViewSchema.extend({
  /** When a newer upload of the same slot replaced it; null for the current one. */
  supersededAt: IsoDateTime.nullable(),
});
export type ReviewDocument = z.output<typeof ReviewDocumentSchema>;

const Reupload = z.object({ slot: z.enum(DOCUMENT_SLOTS), reason: z.string() }).nullable();

const ReviewSide = {
  status: z.enum(VERIFICATION_STATUSES),
  /** Current and superseded documents, newest first. */
  documents: z.array(ReviewDocumentSchema),
  submittedAt: IsoDateTime.nullable(),
  decidedAt: IsoDateTime.nullable(),
  rejectionReason: z.string().nullable(),
  reupload: Reupload,
};

export const ReviewEventSchema = z.object({
  id: z.string(),
  verification: z.enum(REVIEW_KINDS),
  action: z.string(),
  at: IsoDateTime,
  /** The deciding admin; null for the person's own steps and the daily job. */
  actor: z.object({ userId: z.string(), name: z.string() }).nullable(),
  reason: z.string().nullable(),
  internalNote: z.string().nullable(),
  documentSlot: z.enum(DOCUMENT_SLOTS).nullable(),
});
export type ReviewEvent = z.output<typeof ReviewEventSchema>;

export const ReviewCaseSchema = z.object({
  account: z.object({
    userId: z.string(),
    firstName: z.string(),
    lastName: z.string().nullable(),
    businessName: z.string().nullable(),
    email: z.string(),
    userType: z.enum(USER_TYPES),
    createdAt: IsoDateTime,
  }),
  profile: z.object({ ...ReviewSide, details: ProfileVerificationViewSchema.shape.details.nullable() }),
  bank: z.object({
    ...ReviewSide,
    details: BankVerificationViewSchema.shape.details.nullable(),
    /** Whether the account name names the profile's person or business; null without bank details. */
    accountNameMatches: z.boolean().nullable(),
  }),
  /** Newest first, both verifications. */
  history: z.array(ReviewEventSchema),
  /** The person's sales, transfers and payouts wait until then after a security change (decision 0049). */
  moneyHold: MoneyHoldSchema.nullable(),
});
export type ReviewCase = z.output<typeof ReviewCaseSchema>;

export const REVIEW_DECISIONS = ['approve', 'reject', 'reupload'] as const;
export type ReviewDecisionKind = (typeof REVIEW_DECISIONS)[number];

const optionalText = (max: number, message: string) =>
  z
    .string()
    .max(max, message)
    .optional()
    .transform((s) => s?.trim() || undefined);

/**
 * A decision on one verification. The reason is what the person reads (required to reject or ask
 * for a document again); the internal note is for admins only. `slots` are the documents of the
 * verification being decided.
 */
export function reviewDecisionSchema(slots: readonly DocumentSlot[]) {
  return z
    .object({
      userId: z.uuid({ message: REVIEW_MESSAGES.unknownUser }),
      decision: z.enum(REVIEW_DECISIONS),
      reason: optionalText(500, REVIEW_MESSAGES.reasonMax),
      internalNote: optionalText(1000, REVIEW_MESSAGES.noteMax),
      documentSlot: z.string().max(40).optional(),
    })
    .strict()
    .superRefine((input, ctx) => {
      if (input.decision !== 'approve' && !input.reason) ctx.addIssue({ code: 'custom', message: REVIEW_MESSAGES.reasonRequired, path: ['reason'] });
      if (input.decision === 'reupload') {
        if (!input.documentSlot) ctx.addIssue({ code: 'custom', message: REVIEW_MESSAGES.slotRequired, path: ['documentSlot'] });
        else if (!slots.includes(input.documentSlot as DocumentSlot)) ctx.addIssue({ code: 'custom', message: REVIEW_MESSAGES.slotNotOfKind, path: ['documentSlot'] });
      }
    })
    .transform((input) => ({
      ...input,
      documentSlot: input.decision === 'reupload' ? (input.documentSlot as DocumentSlot) : undefined,
    }));
}
export type ReviewDecision = z.output<ReturnType<typeof reviewDecisionSchema>>;
export type ReviewDecisionInput = z.input<ReturnType<typeof reviewDecisionSchema>>;

export const ProfileDecisionSchema = reviewDecisionSchema(REVIEW_SLOTS.profile);
export const BankDecisionSchema = reviewDecisionSchema(REVIEW_SLOTS.bank);

export const ReviewDecidedSchema = z.object({ message: z.string(), status: z.enum(VERIFICATION_STATUSES) });
export type ReviewDecided = z.output<typeof ReviewDecidedSchema>;

export const VERIFICATION_ADMIN_CONTRACTS = {
  queue: defineRoute({
    method: 'GET',
    path: '/api/admin/verifications',
    auth: 'admin',
    permission,
    area,
    summary: 'Profile or bank verifications waiting for review, oldest submission first (at most 100, with the total).',
    request: { query: ReviewQueueQuerySchema },
    responses: { 200: ReviewQueueSchema },
    errors: ['VALIDATION_FAILED'],
  }),
  case: defineRoute({
    method: 'GET',
    path: '/api/admin/verifications/:userId',
    auth: 'admin',
    permission,
    area,
    summary: 'One person’s verifications: account, details, documents (current and replaced), name check and history.',
    // Any text: the server answers 404 NOT_FOUND for anything but a person's id.
    request: { params: z.object({ userId: z.string() }) },
    responses: { 200: ReviewCaseSchema },
    errors: ['NOT_FOUND'],
  }),
  approveProfile: defineRoute({
    method: 'POST',
    path: '/api/user/approve_profile',
    decides: { record: 'verification' },
    auth: 'admin',
    permission,
    area,
    summary: 'Approves, rejects (with a reason) or asks for one document again on a profile waiting for review.',
    request: { body: ProfileDecisionSchema },
    responses: { 200: ReviewDecidedSchema },
    errors: ['VALIDATION_FAILED', 'NOT_FOUND', 'TRANSITION_REFUSED'],
  }),
  approveBank: defineRoute({
    method: 'POST',
    path: '/api/user/approve-bank',
    decides: { record: 'verification' },
    stepUp: 'admin-money',
    auth: 'admin',
    permission,
    area,
    summary: 'Approves, rejects (with a reason) or asks for the statement again on a bank verification waiting for review.',
    request: { body: BankDecisionSchema },
    responses: { 200: ReviewDecidedSchema },
    errors: ['VALIDATION_FAILED', 'NOT_FOUND', 'TRANSITION_REFUSED', 'STEP_UP_REQUIRED'],
  }),
} as const;
