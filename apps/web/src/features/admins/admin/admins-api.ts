import type { AdminRole } from '@landunits/domain';
import { ADMINS_CONTRACTS as C, type AdminListItem } from '@landunits/domain/contracts';
import { call } from '../../../shared/api/api-client';

export type { AdminListItem } from '@landunits/domain/contracts';

export const ADMINS_PAGE_SIZE = 20;

/** The list's state in the address: search, role, status, sort (`field-direction`) and page. */
export const ADMIN_LIST_DEFAULTS = { q: '', role: '', status: '', sort: 'name-asc', page: '1' } as const;
export type AdminListParams = Record<keyof typeof ADMIN_LIST_DEFAULTS, string>;

export const ADMIN_SORT_OPTIONS = [
  { value: 'name-asc', label: 'Name, A to Z' },
  { value: 'name-desc', label: 'Name, Z to A' },
  { value: 'email-asc', label: 'Email, A to Z' },
  { value: 'role-asc', label: 'Role, owners first' },
  { value: 'status-desc', label: 'Invitations first' },
  { value: 'lastSignInAt-desc', label: 'Last sign-in, newest first' },
  { value: 'createdAt-desc', label: 'Added, newest first' },
] as const;

/** Query keys of the admins section; every change refreshes the root. */
export const ADMINS_ROOT = ['admin', 'admins'] as const;
export const adminsKey = (params: AdminListParams) => [...ADMINS_ROOT, params] as const;

function listQuery(params: AdminListParams) {
  const [sortBy, sortDirection] = params.sort.split('-');
  return { page: params.page, pageSize: ADMINS_PAGE_SIZE, q: params.q.trim(), role: params.role, status: params.status, sortBy, sortDirection };
}

/** The owner's calls (permission admins.manage), each through its contract (ADMINS_CONTRACTS). */
export const adminsApi = {
  list: (params: AdminListParams, signal?: AbortSignal) => call(C.list, { query: listQuery(params), signal }),
  invite: (body: { email: string; role: AdminRole }) => call(C.invite, { body }),
  changeRole: (admin: AdminListItem, role: AdminRole) => call(C.changeRole, { params: { id: admin.id }, body: { role } }),
  remove: (admin: AdminListItem) => call(C.remove, { params: { id: admin.id } }),
};
