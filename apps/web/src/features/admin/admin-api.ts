import type { AdminTransition } from '@landunits/domain';
import { api } from '../../shared/api/api-client';
import { IDEMPOTENCY_HEADER } from '../../shared/orders/idempotency';
import type { AdminOrdersPage, OrderView } from '../../shared/orders/types';

/** GET /api/admin/ledger/reconcile. The shape of a problem is not fixed by the contract. */
export interface ReconcileAnswer {
  ok: boolean;
  problems: unknown[];
}

/** An order in the admin list: the order and who placed it. */
export type AdminOrder = OrderView & { placedBy?: { userId: string; email: string | null; name: string | null } };

export const ADMIN_PAGE_SIZE = 20;

/** Query keys under the shared `['orders']` root, so any order action refreshes the admin list too. */
export const adminOrdersKey = (page: number) => ['orders', 'admin', { page, pageSize: ADMIN_PAGE_SIZE }] as const;
export const ADMIN_ORDERS_ROOT = ['orders', 'admin'] as const;
export const RECONCILE_KEY = ['admin', 'ledger', 'reconcile'] as const;

/** The admin calls of docs/api/orders.md. */
export const adminApi = {
  orders: (page: number, signal?: AbortSignal) =>
    api.get<AdminOrdersPage>('/admin/orders', { query: { page, pageSize: ADMIN_PAGE_SIZE }, signal }),
  transition: (orderId: string, body: AdminTransition, idempotencyKey: string) =>
    api.post<{ orderData: OrderView }>(`/admin/orders/${encodeURIComponent(orderId)}/transition`, body, {
      headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
    }),
  reconcile: (signal?: AbortSignal) => api.get<ReconcileAnswer>('/admin/ledger/reconcile', { signal }),
};
