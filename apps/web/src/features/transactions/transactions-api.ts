import { api, type Query } from '../../shared/api/api-client';
import type { OrderView, TransactionsPage } from '../../shared/orders/types';

/** The calls of the transaction history (docs/api/orders.md). */
export const transactionsApi = {
  list: (query: Query, signal?: AbortSignal) => api.get<TransactionsPage>('/order/getTransactions', { query, signal }),
  details: (orderId: string, signal?: AbortSignal) =>
    api.get<{ orderData: OrderView }>(`/order/get_order_details/${encodeURIComponent(orderId)}`, { signal }).then((body) => body.orderData),
};
