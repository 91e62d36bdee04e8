import { z } from 'zod';
import { UNIT_TYPES } from '../money/unit-types';
import { ConfirmPayoutSchema, MarkPayoutPaidSchema, PAYOUT_QUEUE_STATUSES, PayoutQueueQuerySchema } from '../orders/payouts';
import { STATUS_COLOURS } from '../orders/status';
import { defineRoute, IsoDateTime, PAGING } from './contract';
import { PayoutStateSchema } from './order-shapes';
import { OrderDataSchema, OrderIdParamsSchema } from './orders';
import { MoneyHoldSchema } from './security';

/**
 * The payout queue (PRODUCT-DECISIONS §3, §12): sales waiting for their payout, with the person's
 * approved bank details beside the amount, and the two steps of a payout — marked paid with the
 * bank's reference, then confirmed (by a second admin from 10,000.00). Seeing the queue needs
 * orders.read; acting needs orders.decide. A sale is rejected with the orders' transition route.
 */

const area = 'Admin';

/** The bank account a payout goes to, from the person's approved bank verification; only the fields they gave. */
export const PayoutBankDetailsSchema = z.object({
  bankAccountName: z.string(),
  bankAccountNumber: z.string().optional(),
  sortCode: z.string().optional(),
  iban: z.string().optional(),
  swiftBic: z.string().optional(),
  routingNumber: z.string().optional(),
  bankName: z.string().optional(),
  bankCountry: z.string().optional(),
});
export type PayoutBankDetails = z.output<typeof PayoutBankDetailsSchema>;

export const PayoutItemSchema = z.object({
  orderId: z.string(),
  createdAt: IsoDateTime,
  orderStatus: z.enum(PAYOUT_QUEUE_STATUSES),
  statusLabel: z.string(),
  statusColour: z.enum(Object.keys(STATUS_COLOURS) as [keyof typeof STATUS_COLOURS, ...(keyof typeof STATUS_COLOURS)[]]),
  person: z.object({ userId: z.string(), name: z.string(), email: z.string() }),
  unitType: z.enum(UNIT_TYPES),
  numberOfUnits: z.number().int(),
  /** Units sold and the sale fee in Units (numberOfUnits = unitsSold + feeUnits). */
  unitsSold: z.number().int(),
  feeUnits: z.number().int(),
  pricePerUnit: z.string().nullable(),
  /** Null when the person has no approved bank details: the payout cannot be marked paid. */
  bankDetails: PayoutBankDetailsSchema.nullable(),
  /** The person's cooling-off after a security change (decision 0049): no payout until it ends. */
  moneyHold: MoneyHoldSchema.nullable(),
  payout: PayoutStateSchema,
});
export type PayoutItem = z.output<typeof PayoutItemSchema>;

export const PayoutQueuePageSchema = z.object({
  payouts: z.array(PayoutItemSchema),
  ...PAGING,
  /** From this payout (cents, in its currency) a second admin must confirm. */
  secondAdminFromCents: z.number().int(),
});
export type PayoutQueuePage = z.output<typeof PayoutQueuePageSchema>;

const ACTION_ERRORS = ['VALIDATION_FAILED', 'NOT_FOUND', 'TRANSITION_REFUSED', 'IDEMPOTENCY_KEY_MISSING', 'IDEMPOTENCY_KEY_REUSED'] as const;

export const PAYOUT_CONTRACTS = {
  queue: defineRoute({
    method: 'GET',
    path: '/api/admin/payouts',
    auth: 'admin',
    permission: 'orders.read',
    area,
    summary:
      'Sales waiting for their payout (oldest first by default; sort by age or amount; filter by currency, status and whether a second admin must confirm), with the person’s approved bank details.',
    request: { query: PayoutQueueQuerySchema },
    responses: { 200: PayoutQueuePageSchema },
    errors: ['VALIDATION_FAILED'],
  }),
  markPaid: defineRoute({
    method: 'POST',
    path: '/api/admin/payouts/:id/mark-paid',
    decides: { record: 'order' },
    stepUp: 'admin-money',
    auth: 'admin',
    permission: 'orders.decide',
    area,
    summary: 'Marks a sale’s payout as paid with the bank’s reference: all Units sold; under 10,000.00 the sale is Completed at once, from 10,000.00 it waits for a second admin.',
    request: { params: OrderIdParamsSchema, body: MarkPayoutPaidSchema, idempotencyKey: true },
    responses: { 200: OrderDataSchema },
    errors: [...ACTION_ERRORS, 'BANK_DETAILS_NOT_APPROVED', 'MONEY_HOLD', 'STEP_UP_REQUIRED'],
  }),
  confirm: defineRoute({
    method: 'POST',
    path: '/api/admin/payouts/:id/confirm',
    decides: { record: 'order' },
    stepUp: 'admin-money',
    auth: 'admin',
    permission: 'orders.decide',
    area,
    summary: 'A second admin confirms a payout another admin marked paid: the sale is Completed. The admin who marked it is refused.',
    request: { params: OrderIdParamsSchema, body: ConfirmPayoutSchema, idempotencyKey: true },
    responses: { 200: OrderDataSchema },
    errors: [...ACTION_ERRORS, 'SECOND_ADMIN_REQUIRED', 'STEP_UP_REQUIRED'],
  }),
} as const;
