import { ORDER_CONTRACTS as C } from '@landunits/domain/contracts';
import { call, type Query } from '../../../shared/api/api-client';

/** The calls of the transaction history (docs/api/orders.md), each through its contract (ORDER_CONTRACTS). */
export const transactionsApi = {
  list: (query: Query, signal?: AbortSignal) => call(C.transactions, { query, signal }),
  details: (orderId: string, signal?: AbortSignal) => call(C.orderDetails, { params: { id: orderId }, signal }).then((body) => body.orderData),
};
