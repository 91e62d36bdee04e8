import type {
  AccountStatus,
  AdminUserActionAnswer,
  AdminUserDetail,
  AdminUserOrders,
  AdminUserReasonInput,
  AdminUserSort,
  AdminUsersPage,
  PurchaseLimitOverrideInput,
} from '@landunits/domain/contracts';
import { api } from '../../shared/api/api-client';

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

const path = (id: string, rest = '') => `/admin/users/${encodeURIComponent(id)}${rest}`;

/** The admin calls of people's accounts (docs/decisions/0021). Actions move no money: no Idempotency-Key; a repeat is a no-op. */
export const usersApi = {
  search: (s: UserSearchState, signal?: AbortSignal) =>
    api.get<AdminUsersPage>('/admin/users', { query: { q: s.q.trim(), status: s.status, sort: s.sort, direction: s.direction, page: s.page, pageSize: USERS_PAGE_SIZE }, signal }),
  detail: (id: string, signal?: AbortSignal) => api.get<AdminUserDetail>(path(id), { signal }),
  orders: (id: string, q: UserOrdersQuery, signal?: AbortSignal) =>
    api.get<AdminUserOrders>(path(id, '/orders'), { query: { page: q.page, pageSize: USER_ORDERS_PAGE_SIZE, orderType: q.orderType, sortBy: 'createdAt', sortDirection: q.sortDirection }, signal }),
  reveal: (id: string, body: AdminUserReasonInput) => api.post<AdminUserDetail>(path(id, '/reveal'), body),
  act: (id: string, action: UserAction, body: AdminUserReasonInput) => api.post<AdminUserActionAnswer>(path(id, `/${action}`), body),
  setLimit: (id: string, body: PurchaseLimitOverrideInput) => api.post<AdminUserActionAnswer>(path(id, '/purchase-limit'), body),
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
