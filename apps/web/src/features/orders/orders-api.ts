import { STATUS_DISPLAY, type TransactionsQuerySchema, type UnitType } from '@landunits/domain';
import { ORDER_CONTRACTS as C, PAYMENT_CONTRACTS as P, type BodyOf } from '@landunits/domain/contracts';
import type { z } from 'zod';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '../../shared/api/api-client';
import { isApiError } from '../../shared/api/api-error';
import { IDEMPOTENCY_HEADER } from '../../shared/orders/idempotency';
import { ORDER_QUERY_KEYS } from '../../shared/orders/query-keys';

/**
 * The calls of the order pages (docs/api/orders.md), each through its contract (ORDER_CONTRACTS,
 * PAYMENT_CONTRACTS). Every error is an ApiError or a NetworkError. Calls that create an order or
 * move Units or money carry an Idempotency-Key (one per submission, see shared/orders/idempotency.ts).
 */

/** POST /order/create_order bodies (the contract's request, as the client sends it). */
export type CreateOrderBody = BodyOf<typeof C.createOrder>;
export type OrderIdBody = BodyOf<typeof C.successOrder>;
/** The filters of GET /order/getTransactions, as the server reads them. */
export type TransactionsQuery = Partial<z.output<typeof TransactionsQuerySchema>>;
/** GET /order/get_payment_intent/{id} (docs/api/payments.md): how the card page takes the payment. */
export type { PaymentIntentView } from '@landunits/domain/contracts';
export type TestCardBody = BodyOf<typeof P.testCardPayment>;
export type UpdateAmountBody = BodyOf<typeof C.updateOrderAmount>;

/** The reference code lookup's question: the code, and the purchase it is for (to check its payment range). */
export interface ReferenceCodeQuestion {
  code: string;
  subTotal?: number;
  unitType: UnitType;
}

/** What GET /user/getUserNameByEmail says of an address: a masked name, or nobody (404). */
export type RecipientAnswer = { found: true; name: string } | { found: false };

const withKey = (idempotencyKey: string) => ({ [IDEMPOTENCY_HEADER]: idempotencyKey });

export const ordersApi = {
  createOrder: (body: CreateOrderBody, idempotencyKey: string) => call(C.createOrder, { body, headers: withKey(idempotencyKey) }).then((a) => a.orderCreatedData),
  /** A bank buy: "I have sent the payment" (Initiated → PaymentSent). */
  successOrder: (body: OrderIdBody, idempotencyKey: string) => call(C.successOrder, { body, headers: withKey(idempotencyKey) }).then((a) => a.orderSuccessData),
  cancelOrder: (body: OrderIdBody, idempotencyKey: string) => call(C.cancelOrder, { body, headers: withKey(idempotencyKey) }).then((a) => a.orderCancelledData),
  cancelFutureTransfer: (body: OrderIdBody, idempotencyKey: string) => call(C.cancelFutureTransfer, { body, headers: withKey(idempotencyKey) }).then((a) => a.orderCancelledData),
  /** A buy still waiting for its payment gets new Units; every figure is recomputed (Initiated only). */
  updateOrderAmount: (body: UpdateAmountBody, idempotencyKey: string) => call(C.updateOrderAmount, { body, headers: withKey(idempotencyKey) }).then((a) => a.orderUpdatedData),
  /** A card buy in test mode: 4242… succeeds (200), 4000 0000 0000 0002 is declined (402). */
  testCardPayment: (body: TestCardBody, idempotencyKey: string) => call(P.testCardPayment, { body, headers: withKey(idempotencyKey) }).then((a) => a.orderSuccessData),
  /** A Square card buy: the token Square's form made. */
  payCardSquare: (body: BodyOf<typeof P.payCardSquare>, idempotencyKey: string) => call(P.payCardSquare, { body, headers: withKey(idempotencyKey) }).then((a) => a.orderSuccessData),
  paymentIntent: (orderId: string, signal?: AbortSignal) => call(P.paymentIntent, { params: { id: orderId }, signal }),
  cardSetup: (signal?: AbortSignal) => call(P.cardSetup, { signal }),
  /** A crypto buy's coin amount: the quote in force, or a new one (held 15 minutes). */
  cryptoQuote: (orderId: string, signal?: AbortSignal) => call(P.cryptoQuote, { body: { orderId }, signal }),
  referenceCode: (question: ReferenceCodeQuestion, signal?: AbortSignal) =>
    // In the contract's order: code, subTotal, unitType.
    call(P.referenceCodeLookup, { query: { code: question.code, subTotal: question.subTotal, unitType: question.unitType }, signal }).then((a) => a.referenceCodeDetails),
  orderDetails: (orderId: string, signal?: AbortSignal) => call(C.orderDetails, { params: { id: orderId }, signal }).then((a) => a.orderData),
  transactions: (query: TransactionsQuery, signal?: AbortSignal) => call(C.transactions, { query: { ...query }, signal }),
  recipient: async (email: string, signal?: AbortSignal): Promise<RecipientAnswer> => {
    try {
      const answer = await call(C.recipient, { query: { email }, signal });
      return { found: true, name: answer.name };
    } catch (error) {
      if (isApiError(error) && error.status === 404) return { found: false };
      throw error;
    }
  },
};

/** One order, for its owner (404 for anyone else). Errors are shown on the page, not as toasts. */
export const orderDetailsQuery = (orderId: string) =>
  queryOptions({
    queryKey: ORDER_QUERY_KEYS.orderDetails(orderId),
    queryFn: ({ signal }) => ordersApi.orderDetails(orderId, signal),
    meta: { silent: true },
  });

export const SCHEDULED_PAGE_SIZE = 20;

/** The user's transfers still waiting for their date, one page. */
export const scheduledTransfersQuery = (page: number) => {
  const filters: TransactionsQuery = { orderType: 'TRANSFER_FUTURE', orderStatus: STATUS_DISPLAY.Scheduled.label, page, pageSize: SCHEDULED_PAGE_SIZE };
  return queryOptions({
    queryKey: ORDER_QUERY_KEYS.transactions({ ...filters }),
    queryFn: ({ signal }) => ordersApi.transactions(filters, signal),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
};

/** Which card provider the older card path leads to, and each provider's mode. */
export const cardSetupQuery = () =>
  queryOptions({
    queryKey: ['card-setup'] as const,
    queryFn: ({ signal }) => ordersApi.cardSetup(signal),
    staleTime: 5 * 60_000,
    retry: false,
    meta: { silent: true },
  });

/**
 * How a card buy is paid: the provider's keys or test mode. Asked once per visit of the page, and
 * kept out of the order keys: an order action (pay, cancel) must not ask for it again.
 */
export const paymentIntentQuery = (orderId: string) =>
  queryOptions({
    queryKey: ['payment-intent', orderId] as const,
    queryFn: ({ signal }) => ordersApi.paymentIntent(orderId, signal),
    staleTime: Infinity,
    retry: false,
    meta: { silent: true },
  });

/** What a reference code gives for a purchase; a 400 says why it cannot be used. */
export const referenceCodeQuery = (question: ReferenceCodeQuestion) =>
  queryOptions({
    queryKey: ['reference-code', question.code, question.unitType, question.subTotal ?? null] as const,
    queryFn: ({ signal }) => ordersApi.referenceCode(question, signal),
    staleTime: 60_000,
    retry: false,
    meta: { silent: true },
  });

/** Who an address belongs to; cached per address so the review step need not ask again. */
export const recipientQuery = (email: string) =>
  queryOptions({
    queryKey: ['recipient', email] as const,
    queryFn: ({ signal }) => ordersApi.recipient(email, signal),
    staleTime: 60_000,
    retry: false,
    meta: { silent: true },
  });
