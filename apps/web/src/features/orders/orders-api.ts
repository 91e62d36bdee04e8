import type { HubspotMeta, OrderStatus, OrderType, UnitType } from '@landunits/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../shared/api/api-client';
import { isApiError } from '../../shared/api/api-error';
import { IDEMPOTENCY_HEADER } from '../../shared/orders/idempotency';
import { ORDER_QUERY_KEYS } from '../../shared/orders/query-keys';
import type { OrderView, TransactionsPage } from '../../shared/orders/types';

/**
 * The calls of the order pages (docs/api/orders.md). Every error is an ApiError or a NetworkError.
 * Calls that create an order or move Units or money carry an Idempotency-Key (one per submission,
 * see shared/orders/idempotency.ts).
 */

/** POST /order/create_order bodies, as the contract writes them. */
export type CreateOrderBody = {
  currencyUnit: { unitType: UnitType; numberOfUnits: number | undefined };
  hubspotMetaData?: HubspotMeta;
} & (
  | { orderType: 'BUY'; paymentDetails: { paymentMethod: 'Bank' | 'Crypto' | 'Card_Square' | 'Card_Stripe' } }
  | { orderType: 'SELL' }
  | { orderType: 'TRANSFER'; transfer: { recipientEmail: string } }
  | { orderType: 'TRANSFER_FUTURE'; transfer: { recipientEmail: string; scheduledDate: string } }
  | { orderType: 'CONVERT'; convert: { unitType: UnitType } }
);

export interface OrderIdBody {
  orderId: string;
  hubspotMetaData?: HubspotMeta;
}

export interface TransactionsQuery {
  page?: number;
  pageSize?: number;
  orderType?: OrderType;
  orderStatus?: OrderStatus;
  sortBy?: 'createdAt' | 'numberOfUnits' | 'orderStatus';
  sortDirection?: 'asc' | 'desc';
}

/** What GET /user/getUserNameByEmail says of an address: a masked name, or nobody (404). */
export type RecipientAnswer = { found: true; name: string } | { found: false };

const withKey = (idempotencyKey: string) => ({ headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } });

export const ordersApi = {
  createOrder: (body: CreateOrderBody, idempotencyKey: string) =>
    api.post<{ orderCreatedData: OrderView }>('/order/create_order', body, withKey(idempotencyKey)).then((a) => a.orderCreatedData),
  /** A bank buy: "I have sent the payment" (Initiated → PaymentSent). */
  successOrder: (body: OrderIdBody, idempotencyKey: string) =>
    api.post<{ orderSuccessData: OrderView }>('/order/success_order', body, withKey(idempotencyKey)).then((a) => a.orderSuccessData),
  cancelOrder: (body: OrderIdBody, idempotencyKey: string) =>
    api.post<{ orderCancelledData: OrderView }>('/order/cancel_order', body, withKey(idempotencyKey)).then((a) => a.orderCancelledData),
  cancelFutureTransfer: (body: OrderIdBody, idempotencyKey: string) =>
    api
      .post<{ orderCancelledData: OrderView }>('/order/cancel-future-transfer', body, withKey(idempotencyKey))
      .then((a) => a.orderCancelledData),
  orderDetails: (orderId: string, signal?: AbortSignal) =>
    api.get<{ orderData: OrderView }>(`/order/get_order_details/${encodeURIComponent(orderId)}`, { signal }).then((a) => a.orderData),
  transactions: (query: TransactionsQuery, signal?: AbortSignal) =>
    api.get<TransactionsPage>('/order/getTransactions', { query: { ...query }, signal }),
  recipient: async (email: string, signal?: AbortSignal): Promise<RecipientAnswer> => {
    try {
      const answer = await api.get<{ name: string }>('/user/getUserNameByEmail', { query: { email }, signal });
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
  const filters: TransactionsQuery = { orderType: 'TRANSFER_FUTURE', orderStatus: 'Scheduled', page, pageSize: SCHEDULED_PAGE_SIZE };
  return queryOptions({
    queryKey: ORDER_QUERY_KEYS.transactions({ ...filters }),
    queryFn: ({ signal }) => ordersApi.transactions(filters, signal),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
};

/** Who an address belongs to; cached per address so the review step need not ask again. */
export const recipientQuery = (email: string) =>
  queryOptions({
    queryKey: ['recipient', email] as const,
    queryFn: ({ signal }) => ordersApi.recipient(email, signal),
    staleTime: 60_000,
    retry: false,
    meta: { silent: true },
  });
