import { z } from 'zod';
import { CARD_MESSAGES } from '../orders/card-payments';
import { CryptoQuoteAnswerSchema } from '../orders/crypto-quotes';
import { ORDER_MESSAGES, OrderIdBodySchema } from '../orders/requests';
import { CreateReferenceCodeSchema, ReferenceCodeLookupQuerySchema } from '../orders/reference-codes';
import { defineRoute, IsoDateTime, PAGING } from './contract';
import { ReferenceCodeDetailsSchema } from './order-shapes';
import { OrderDataSchema, OrderSuccessSchema, PageQuerySchema } from './orders';

/** Card payments, provider webhooks and reference codes (docs/api/payments.md). */

const CardProviderSchema = z.enum(['Card_Stripe', 'Card_Square']);

/** GET /api/order/card_setup. */
export const CardPaymentSetupSchema = z.object({
  preferred: CardProviderSchema,
  offered: CardProviderSchema.nullable(),
  modes: z.object({ Card_Stripe: z.enum(['live', 'test']), Card_Square: z.enum(['live', 'test']) }),
  stripePublishableKey: z.string().nullable(),
  square: z.object({ applicationId: z.string(), locationId: z.string(), sdkUrl: z.string() }).nullable(),
});

const paid = { amount: z.number().int(), currency: z.string() };
/** GET /api/order/get_payment_intent/:id: how the card page takes the payment. */
export const PaymentIntentViewSchema = z.union([
  z.object({ mode: z.literal('test'), provider: CardProviderSchema, clientSecret: z.null(), publishableKey: z.null(), ...paid }),
  z.object({ mode: z.literal('live'), provider: z.literal('Card_Stripe'), clientSecret: z.string(), publishableKey: z.string(), ...paid }),
  z.object({ mode: z.literal('live'), provider: z.literal('Card_Square'), applicationId: z.string(), locationId: z.string(), sdkUrl: z.string(), ...paid }),
]);
export type PaymentIntentView = z.output<typeof PaymentIntentViewSchema>;

const digitsOnly = (text: string) => text.replace(/[\s-]/g, '');
/** POST /api/order/test_card_payment: the built-in TEST MODE card form. */
export const TestCardPaymentSchema = z.strictObject({
  orderId: z.string({ message: 'Send the id of the order.' }).min(1).max(64),
  /** Spaces allowed. */
  cardNumber: z
    .string({ message: CARD_MESSAGES.cardNumber })
    .transform(digitsOnly)
    .pipe(z.string().regex(/^\d{16}$/, CARD_MESSAGES.cardNumber)),
  /** MM/YY. */
  expiry: z.string({ message: CARD_MESSAGES.expiry }).regex(/^(0[1-9]|1[0-2])\/\d{2}$/, CARD_MESSAGES.expiry),
  cvc: z.string({ message: CARD_MESSAGES.cvc }).regex(/^\d{3}$/, CARD_MESSAGES.cvc),
});

/** What the Square card page is told when Square's card token is missing or not one. */
export const SQUARE_SOURCE_ID_MESSAGE = 'Enter your card details again.';
/** POST /api/order/pay_card_square: the order and the token Square's Web Payments SDK made of the card. */
export const PayCardSquareSchema = z.strictObject({
  orderId: z.string({ message: ORDER_MESSAGES.orderIdRequired }).min(1, ORDER_MESSAGES.orderIdRequired).max(64, ORDER_MESSAGES.orderNotFound),
  sourceId: z.string({ message: SQUARE_SOURCE_ID_MESSAGE }).min(1, SQUARE_SOURCE_ID_MESSAGE).max(500, SQUARE_SOURCE_ID_MESSAGE),
});

/** A code as the admin list has it. */
export const AdminReferenceCodeSchema = ReferenceCodeDetailsSchema.extend({
  id: z.string(),
  validFrom: IsoDateTime.nullable(),
  maxUses: z.number().int().nullable(),
  uses: z.number().int(),
  disabledAt: IsoDateTime.nullable(),
  createdAt: IsoDateTime,
});
export type AdminReferenceCode = z.output<typeof AdminReferenceCodeSchema>;
export const ReferenceCodesPageSchema = z.object({ codes: z.array(AdminReferenceCodeSchema), ...PAGING });
export type ReferenceCodesPage = z.output<typeof ReferenceCodesPageSchema>;
const CodeAnswerSchema = z.object({ code: AdminReferenceCodeSchema });

const WebhookAnswerSchema = z.object({ received: z.literal(true) });
const area = 'Payments';

export const PAYMENT_CONTRACTS = {
  cardSetup: defineRoute({
    method: 'GET',
    path: '/api/order/card_setup',
    auth: 'public',
    area,
    summary: "Which card provider the card page uses, and each provider's mode.",
    responses: { 200: CardPaymentSetupSchema },
    errors: [],
  }),
  paymentIntent: defineRoute({
    method: 'GET',
    path: '/api/order/get_payment_intent/:id',
    auth: 'user',
    area,
    summary: 'What the card page of an own card buy needs to take the payment.',
    // Any id: one that is not an own card buy is a 404, as for an unknown one.
    request: { params: z.object({ id: z.string() }) },
    responses: { 200: PaymentIntentViewSchema },
    errors: ['NOT_FOUND', 'TRANSITION_REFUSED', 'WRONG_PAYMENT_METHOD'],
  }),
  testCardPayment: defineRoute({
    method: 'POST',
    path: '/api/order/test_card_payment',
    auth: 'user',
    area,
    summary: 'Pays a card buy with a test card (test mode only): 4242… succeeds, 4000 0000 0000 0002 is declined.',
    request: { body: TestCardPaymentSchema, idempotencyKey: true },
    responses: { 200: OrderSuccessSchema, 402: OrderDataSchema.extend({ message: z.string(), code: z.literal('PAYMENT_DECLINED'), errors: z.record(z.string(), z.string()) }) },
    errors: ['VALIDATION_FAILED', 'NOT_FOUND', 'TRANSITION_REFUSED', 'WRONG_PAYMENT_METHOD', 'PAYMENT_DECLINED', 'IDEMPOTENCY_KEY_MISSING'],
  }),
  payCardSquare: defineRoute({
    method: 'POST',
    path: '/api/order/pay_card_square',
    auth: 'user',
    area,
    summary: "Pays a Square card buy with the token Square's form made (live Square only).",
    request: { body: PayCardSquareSchema, idempotencyKey: true },
    responses: { 200: OrderSuccessSchema },
    errors: ['VALIDATION_FAILED', 'NOT_FOUND', 'TRANSITION_REFUSED', 'WRONG_PAYMENT_METHOD', 'PAYMENT_DECLINED', 'IDEMPOTENCY_KEY_MISSING', 'IDEMPOTENCY_KEY_REUSED'],
  }),
  cryptoQuote: defineRoute({
    method: 'POST',
    path: '/api/order/crypto_quote',
    auth: 'user',
    area,
    summary: 'The coin amount of an own crypto buy waiting for its payment: the quote in force, or a new one from the coin rate (held 15 minutes).',
    request: { body: OrderIdBodySchema },
    responses: { 200: CryptoQuoteAnswerSchema },
    errors: ['VALIDATION_FAILED', 'NOT_FOUND', 'TRANSITION_REFUSED', 'WRONG_PAYMENT_METHOD', 'CONFLICT', 'UNAVAILABLE'],
  }),
  stripeWebhook: defineRoute({
    method: 'POST',
    path: '/api/webhooks/stripe',
    auth: 'public',
    area,
    summary: "Stripe's payment events (signed with the webhook secret; live Stripe only).",
    request: { body: z.looseObject({}) },
    responses: { 200: WebhookAnswerSchema },
    errors: ['BAD_REQUEST'],
  }),
  squareWebhook: defineRoute({
    method: 'POST',
    path: '/api/webhooks/square',
    auth: 'public',
    area,
    summary: "Square's payment events (signed with the signature key).",
    request: { body: z.looseObject({}) },
    responses: { 200: WebhookAnswerSchema },
    errors: ['BAD_REQUEST'],
  }),
  referenceCodeLookup: defineRoute({
    method: 'GET',
    path: '/api/referencecode/get_discount_by_reference_code',
    auth: 'user',
    area,
    summary: 'What a reference code gives for a purchase (rate limited per person).',
    request: { query: ReferenceCodeLookupQuerySchema },
    responses: { 200: z.object({ referenceCodeDetails: ReferenceCodeDetailsSchema }) },
    errors: ['VALIDATION_FAILED', 'RATE_LIMITED'],
  }),
  adminReferenceCodes: defineRoute({
    method: 'GET',
    path: '/api/admin/reference-codes',
    auth: 'admin',
    permission: 'codes.manage',
    area: 'Admin',
    summary: 'A page of the reference codes, newest first.',
    request: { query: PageQuerySchema },
    responses: { 200: ReferenceCodesPageSchema },
    errors: ['VALIDATION_FAILED'],
  }),
  adminCreateReferenceCode: defineRoute({
    method: 'POST',
    path: '/api/admin/reference-codes',
    auth: 'admin',
    permission: 'codes.manage',
    area: 'Admin',
    summary: 'Creates a reference code.',
    request: { body: CreateReferenceCodeSchema },
    responses: { 201: CodeAnswerSchema },
    errors: ['VALIDATION_FAILED', 'CODE_TAKEN'],
  }),
  adminDisableReferenceCode: defineRoute({
    method: 'POST',
    path: '/api/admin/reference-codes/:id/disable',
    auth: 'admin',
    permission: 'codes.manage',
    area: 'Admin',
    summary: 'Disables a reference code (a repeated disable answers the same).',
    // A code's id is a UUID; anything else is a 404, as for an unknown code.
    request: { params: z.object({ id: z.string() }) },
    responses: { 200: CodeAnswerSchema },
    errors: ['NOT_FOUND'],
  }),
} as const;
