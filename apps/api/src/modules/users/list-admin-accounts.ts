import { ADMIN_ROLES } from '@landunits/domain';
import type { AdminListQuery } from '@landunits/domain/contracts';
import { and, asc, desc, eq, ilike, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { users } from './schema';
import { adminColumns, toAdminRow, type AdminRow } from './store';

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const fullName = sql`lower(${users.firstName} || ' ' || coalesce(${users.lastName}, ''))`;
/** The roles in the order of ADMIN_ROLES (owner first), not alphabetically. */
const roleOrder = sql.raw(`array_position(array[${ADMIN_ROLES.map((r) => `'${r}'`).join(', ')}]::text[], "users"."admin_role")`);

const SORTS: Record<AdminListQuery['sortBy'], SQL[]> = {
  name: [fullName, sql`${users.email}`],
  email: [sql`${users.email}`],
  role: [roleOrder, fullName],
  status: [sql`(${users.emailVerifiedAt} is null)`, fullName],
  lastSignInAt: [sql`${users.lastSignInAt}`, fullName],
  createdAt: [sql`${users.createdAt}`],
};

/** GET /api/admin/admins: one page of admins and invited admins, searched, filtered and sorted in the database. */
export async function listAdminAccounts(db: Db, q: AdminListQuery): Promise<{ rows: AdminRow[]; total: number }> {
  const filters: SQL[] = [isNotNull(users.adminRole)];
  if (q.q) {
    const pattern = likePattern(q.q);
    filters.push(or(ilike(users.email, pattern), sql`(${users.firstName} || ' ' || coalesce(${users.lastName}, '')) ilike ${pattern}`)!);
  }
  if (q.role) filters.push(eq(users.adminRole, q.role));
  if (q.status === 'invited') filters.push(isNull(users.emailVerifiedAt));
  if (q.status === 'active') filters.push(isNotNull(users.emailVerifiedAt));
  const where = and(...filters);
  const direction = q.sortDirection === 'desc' ? desc : asc;
  // Nulls (never signed in) go last whichever way the list is sorted.
  const order = SORTS[q.sortBy].map((part) => (q.sortBy === 'lastSignInAt' && part === SORTS.lastSignInAt[0] ? sql`${direction(part)} nulls last` : direction(part)));
  const [rows, total] = await Promise.all([
    db
      .select(adminColumns)
      .from(users)
      .where(where)
      .orderBy(...order, asc(users.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.$count(users, where),
  ]);
  return { rows: rows.map(toAdminRow), total };
}
