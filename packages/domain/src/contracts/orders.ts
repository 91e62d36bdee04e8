import { z } from 'zod';
import { AdminTransitionSchema, CREATE_ORDER_SCHEMAS, OrderIdBodySchema, RecipientLookupQuerySchema, TransactionsQuerySchema, UpdateOrderAmountSchema } from '../orders/requests';
import { defineRoute } from './contract';
import { AdminQueuePageSchema, OrderViewSchema, PriceListSchema, TransactionsPageSchema } from './order-shapes';

/** The order routes (docs/api/orders.md): placing, paying, cancelling and listing orders, and the admin queue. */

/** POST /api/order/create_order: one body per order type (CREATE_ORDER_SCHEMAS). */
export const CreateOrderBodySchema = z.union([CREATE_ORDER_SCHEMAS.BUY, CREATE_ORDER_SCHEMAS.SELL, CREATE_ORDER_SCHEMAS.TRANSFER, CREATE_ORDER_SCHEMAS.TRANSFER_FUTURE, CREATE_ORDER_SCHEMAS.CONVERT]);

/** An order id in a path. */
export const OrderIdParamsSchema = z.object({ id: z.string().max(64) });

/** A page of an admin list. */
export const PageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const OrderCreatedSchema = z.object({ orderCreatedData: OrderViewSchema });
export const OrderSuccessSchema = z.object({ orderSuccessData: OrderViewSchema });
export const OrderCancelledSchema = z.object({ orderCancelledData: OrderViewSchema });
export const OrderDataSchema = z.object({ orderData: OrderViewSchema });

const area = 'Orders';
const money = { idempotencyKey: true } as const;
/** What an action on an existing own order can answer besides success. */
const ACTION_ERRORS = ['VALIDATION_FAILED', 'NOT_FOUND', 'TRANSITION_REFUSED', 'IDEMPOTENCY_KEY_MISSING', 'IDEMPOTENCY_KEY_REUSED'] as const;

export const ORDER_CONTRACTS = {
  getPrice: defineRoute({
    method: 'GET',
    path: '/api/order/get_price',
    auth: 'public',
    area,
    summary: "Today's prices and fees per unit type, and the external fees per payment method (cached; ETag).",
    responses: { 200: PriceListSchema, 304: null },
    errors: [],
  }),
  createOrder: defineRoute({
    method: 'POST',
    path: '/api/order/create_order',
    auth: 'user',
    area,
    summary: 'Places a buy, sell, transfer, scheduled transfer or conversion.',
    request: { body: CreateOrderBodySchema, ...money },
    responses: { 201: OrderCreatedSchema },
    errors: [
      'VALIDATION_FAILED',
      'CONFLICT',
      'INSUFFICIENT_UNITS',
      'LIMIT_EXCEEDED',
      'RECIPIENT_NOT_FOUND',
      'MONEY_HOLD',
      'STEP_UP_REQUIRED',
      'IDEMPOTENCY_KEY_MISSING',
      'IDEMPOTENCY_KEY_REUSED',
      'RATE_LIMITED',
    ],
  }),
  successOrder: defineRoute({
    method: 'POST',
    path: '/api/order/success_order',
    auth: 'user',
    area,
    summary: 'A bank or crypto buy: "I have sent the payment".',
    request: { body: OrderIdBodySchema, ...money },
    responses: { 200: OrderSuccessSchema },
    errors: ACTION_ERRORS,
  }),
  cancelOrder: defineRoute({
    method: 'POST',
    path: '/api/order/cancel_order',
    auth: 'user',
    area,
    summary: 'Cancels a buy still waiting for its payment.',
    request: { body: OrderIdBodySchema, ...money },
    responses: { 200: OrderCancelledSchema },
    errors: [...ACTION_ERRORS, 'ALREADY_PAID'],
  }),
  cancelFutureTransfer: defineRoute({
    method: 'POST',
    path: '/api/order/cancel-future-transfer',
    auth: 'user',
    area,
    summary: 'Cancels a scheduled transfer before its date.',
    request: { body: OrderIdBodySchema, ...money },
    responses: { 200: OrderCancelledSchema },
    errors: ACTION_ERRORS,
  }),
  updateOrderAmount: defineRoute({
    method: 'POST',
    path: '/api/order/update_order_amount',
    auth: 'user',
    area,
    summary: 'Changes the Units of a buy still waiting for its payment; every figure is recomputed.',
    request: { body: UpdateOrderAmountSchema, ...money },
    responses: { 200: z.object({ orderUpdatedData: OrderViewSchema }) },
    errors: [...ACTION_ERRORS, 'LIMIT_EXCEEDED'],
  }),
  orderDetails: defineRoute({
    method: 'GET',
    path: '/api/order/get_order_details/:id',
    auth: 'user',
    area,
    summary: 'One order, for its owner or its recipient.',
    request: { params: OrderIdParamsSchema },
    responses: { 200: OrderDataSchema },
    errors: ['VALIDATION_FAILED', 'NOT_FOUND'],
  }),
  transactions: defineRoute({
    method: 'GET',
    path: '/api/order/getTransactions',
    auth: 'user',
    area,
    summary: "A page of the person's orders, filtered and sorted.",
    request: { query: TransactionsQuerySchema },
    responses: { 200: TransactionsPageSchema },
    errors: ['VALIDATION_FAILED'],
  }),
  recipient: defineRoute({
    method: 'GET',
    path: '/api/user/getUserNameByEmail',
    auth: 'user',
    area,
    summary: 'The masked name of the person an address belongs to (a transfer recipient).',
    request: { query: RecipientLookupQuerySchema },
    responses: { 200: z.object({ name: z.string() }) },
    errors: ['VALIDATION_FAILED', 'RECIPIENT_NOT_FOUND', 'RATE_LIMITED'],
  }),
  adminOrders: defineRoute({
    method: 'GET',
    path: '/api/admin/orders',
    auth: 'admin',
    permission: 'orders.read',
    area: 'Admin',
    summary: 'The orders awaiting an admin decision, and every flagged payment.',
    request: { query: PageQuerySchema },
    responses: { 200: AdminQueuePageSchema },
    errors: ['VALIDATION_FAILED'],
  }),
  adminTransition: defineRoute({
    method: 'POST',
    path: '/api/admin/orders/:id/transition',
    decides: { record: 'order' },
    stepUp: 'admin-money',
    auth: 'admin',
    permission: 'orders.decide',
    area: 'Admin',
    summary: 'Approves, fails or completes an order.',
    request: { params: OrderIdParamsSchema, body: AdminTransitionSchema, ...money },
    responses: { 200: OrderDataSchema },
    errors: [...ACTION_ERRORS, 'INSUFFICIENT_UNITS', 'STEP_UP_REQUIRED'],
  }),
  adminClearFlag: defineRoute({
    method: 'POST',
    path: '/api/admin/orders/:id/clear-flag',
    decides: { record: 'order' },
    auth: 'admin',
    permission: 'payments.flags',
    area: 'Admin',
    summary: 'Clears the flag of a payment the admin has checked, with the reason.',
    request: { params: OrderIdParamsSchema, body: AdminTransitionSchema.pick({ reason: true }), ...money },
    responses: { 200: OrderDataSchema },
    errors: ACTION_ERRORS,
  }),
} as const;
