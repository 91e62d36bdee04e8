import type { QueryClient } from '@tanstack/react-query';
import { SESSION_QUERY_KEY } from '../session/session';

/**
 * Query keys of order data, shared by every feature that shows orders, so one order action can
 * refresh them all: the dashboard bundle (holdings, pending Units), transaction lists and order
 * details. Features share the cache, so each key holds one shape:
 * - `transactions(filters)`: the `TransactionsPage` of GET /order/getTransactions with those query values;
 * - `orderDetails(id)`: the `OrderView` of GET /order/get_order_details/{id} (its `orderData`).
 */
export const ORDER_QUERY_KEYS = {
  transactionsRoot: ['transactions'] as const,
  transactions: (filters: Record<string, unknown>) => ['transactions', filters] as const,
  ordersRoot: ['orders'] as const,
  orderDetails: (orderId: string) => ['orders', 'details', orderId] as const,
};

/** After any order action (create, pay, cancel): the bundle, transaction lists and orders are stale. */
export function invalidateAfterOrderAction(client: QueryClient): Promise<unknown> {
  return Promise.all([
    client.invalidateQueries({ queryKey: SESSION_QUERY_KEY }),
    client.invalidateQueries({ queryKey: ORDER_QUERY_KEYS.transactionsRoot }),
    client.invalidateQueries({ queryKey: ORDER_QUERY_KEYS.ordersRoot }),
  ]);
}
