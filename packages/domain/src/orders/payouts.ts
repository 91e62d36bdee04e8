import { z } from 'zod';
import { CURRENCIES } from '../money/unit-types';
import type { OrderStatus } from './status';

/**
 * Sell payouts with four eyes (PRODUCT-DECISIONS §3, §12). A payout is (units − sell fee) × price,
 * in cents of the order's currency. One of 10,000.00 or more needs two different admins: one marks
 * it paid with the bank's reference, another confirms it. A smaller one is paid and completed by
 * one admin. Nobody confirms a payout they marked paid themselves.
 */

/** 10,000.00 in any currency, in cents: from here a payout needs a second admin. */
export const PAYOUT_SECOND_ADMIN_CENTS = 1_000_000;

/** Whether a payout of `amountCents` needs a second admin to confirm it. */
export function payoutNeedsSecondAdmin(amountCents: number): boolean {
  return amountCents >= PAYOUT_SECOND_ADMIN_CENTS;
}

/** The statuses in which a sale waits for its payout (the payout queue). */
export const PAYOUT_QUEUE_STATUSES = ['FundsWaitingApproval', 'PartialComplete', 'AllUnitSold'] as const satisfies readonly OrderStatus[];
export type PayoutQueueStatus = (typeof PAYOUT_QUEUE_STATUSES)[number];

export const PAYOUT_MESSAGES = {
  referenceRequired: 'Please enter the bank reference of the payment.',
  referenceShort: 'The bank reference must be at least 4 characters.',
  referenceLong: 'The bank reference must be at most 64 characters.',
  referenceCharacters: 'The bank reference may contain letters, digits, spaces and - / . _ : only.',
  notASale: 'Only a sale has a payout.',
  alreadyMarked: 'This payout is already marked as paid.',
  notMarked: 'Mark this payout as paid, with the bank reference, before confirming it.',
  alreadyConfirmed: 'This payout is already confirmed.',
  sameAdmin: 'You marked this payout as paid: a second admin must confirm it.',
  bankNotApproved: 'This person has no approved bank details: the payout cannot be sent until their bank verification is approved again.',
  completeInQueue: 'A payout is completed from the payout queue, with the bank reference of the payment.',
} as const;

/** Letters, digits and the separators banks print in references. */
const REFERENCE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9 ./_:-]*$/;

const bankReference = () =>
  z
    .string({ message: PAYOUT_MESSAGES.referenceRequired })
    .trim()
    .min(1, PAYOUT_MESSAGES.referenceRequired)
    .min(4, PAYOUT_MESSAGES.referenceShort)
    .max(64, PAYOUT_MESSAGES.referenceLong)
    .regex(REFERENCE_PATTERN, PAYOUT_MESSAGES.referenceCharacters);

/** The reference the bank gave the payment (the admin copies it from the bank's confirmation). */
export const BankReferenceSchema = /* @__PURE__ */ bankReference();

/** POST /api/admin/payouts/:id/mark-paid: `{bankReference}`. Strict: nothing else can be set. */
export const MarkPayoutPaidSchema = /* @__PURE__ */ z.strictObject({ bankReference: BankReferenceSchema });
export type MarkPayoutPaid = z.output<typeof MarkPayoutPaidSchema>;

/** POST /api/admin/payouts/:id/confirm: an empty body (the confirming admin adds nothing but their eyes). */
export const ConfirmPayoutSchema = /* @__PURE__ */ z.strictObject({});

// ── The payout queue's query ──────────────────────────────────────────────────────────────────

export const PAYOUT_SORT_FIELDS = ['createdAt', 'amount'] as const;
export type PayoutSortField = (typeof PAYOUT_SORT_FIELDS)[number];
export const PAYOUT_PAGE_SIZE = 20;
export const PAYOUT_MAX_PAGE_SIZE = 100;

export const PAYOUT_QUERY_MESSAGES = {
  page: 'Page must be a whole number of at least 1.',
  pageSize: `Page size must be a whole number from 1 to ${PAYOUT_MAX_PAGE_SIZE}.`,
  sortBy: 'Sort by createdAt or amount.',
  sortDirection: 'Sort direction must be asc or desc.',
  currency: 'Choose GBP, USD, EUR or AUD.',
  status: 'Choose Funds Waiting Approval, Partially Complete or All Units Sold.',
  needsSecondAdmin: 'needsSecondAdmin must be true or false.',
} as const;

/** An empty query value (`?currency=`) means "no filter", as an "All" choice in a form sends it. */
const optionalParam = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

const wholeNumber = (message: string, min: number, max: number) =>
  z
    .string({ message })
    .regex(/^\d{1,9}$/, message)
    .transform(Number)
    .pipe(z.number().int().min(min, message).max(max, message));

const payoutQueueQuery = () =>
  z.object({
    page: optionalParam(wholeNumber(PAYOUT_QUERY_MESSAGES.page, 1, 100_000)).transform((v) => v ?? 1),
    pageSize: optionalParam(wholeNumber(PAYOUT_QUERY_MESSAGES.pageSize, 1, PAYOUT_MAX_PAGE_SIZE)).transform((v) => v ?? PAYOUT_PAGE_SIZE),
    /** createdAt: by age (asc = oldest first, the default); amount: by the payout in cents, whatever its currency. */
    sortBy: optionalParam(z.enum(PAYOUT_SORT_FIELDS, { message: PAYOUT_QUERY_MESSAGES.sortBy })).transform((v) => v ?? 'createdAt'),
    sortDirection: optionalParam(z.enum(['asc', 'desc'], { message: PAYOUT_QUERY_MESSAGES.sortDirection })).transform((v) => v ?? 'asc'),
    currency: optionalParam(z.enum(CURRENCIES, { message: PAYOUT_QUERY_MESSAGES.currency })),
    status: optionalParam(z.enum(PAYOUT_QUEUE_STATUSES, { message: PAYOUT_QUERY_MESSAGES.status })),
    /** true: payouts marked paid that wait for a second admin's confirmation; false: the ones not marked paid yet. */
    needsSecondAdmin: optionalParam(z.enum(['true', 'false'], { message: PAYOUT_QUERY_MESSAGES.needsSecondAdmin }).transform((v) => v === 'true')),
  });

/** GET /api/admin/payouts: paging, sort and filters, as query-string values. Unknown parameters are ignored. */
export const PayoutQueueQuerySchema = /* @__PURE__ */ payoutQueueQuery();
export type PayoutQueueQuery = z.output<typeof PayoutQueueQuerySchema>;
export type PayoutQueueQueryInput = z.input<typeof PayoutQueueQuerySchema>;
