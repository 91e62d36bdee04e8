import { ADMIN_USER_CONTRACTS as C, type AccountStatus, type AdminUserReasonInput, type AdminUserSort, type PurchaseLimitOverrideInput } from '@landunits/domain/contracts';
import { call } from '../../../shared/api/api-client';

export type { AdminUserDetail, AdminUserItem, AdminUserOrder, AdminUserOrders, AdminUsersPage, AccountStatus, AdminUserSort } from '@landunits/domain/contracts';

/** The search as the address keeps it (/admin/users?q=…&status=…&sort=…&direction=…&page=…). */
export interface UserSearchState {
  q: string;
  status: AccountStatus | '';
  sort: AdminUserSort;
  direction: 'asc' | 'desc';
  page: number;
}

export const USERS_PAGE_SIZE = 25;
export const USER_ORDERS_PAGE_SIZE = 10;

/** Query keys; any action on an account refreshes the whole root (the list and the page). */
export const USERS_ROOT = ['admin', 'users'] as const;
export const usersSearchKey = (search: UserSearchState) => [...USERS_ROOT, 'search', search] as const;
export const userDetailKey = (id: string) => [...USERS_ROOT, 'detail', id] as const;
export const userOrdersKey = (id: string, query: UserOrdersQuery) => [...USERS_ROOT, 'orders', id, query] as const;

export interface UserOrdersQuery {
  page: number;
  orderType: string;
  sortDirection: 'asc' | 'desc';
}

export type UserAction = 'disable' | 'enable' | 'resend-confirmation';

/** The contract of each action on an account (all three take a reason and answer the same way). */
const ACTIONS = { disable: C.disable, enable: C.enable, 'resend-confirmation': C.resendConfirmation } as const;

/** The admin calls of people's accounts (docs/decisions/0021), each through its contract (ADMIN_USER_CONTRACTS). Actions move no money: no Idempotency-Key; a repeat is a no-op. */
export const usersApi = {
  search: (s: UserSearchState, signal?: AbortSignal) =>
    call(C.search, { query: { q: s.q.trim(), status: s.status, sort: s.sort, direction: s.direction, page: s.page, pageSize: USERS_PAGE_SIZE }, signal }),
  detail: (id: string, signal?: AbortSignal) => call(C.detail, { params: { id }, signal }),
  orders: (id: string, q: UserOrdersQuery, signal?: AbortSignal) =>
    call(C.orders, { params: { id }, query: { page: q.page, pageSize: USER_ORDERS_PAGE_SIZE, orderType: q.orderType, sortBy: 'createdAt', sortDirection: q.sortDirection }, signal }),
  reveal: (id: string, body: AdminUserReasonInput) => call(C.reveal, { params: { id }, body }),
  act: (id: string, action: UserAction, body: AdminUserReasonInput) => call(ACTIONS[action], { params: { id }, body }),
  setLimit: (id: string, body: PurchaseLimitOverrideInput) => call(C.purchaseLimit, { params: { id }, body }),
};

/** The search of an address's query string, with the server's defaults for what is missing. */
export function searchFromQuery(search: string): UserSearchState {
  const q = new URLSearchParams(search);
  const status = q.get('status');
  const sort = q.get('sort');
  const page = Number(q.get('page'));
  return {
    q: q.get('q') ?? '',
    status: status === 'active' || status === 'unconfirmed' || status === 'disabled' ? status : '',
    sort: sort === 'name' || sort === 'email' ? sort : 'createdAt',
    direction: q.get('direction') === 'asc' ? 'asc' : 'desc',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** The address of a search (defaults left out). */
export function searchHref(s: UserSearchState): string {
  const q = new URLSearchParams();
  if (s.q.trim()) q.set('q', s.q.trim());
  if (s.status) q.set('status', s.status);
  if (s.sort !== 'createdAt') q.set('sort', s.sort);
  if (s.direction !== 'desc') q.set('direction', s.direction);
  if (s.page > 1) q.set('page', String(s.page));
  const text = q.toString();
  return text ? `/admin/users?${text}` : '/admin/users';
}

export const userHref = (id: string) => `/admin/users/${encodeURIComponent(id)}`;
