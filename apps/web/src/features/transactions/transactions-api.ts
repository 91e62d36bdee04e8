import { api, type Query } from '../../shared/api/api-client';
import type { ORDER_CONTRACTS, ResponseOf } from '@landunits/domain/contracts';

/** The calls of the transaction history (docs/api/orders.md). */
export const transactionsApi = {
  list: (query: Query, signal?: AbortSignal) => api.get<ResponseOf<typeof ORDER_CONTRACTS.transactions>>('/order/getTransactions', { query, signal }),
  details: (orderId: string, signal?: AbortSignal) =>
    api.get<ResponseOf<typeof ORDER_CONTRACTS.orderDetails>>(`/order/get_order_details/${encodeURIComponent(orderId)}`, { signal }).then((body) => body.orderData),
};
