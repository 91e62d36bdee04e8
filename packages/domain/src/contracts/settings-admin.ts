import { z } from 'zod';
import { ChangeReasonSchema, SETTING_CHANGE_KEYS, SETTING_REQUEST_MESSAGES as M, SETTING_REQUEST_STATUSES } from '../settings/change-requests';
import { MoneyFiguresSchema } from '../settings/money-figures';
import { PaymentDetailsSchema } from '../settings/payment-details';
import { defineRoute, IsoDateTime, MessageSchema, PAGING } from './contract';

/**
 * The four-eyes settings routes (decision 0019): the money settings (/admin/settings, permission
 * settings.money) and the payment details (/admin/payment-details, settings.payment). Each
 * section: its current value with pending requests and a page of decided ones, a proposal, and the
 * approve / reject / withdraw decisions. Bodies are checked with the domain's schemas; a proposal's
 * value errors are keyed by the setting's path (`externalFees.Card_Stripe.fixedPercentageFees`).
 */

const Reason = ChangeReasonSchema;

export const ProposeMoneySettingsSchema = z.object({ value: MoneyFiguresSchema, reason: Reason });
export const ProposePaymentDetailsSchema = z.object({ value: PaymentDetailsSchema, reason: Reason });
/** The proposer's reason alone (the value is checked on its own, so its errors carry no prefix). */
export const ProposalReasonSchema = z.object({ reason: Reason });
export const RejectSettingChangeSchema = z.object({
  reason: z.string({ message: M.rejectReasonRequired }).trim().min(1, M.rejectReasonRequired).max(500, M.reasonMax),
});
export const MoneyPreviewRequestSchema = z.object({ value: MoneyFiguresSchema });

export const SettingsPageQuerySchema = z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) }).strict();
export const SETTINGS_HISTORY_PAGE_SIZE = 10;

const Leaf = z.union([z.string(), z.number(), z.boolean(), z.null()]);
const AdminRef = z.object({ id: z.string(), name: z.string(), email: z.string().nullable() });

export const SettingChangeRequestSchema = z.object({
  id: z.string(),
  key: z.enum(SETTING_CHANGE_KEYS),
  status: z.enum(SETTING_REQUEST_STATUSES),
  /** The section's version the proposal was made on. */
  baseVersion: z.number().int(),
  /** Every value that changes, by path. */
  changes: z.array(z.object({ path: z.string(), before: Leaf, after: Leaf })),
  reason: z.string(),
  proposedBy: AdminRef,
  proposedAt: IsoDateTime,
  decidedBy: AdminRef.nullable(),
  decidedAt: IsoDateTime.nullable(),
  /** Why it was rejected. */
  decisionReason: z.string().nullable(),
  supersededBy: z.string().nullable(),
  /** Money only: whether the price terms (growth, epoch, P0) change. */
  pricesChange: z.boolean(),
  /** The first UTC day of the new prices: set once approved (pending: the day after approval). */
  pricesFrom: z.string().nullable(),
  /** Pending, but the section has changed since: it can no longer be approved. */
  stale: z.boolean(),
  /** What the admin asking may do with it (the server refuses the rest). */
  yours: z.boolean(),
  canApprove: z.boolean(),
  canReject: z.boolean(),
  canWithdraw: z.boolean(),
});
export type SettingChangeRequest = z.output<typeof SettingChangeRequestSchema>;

const requestLists = {
  pending: z.array(SettingChangeRequestSchema),
  /** Decided requests, newest first, one page. */
  history: z.array(SettingChangeRequestSchema),
  ...PAGING,
};

const PriceTermsShape = z.object({ growthPerYear: z.string(), priceEpoch: z.string(), initialPrices: z.record(z.string(), z.string()) });

export const MoneySettingsAdminSchema = z.object({
  current: z.record(z.string(), z.unknown()),
  version: z.number().int(),
  updatedAt: IsoDateTime.nullable(),
  /** Set while today's prices still follow earlier terms: those terms and the day the current ones start. */
  pricesToday: PriceTermsShape.extend({ until: z.string() }).nullable(),
  ...requestLists,
});
export type MoneySettingsAdmin = z.output<typeof MoneySettingsAdminSchema>;

export const PaymentDetailsAdminSchema = z.object({
  current: z.object({
    adminBankDetails: z.record(z.string(), z.string()),
    adminCryptoWallets: z.record(z.string(), z.string()),
    company: z.record(z.string(), z.string()),
  }),
  version: z.number().int(),
  updatedAt: IsoDateTime.nullable(),
  ...requestLists,
});
export type PaymentDetailsAdmin = z.output<typeof PaymentDetailsAdminSchema>;

const WorkedExample = z.object({
  units: z.number().int(),
  unitType: z.string(),
  currency: z.string(),
  method: z.string(),
  pricePerUnit: z.string(),
  percentageBasisPoints: z.number().int(),
  subTotal: z.number().int(),
  transactionFee: z.number().int(),
  base: z.number().int(),
  percentageFee: z.number().int(),
  fixedFee: z.number().int(),
  paymentAmount: z.number().int(),
});
export type WorkedExample = z.output<typeof WorkedExample>;

export const MoneyPreviewSchema = z.object({
  /** Today (UTC) and the day new prices would start. */
  priceDate: z.string(),
  effectiveDay: z.string(),
  pricesChange: z.boolean(),
  /** Per unit type: today's price (unchanged by the proposal) and the price on the effective day, now and as proposed. */
  prices: z.array(z.object({ unitType: z.string(), currency: z.string(), today: z.string(), effectiveDayNow: z.string(), effectiveDayProposed: z.string() })),
  /** The /fees worked example (100 GBP Units by card, Stripe) at today's price, with the fees in force and as proposed. */
  workedExample: z.object({ current: WorkedExample, proposed: WorkedExample }),
  /** Land value per currency in cents (GBP value × rate). */
  landValues: z.array(z.object({ currency: z.string(), current: z.number().int(), proposed: z.number().int() })),
  changes: SettingChangeRequestSchema.shape.changes,
});
export type MoneyPreview = z.output<typeof MoneyPreviewSchema>;

const DecisionAnswer = MessageSchema.extend({ request: SettingChangeRequestSchema });
/** A request's id: anything that is not one (a UUID of the section's requests) is a 404, as for an unknown one. */
const IdParams = z.object({ id: z.string() });
const area = 'Settings';
const DECISION_ERRORS = ['NOT_FOUND', 'TRANSITION_REFUSED', 'CONFLICT', 'VALIDATION_FAILED'] as const;

/** The five routes of one section, under `base`, checked with `permission`. */
function sectionRoutes<P extends 'settings.money' | 'settings.payment', B extends string, Proposal extends z.ZodType, Answer extends z.ZodType>(
  base: B,
  permission: P,
  what: string,
  propose: Proposal,
  answer: Answer,
) {
  return {
    read: defineRoute({
      method: 'GET',
      path: base,
      auth: 'admin',
      permission,
      area,
      summary: `The ${what} in force, requests waiting for a second admin, and a page of decided ones (newest first).`,
      request: { query: SettingsPageQuerySchema },
      responses: { 200: answer },
      errors: ['VALIDATION_FAILED'],
    }),
    propose: defineRoute({
      method: 'POST',
      path: `${base}/requests`,
      auth: 'admin',
      permission,
      area,
      summary: `Proposes new ${what} with a reason; nothing applies until another admin approves.`,
      request: { body: propose },
      responses: { 200: DecisionAnswer },
      errors: ['VALIDATION_FAILED'],
    }),
    approve: defineRoute({
      method: 'POST',
      path: `${base}/requests/:id/approve`,
      decides: { record: 'settingChange', ownMessage: M.ownApproval },
      stepUp: 'admin-money',
      auth: 'admin',
      permission,
      area,
      summary: 'Approves and applies a pending request of another admin (403 for one’s own; 409 when the settings changed since it was made).',
      request: { params: IdParams },
      responses: { 200: DecisionAnswer },
      errors: [...DECISION_ERRORS, 'STEP_UP_REQUIRED'],
    }),
    reject: defineRoute({
      method: 'POST',
      path: `${base}/requests/:id/reject`,
      decides: { record: 'settingChange', ownMessage: M.ownRejection },
      auth: 'admin',
      permission,
      area,
      summary: 'Rejects a pending request of another admin, with a reason.',
      request: { params: IdParams, body: RejectSettingChangeSchema },
      responses: { 200: DecisionAnswer },
      errors: [...DECISION_ERRORS],
    }),
    withdraw: defineRoute({
      method: 'POST',
      path: `${base}/requests/:id/withdraw`,
      auth: 'admin',
      permission,
      area,
      summary: 'The proposer withdraws their own pending request.',
      request: { params: IdParams },
      responses: { 200: DecisionAnswer },
      errors: [...DECISION_ERRORS],
    }),
  };
}

const money = sectionRoutes('/api/admin/settings', 'settings.money', 'money settings', ProposeMoneySettingsSchema, MoneySettingsAdminSchema);
const payment = sectionRoutes('/api/admin/payment-details', 'settings.payment', 'payment details', ProposePaymentDetailsSchema, PaymentDetailsAdminSchema);

export const SETTINGS_ADMIN_CONTRACTS = {
  moneySettings: money.read,
  proposeMoneySettings: money.propose,
  approveMoneySettings: money.approve,
  rejectMoneySettings: money.reject,
  withdrawMoneySettings: money.withdraw,
  previewMoneySettings: defineRoute({
    method: 'POST',
    path: '/api/admin/settings/preview',
    auth: 'admin',
    permission: 'settings.money',
    area,
    summary: 'What proposed money settings would do: prices from the day they would start, the /fees worked example and land values, before and after (nothing is saved).',
    request: { body: MoneyPreviewRequestSchema },
    responses: { 200: MoneyPreviewSchema },
    errors: ['VALIDATION_FAILED'],
  }),
  paymentDetails: payment.read,
  proposePaymentDetails: payment.propose,
  approvePaymentDetails: payment.approve,
  rejectPaymentDetails: payment.reject,
  withdrawPaymentDetails: payment.withdraw,
};
