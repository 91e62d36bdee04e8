import type { AdminRole } from '@landunits/domain';
import type { AdminUserItem, AdminUsersPage, AdminUsersQuery } from '@landunits/domain/contracts';
import type { Db } from '../../platform/db/client';
import { findOrderOwner } from '../orders';
import { accountStatusOf, searchUsers, type UserRow } from '../users';
import { maskUserItem } from './masking';
import { readsMasked } from './store';

function toItem(user: UserRow, matchedOrderId: string | null): AdminUserItem {
  return {
    id: user.id,
    name: `${user.firstName} ${user.lastName ?? ''}`.trim(),
    email: user.email,
    businessName: user.businessName,
    userType: user.userType,
    adminRole: user.adminRole,
    status: accountStatusOf(user),
    profileVerificationStatus: user.profileVerificationStatus,
    bankVerificationStatus: user.bankVerificationStatus,
    createdAt: user.createdAt.toISOString(),
    matchedOrderId,
  };
}

/**
 * GET /api/admin/users: people whose email, first, last or full name, or business name begins with
 * `q` (any case), or who placed the order whose id `q` is; filtered by account status, sorted and
 * paged in the database. Emails masked for roles without users.manage (search still uses them).
 */
export async function searchAccounts(db: Db, viewer: { role: AdminRole }, query: AdminUsersQuery): Promise<AdminUsersPage> {
  const order = query.q ? await findOrderOwner(db, query.q) : undefined;
  const { rows, total } = await searchUsers(db, {
    q: query.q,
    alsoIds: order ? [order.userId] : [],
    status: query.status,
    sort: query.sort,
    direction: query.direction,
    page: query.page,
    pageSize: query.pageSize,
  });
  const masked = readsMasked(viewer.role);
  const users = rows.map((row) => toItem(row, order?.userId === row.id ? order.orderId : null));
  return { users: masked ? users.map(maskUserItem) : users, total, page: query.page, pageSize: query.pageSize, masked };
}
