import { z } from 'zod';
import { ADMIN_ROLES } from '../admin/permissions';
import { formatMoney } from '../format/format';
import { CURRENCIES, UNIT_TYPES } from '../money/unit-types';
import type { Currency } from '../format/format';
import { ORDER_STATUSES, ORDER_TYPES, PAYMENT_METHODS } from '../orders/status';
import { TransactionsQuerySchema } from '../orders/requests';
import { USER_TYPES } from '../validation/auth';
import { DOCUMENT_SLOTS } from '../validation/profile';
import { VERIFICATION_STATUSES } from '../verification';
import { AuditEventSchema } from './admin';
import { defineRoute, IsoDateTime, MessageSchema, PAGING } from './contract';
import { ProfileVerificationViewSchema, BankVerificationViewSchema } from './verification';
import { ReviewEventSchema } from './verification-admin';
import { MoneyHoldSchema } from './security';

/**
 * The admin's view of people's accounts (PRODUCT-DECISIONS §12, docs/decisions/0021): search, one
 * person's page, and the actions on an account. Reading needs `users.read` (every admin role;
 * personal data masked without `users.manage`, until revealed with a reason); acting needs
 * `users.manage` (COMPLIANCE, OWNER).
 */

const area = 'Admin users';

export const ACCOUNT_STATUSES = ['active', 'unconfirmed', 'disabled'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];
export const ACCOUNT_STATUS_LABELS: Readonly<Record<AccountStatus, string>> = { active: 'Active', unconfirmed: 'Email not confirmed', disabled: 'Disabled' };

export const ADMIN_USER_SORTS = ['createdAt', 'name', 'email'] as const;
export type AdminUserSort = (typeof ADMIN_USER_SORTS)[number];

/** The largest purchase-limit override, in cents (1,000,000,000.00). */
export const MAX_LIMIT_OVERRIDE_CENTS = 100_000_000_000;

export const ADMIN_USER_MESSAGES = {
  notFound: 'This person was not found.',
  reasonRequired: 'Please give the reason for this action.',
  reasonMax: 'The reason must be at most 500 characters.',
  currencyRequired: 'Choose the currency of the limit.',
  amountInvalid: 'Enter an amount such as 25000 or 25,000.50, or leave it empty to use the tier’s limit.',
  amountMax: `The limit can be at most ${formatMoney(MAX_LIMIT_OVERRIDE_CENTS, 'GBP').replace('£', '')}.`,
  limitSet: (currency: Currency, cents: number) => `The ${currency} purchase limit is now ${formatMoney(cents, currency)}.`,
  limitCleared: (currency: Currency) => `The ${currency} purchase limit is the tier’s again.`,
  limitUnchanged: 'The purchase limit already was that; nothing changed.',
  adminNotDisabled: 'Admin accounts cannot be disabled here: an owner manages admins and their roles.',
  disabled: 'The account is disabled: every session of it ended, and it cannot log in or receive Units.',
  alreadyDisabled: 'The account already was disabled; nothing changed.',
  enabled: 'The account is enabled again: the person can log in and receive Units.',
  notDisabled: 'The account is not disabled; nothing changed.',
  confirmationSent: 'A new confirmation email was sent; the earlier link no longer works.',
  alreadyConfirmed: 'This account has already confirmed its email address.',
  confirmationDisabled: 'This account is disabled: enable it before sending a confirmation email.',
} as const;

const M = ADMIN_USER_MESSAGES;

/** The reason every action on an account carries (kept in the audit log). */
export const ActionReasonSchema = z.string({ message: M.reasonRequired }).trim().min(1, M.reasonRequired).max(500, M.reasonMax);

/** A body with only a reason: disable, re-enable, reveal. */
export const AdminUserReasonSchema = z.object({ reason: ActionReasonSchema }).strict();
export type AdminUserReasonInput = z.input<typeof AdminUserReasonSchema>;

/** "25000", "25,000.50", "25000.5" → cents; "" → null (the tier's limit again). */
const LimitAmountSchema = z
  .string({ message: M.amountInvalid })
  .trim()
  .max(30, M.amountInvalid)
  .transform((text, ctx): number | null => {
    if (text === '') return null;
    const plain = text.replace(/,(?=\d{3}(\D|$))/g, '');
    const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(plain);
    if (!match) {
      ctx.addIssue({ code: 'custom', message: M.amountInvalid });
      return z.NEVER;
    }
    const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
    if (cents > MAX_LIMIT_OVERRIDE_CENTS) {
      ctx.addIssue({ code: 'custom', message: M.amountMax });
      return z.NEVER;
    }
    return cents;
  });

/** POST /api/admin/users/:id/purchase-limit: one currency's override (an empty amount clears it). */
export const PurchaseLimitOverrideSchema = z
  .object({
    currency: z.enum(CURRENCIES, { message: M.currencyRequired }),
    amount: LimitAmountSchema,
    reason: ActionReasonSchema,
  })
  .strict();
export type PurchaseLimitOverrideInput = z.input<typeof PurchaseLimitOverrideSchema>;
export type PurchaseLimitOverride = z.output<typeof PurchaseLimitOverrideSchema>;

/** GET /api/admin/users: search, filter, sort and paging, all done by the server. */
export const AdminUsersQuerySchema = z
  .object({
    /** An email (or its beginning), a first, last or full name, a business name, or an order id. */
    q: z
      .string()
      .trim()
      .max(200)
      .optional()
      .transform((s) => s || undefined),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(25),
    sort: z.enum(ADMIN_USER_SORTS).default('createdAt'),
    direction: z.enum(['asc', 'desc']).default('desc'),
    status: z.preprocess((v) => (v === '' ? undefined : v), z.enum(ACCOUNT_STATUSES).optional()),
  })
  .strict();
export type AdminUsersQuery = z.output<typeof AdminUsersQuerySchema>;

export const AdminUserItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  businessName: z.string().nullable(),
  userType: z.enum(USER_TYPES),
  adminRole: z.enum(ADMIN_ROLES).nullable(),
  status: z.enum(ACCOUNT_STATUSES),
  profileVerificationStatus: z.enum(VERIFICATION_STATUSES),
  bankVerificationStatus: z.enum(VERIFICATION_STATUSES),
  createdAt: IsoDateTime,
  /** Set when the search found the person by one of their orders. */
  matchedOrderId: z.string().nullable(),
});
export type AdminUserItem = z.output<typeof AdminUserItemSchema>;

export const AdminUsersPageSchema = z.object({ users: z.array(AdminUserItemSchema), ...PAGING, masked: z.boolean() });
export type AdminUsersPage = z.output<typeof AdminUsersPageSchema>;

export const AdminUserOrderSchema = z.object({
  orderId: z.string(),
  orderType: z.enum(ORDER_TYPES),
  orderStatus: z.enum(ORDER_STATUSES),
  unitType: z.enum(UNIT_TYPES),
  numberOfUnits: z.number().int(),
  /** SENT: placed by this person; RECEIVED: a transfer to them. */
  direction: z.enum(['SENT', 'RECEIVED']),
  paymentMethod: z.enum(PAYMENT_METHODS).nullable(),
  amountCents: z.number().int().nullable(),
  currency: z.enum(CURRENCIES),
  /** The other side of a transfer: the recipient's email (sent) or the sender's short name (received). */
  counterparty: z.string().nullable(),
  createdAt: IsoDateTime,
});
export type AdminUserOrder = z.output<typeof AdminUserOrderSchema>;

export const AdminUserOrdersSchema = z.object({ orders: z.array(AdminUserOrderSchema), ...PAGING, totalCapped: z.boolean() });
export type AdminUserOrders = z.output<typeof AdminUserOrdersSchema>;

const Currencies = z.enum(CURRENCIES);

export const AdminUserDetailSchema = z.object({
  /** Whether personal data in this answer is masked (roles without users.manage, no reveal). */
  masked: z.boolean(),
  /** The person's sales, transfers and payouts wait until then after a security change (decision 0049); null when none runs. */
  moneyHold: MoneyHoldSchema.nullable(),
  account: z.object({
    id: z.string(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string().nullable(),
    businessName: z.string().nullable(),
    userType: z.enum(USER_TYPES),
    adminRole: z.enum(ADMIN_ROLES).nullable(),
    status: z.enum(ACCOUNT_STATUSES),
    createdAt: IsoDateTime,
    emailConfirmedAt: IsoDateTime.nullable(),
    disabledAt: IsoDateTime.nullable(),
    disabledReason: z.string().nullable(),
  }),
  verification: z.object({
    profile: z.object({
      status: z.enum(VERIFICATION_STATUSES),
      details: ProfileVerificationViewSchema.shape.details.nullable(),
      submittedAt: IsoDateTime.nullable(),
      decidedAt: IsoDateTime.nullable(),
      rejectionReason: z.string().nullable(),
    }),
    bank: z.object({
      status: z.enum(VERIFICATION_STATUSES),
      details: BankVerificationViewSchema.shape.details.nullable(),
      submittedAt: IsoDateTime.nullable(),
      decidedAt: IsoDateTime.nullable(),
      rejectionReason: z.string().nullable(),
    }),
    /** Newest first: submissions and decisions of both verifications. */
    history: z.array(ReviewEventSchema),
  }),
  /** Every document uploaded, newest first; `url` only for roles that review verifications. */
  documents: z.array(
    z.object({
      id: z.string(),
      slot: z.enum(DOCUMENT_SLOTS),
      filename: z.string(),
      contentType: z.string(),
      size: z.number().int(),
      uploadedAt: IsoDateTime,
      supersededAt: IsoDateTime.nullable(),
      url: z.string().nullable(),
    }),
  ),
  /** Units per unit type, by bucket, and their value at today's price (cents of the unit type's currency). */
  holdings: z.array(
    z.object({
      unitType: z.enum(UNIT_TYPES),
      currency: Currencies,
      owned: z.number().int(),
      ownedDoubleLand: z.number().int(),
      pendingBuy: z.number().int(),
      pendingSell: z.number().int(),
      transferQueued: z.number().int(),
      convertLocked: z.number().int(),
      bonusLocked: z.number().int(),
      valueTodayCents: z.number(),
    }),
  ),
  /** The purchase limit per currency: the tier's, the override (if any) and what the unapproved buys use. */
  purchaseLimits: z.array(
    z.object({
      currency: Currencies,
      tierCents: z.number().int(),
      overrideCents: z.number().int().nullable(),
      limitCents: z.number().int(),
      usedCents: z.number().int(),
      reason: z.string().nullable(),
      setBy: z.string().nullable(),
      setAt: IsoDateTime.nullable(),
    }),
  ),
  orders: AdminUserOrdersSchema,
  /** Emails sent (or queued) to the account's address and its earlier addresses, newest first (at most 50). */
  emails: z.array(
    z.object({
      id: z.string(),
      to: z.string(),
      subject: z.string(),
      status: z.enum(['queued', 'sent', 'failed']),
      queuedAt: IsoDateTime,
      sentAt: IsoDateTime.nullable(),
      attempts: z.number().int(),
    }),
  ),
  /** Email change requests, newest first. */
  emailChanges: z.array(
    z.object({
      id: z.string(),
      status: z.string(),
      outcome: z.enum(['Approved', 'Rejected']).nullable(),
      oldEmail: z.string().nullable(),
      newEmail: z.string().nullable(),
      createdAt: IsoDateTime,
      decidedAt: IsoDateTime.nullable(),
    }),
  ),
  /** Open sessions: when each began and was last refreshed (at most once a day), and when it ends. */
  sessions: z.array(z.object({ id: z.string(), createdAt: IsoDateTime, lastSeenAt: IsoDateTime, expiresAt: IsoDateTime })),
  /** Admin actions on this account and its verifications and email changes, newest first (at most 50). */
  audit: z.array(AuditEventSchema),
});
export type AdminUserDetail = z.output<typeof AdminUserDetailSchema>;

export const AdminUserActionAnswerSchema = MessageSchema.extend({ changed: z.boolean() });
export type AdminUserActionAnswer = z.output<typeof AdminUserActionAnswerSchema>;

/** A person's id: the server answers 404 NOT_FOUND for anything but the id of an account (a malformed one included). */
const IdParams = z.object({ id: z.string() });
const read = 'users.read' as const;
const manage = 'users.manage' as const;

export const ADMIN_USER_CONTRACTS = {
  search: defineRoute({
    method: 'GET',
    path: '/api/admin/users',
    auth: 'admin',
    permission: read,
    area,
    summary: 'People by email, name, business name or order id; filtered by account status, sorted and paged by the server.',
    request: { query: AdminUsersQuerySchema },
    responses: { 200: AdminUsersPageSchema },
    errors: ['VALIDATION_FAILED'],
  }),
  detail: defineRoute({
    method: 'GET',
    path: '/api/admin/users/:id',
    auth: 'admin',
    permission: read,
    area,
    summary: 'One person: account, verifications, documents, holdings, purchase limits, first page of orders, emails, sessions and audit trail (masked without users.manage).',
    request: { params: IdParams },
    responses: { 200: AdminUserDetailSchema },
    errors: ['NOT_FOUND'],
  }),
  orders: defineRoute({
    method: 'GET',
    path: '/api/admin/users/:id/orders',
    auth: 'admin',
    permission: read,
    area,
    summary: 'The person’s orders (placed and received), with the transaction filters, sorts and paging.',
    request: { params: IdParams, query: TransactionsQuerySchema },
    responses: { 200: AdminUserOrdersSchema },
    errors: ['NOT_FOUND', 'VALIDATION_FAILED'],
  }),
  reveal: defineRoute({
    method: 'POST',
    path: '/api/admin/users/:id/reveal',
    auth: 'admin',
    permission: read,
    area,
    summary: 'The person’s page unmasked, for this answer only; the reveal and its reason are written to the audit log.',
    request: { params: IdParams, body: AdminUserReasonSchema },
    responses: { 200: AdminUserDetailSchema },
    errors: ['NOT_FOUND', 'VALIDATION_FAILED'],
  }),
  purchaseLimit: defineRoute({
    method: 'POST',
    path: '/api/admin/users/:id/purchase-limit',
    decides: { record: 'account' },
    stepUp: 'admin-money',
    auth: 'admin',
    permission: manage,
    area,
    summary: 'Sets or clears the purchase-limit override of one currency, with a reason.',
    request: { params: IdParams, body: PurchaseLimitOverrideSchema },
    responses: { 200: AdminUserActionAnswerSchema },
    errors: ['NOT_FOUND', 'VALIDATION_FAILED', 'STEP_UP_REQUIRED'],
  }),
  disable: defineRoute({
    method: 'POST',
    path: '/api/admin/users/:id/disable',
    decides: { record: 'account' },
    auth: 'admin',
    permission: manage,
    area,
    summary: 'Disables an account with a reason: its sessions end, it cannot log in, and transfers to it are refused (scheduled ones fail).',
    request: { params: IdParams, body: AdminUserReasonSchema },
    responses: { 200: AdminUserActionAnswerSchema },
    errors: ['NOT_FOUND', 'VALIDATION_FAILED', 'TRANSITION_REFUSED'],
  }),
  enable: defineRoute({
    method: 'POST',
    path: '/api/admin/users/:id/enable',
    decides: { record: 'account' },
    auth: 'admin',
    permission: manage,
    area,
    summary: 'Enables a disabled account again, with a reason.',
    request: { params: IdParams, body: AdminUserReasonSchema },
    responses: { 200: AdminUserActionAnswerSchema },
    errors: ['NOT_FOUND', 'VALIDATION_FAILED'],
  }),
  resendConfirmation: defineRoute({
    method: 'POST',
    path: '/api/admin/users/:id/resend-confirmation',
    auth: 'admin',
    permission: manage,
    area,
    summary: 'Sends a new confirmation email to an account that has not confirmed its address (the earlier link stops working).',
    request: { params: IdParams, body: AdminUserReasonSchema },
    responses: { 200: AdminUserActionAnswerSchema },
    errors: ['NOT_FOUND', 'VALIDATION_FAILED', 'TRANSITION_REFUSED'],
  }),
} as const;
