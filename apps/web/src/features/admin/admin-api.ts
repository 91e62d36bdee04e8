import type { AdminTransition } from '@landunits/domain';
import { api } from '../../shared/api/api-client';
import { IDEMPOTENCY_HEADER } from '../../shared/orders/idempotency';
import type { OrderView } from '../../shared/orders/types';

/** GET /api/admin/ledger/reconcile. The shape of a problem is not fixed by the contract. */
export interface ReconcileAnswer {
  ok: boolean;
  problems: unknown[];
}

/** What the admin reads of a buy's `buy` part (docs/api/payments.md, `OrderView.buy`). */
export interface AdminBuyDetails {
  paymentId: string;
  expiresAt: string | null;
  /** Crypto buys: the coin the buyer sends. */
  cryptoType?: 'BITCOIN' | 'ETHER' | null;
  walletAddress?: string | null;
  referenceCode?: string | null;
  bonusUnits?: number;
  /** Set when a provider reported another amount or currency, or a payment after the order ended. */
  paymentFlag?: string | null;
}

/** An order in the admin list: the order and who placed it. */
export type AdminOrder = Omit<OrderView, 'buy'> & {
  buy?: AdminBuyDetails | null;
  placedBy?: { userId: string; email: string | null; name: string | null };
};

/** GET /api/admin/orders: a page of the queue, and every flagged payment (newest first, at most 50). */
export interface AdminQueuePage {
  orders: AdminOrder[];
  flagged?: AdminOrder[];
  total: number;
  page: number;
  pageSize: number;
}

export const ADMIN_PAGE_SIZE = 20;

/** Query keys under the shared `['orders']` root, so any order action refreshes the admin list too. */
export const adminOrdersKey = (page: number) => ['orders', 'admin', { page, pageSize: ADMIN_PAGE_SIZE }] as const;
export const ADMIN_ORDERS_ROOT = ['orders', 'admin'] as const;
export const RECONCILE_KEY = ['admin', 'ledger', 'reconcile'] as const;

/** The admin calls of docs/api/orders.md. */
export const adminApi = {
  orders: (page: number, signal?: AbortSignal) =>
    api.get<AdminQueuePage>('/admin/orders', { query: { page, pageSize: ADMIN_PAGE_SIZE }, signal }),
  transition: (orderId: string, body: AdminTransition, idempotencyKey: string) =>
    api.post<{ orderData: OrderView }>(`/admin/orders/${encodeURIComponent(orderId)}/transition`, body, {
      headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
    }),
  /** The admin has dealt with a flagged payment and says how (kept on the order). */
  clearFlag: (orderId: string, body: { reason: string }, idempotencyKey: string) =>
    api.post<{ orderData: OrderView }>(`/admin/orders/${encodeURIComponent(orderId)}/clear-flag`, body, {
      headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
    }),
  reconcile: (signal?: AbortSignal) => api.get<ReconcileAnswer>('/admin/ledger/reconcile', { signal }),
};
