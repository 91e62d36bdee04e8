import type { AdminTransition } from '@landunits/domain';
import { call } from '../../../shared/api/api-client';
import { IDEMPOTENCY_HEADER } from '../../../shared/orders/idempotency';
import { ORDER_CONTRACTS, PLATFORM_CONTRACTS, type ResponseOf } from '@landunits/domain/contracts';

/** GET /api/admin/ledger/reconcile. The shape of a problem is not fixed by the contract. */
export type { ReconcileAnswer } from '@landunits/domain/contracts';

/** An order in the admin list: the order and who placed it. */
export type AdminOrder = ResponseOf<typeof ORDER_CONTRACTS.adminOrders>['orders'][number];
/** What the admin reads of a buy's `buy` part (docs/api/payments.md, `OrderView.buy`). */
export type AdminBuyDetails = NonNullable<AdminOrder['buy']>;

/** GET /api/admin/orders: a page of the queue, and every flagged payment (newest first, at most 50). */
export type AdminQueuePage = ResponseOf<typeof ORDER_CONTRACTS.adminOrders>;

export const ADMIN_PAGE_SIZE = 20;

/** Query keys under the shared `['orders']` root, so any order action refreshes the admin list too. */
export const adminOrdersKey = (page: number) => ['orders', 'admin', { page, pageSize: ADMIN_PAGE_SIZE }] as const;
export const ADMIN_ORDERS_ROOT = ['orders', 'admin'] as const;
export const RECONCILE_KEY = ['admin', 'ledger', 'reconcile'] as const;

/** The admin calls of docs/api/orders.md. */
export const adminApi = {
  orders: (page: number, signal?: AbortSignal) => call(ORDER_CONTRACTS.adminOrders, { query: { page, pageSize: ADMIN_PAGE_SIZE }, signal }),
  transition: (orderId: string, body: AdminTransition, idempotencyKey: string) =>
    call(ORDER_CONTRACTS.adminTransition, { params: { id: orderId }, body, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } }),
  /** The admin has dealt with a flagged payment and says how (kept on the order). */
  clearFlag: (orderId: string, body: { reason: string }, idempotencyKey: string) =>
    call(ORDER_CONTRACTS.adminClearFlag, { params: { id: orderId }, body, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } }),
  reconcile: (signal?: AbortSignal) => call(PLATFORM_CONTRACTS.reconcile, { signal }),
};
