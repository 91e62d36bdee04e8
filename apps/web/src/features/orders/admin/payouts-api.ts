import type { AdminTransition, MarkPayoutPaid } from '@landunits/domain';
import { ORDER_CONTRACTS, PAYOUT_CONTRACTS as C, type PayoutItem } from '@landunits/domain/contracts';
import { call } from '../../../shared/api/api-client';
import { IDEMPOTENCY_HEADER } from '../../../shared/orders/idempotency';

export type { PayoutBankDetails, PayoutItem, PayoutQueuePage } from '@landunits/domain/contracts';

/** The queue's choices as they sit in the address (strings; '' for "all"). */
export interface PayoutFilters {
  currency: string;
  status: string;
  needsSecondAdmin: string;
  sort: PayoutSort;
  page: number;
}

/** The sorts offered, each a sortBy and a direction of GET /api/admin/payouts. */
export const PAYOUT_SORTS = {
  oldest: { sortBy: 'createdAt', sortDirection: 'asc', label: 'Oldest first' },
  newest: { sortBy: 'createdAt', sortDirection: 'desc', label: 'Newest first' },
  largest: { sortBy: 'amount', sortDirection: 'desc', label: 'Largest payout first' },
  smallest: { sortBy: 'amount', sortDirection: 'asc', label: 'Smallest payout first' },
} as const;
export type PayoutSort = keyof typeof PAYOUT_SORTS;

export const PAYOUTS_PAGE_SIZE = 20;

/** The query of a page of the queue (the client leaves out empty values: no filter). */
export function payoutQuery(filters: PayoutFilters): Record<string, string | number> {
  const { sortBy, sortDirection } = PAYOUT_SORTS[filters.sort];
  return { page: filters.page, pageSize: PAYOUTS_PAGE_SIZE, sortBy, sortDirection, currency: filters.currency, status: filters.status, needsSecondAdmin: filters.needsSecondAdmin };
}

/** Under the shared `['orders']` root, so any order action refreshes the payouts too (but not under the orders queue's key). */
export const PAYOUTS_ROOT = ['orders', 'payouts'] as const;
export const payoutsKey = (filters: PayoutFilters) => [...PAYOUTS_ROOT, filters] as const;

const idempotent = (key: string) => ({ [IDEMPOTENCY_HEADER]: key });

/** The payout calls (docs/api/orders.md, "Payouts"), each through its contract; a sale is rejected with the orders' transition. */
export const payoutsApi = {
  queue: (filters: PayoutFilters, signal?: AbortSignal) => call(C.queue, { query: payoutQuery(filters), signal }),
  markPaid: (orderId: string, body: MarkPayoutPaid, key: string) => call(C.markPaid, { params: { id: orderId }, body, headers: idempotent(key) }),
  confirm: (orderId: string, key: string) => call(C.confirm, { params: { id: orderId }, body: {}, headers: idempotent(key) }),
  reject: (orderId: string, body: AdminTransition, key: string) => call(ORDER_CONTRACTS.adminTransition, { params: { id: orderId }, body, headers: idempotent(key) }),
};

/** Whether the admin looking may confirm this payout, or why not. */
export function confirmBlock(item: PayoutItem): string | null {
  const mark = item.payout.mark;
  if (!mark) return null;
  return mark.markedByYou ? 'You marked this payout as paid: a second admin must confirm it.' : null;
}
