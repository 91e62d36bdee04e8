import { ADMIN_ROLES, type AdminRole } from '@landunits/domain';
import type { AdminListQuery } from '@landunits/domain/contracts';
import { and, asc, desc, eq, ilike, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { users } from './schema';
import type { UserRow } from './user-view';

/**
 * The admin accounts as the admins module manages them: the list, invited rows (a role and no
 * confirmed email until the invitation is accepted), role changes and removals. Pass the caller's
 * transaction to act inside it.
 */

export interface AdminRow {
  id: string;
  email: string;
  firstName: string;
  lastName: string | null;
  adminRole: AdminRole;
  emailVerifiedAt: Date | null;
  lastSignInAt: Date | null;
  createdAt: Date;
}

const adminColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  adminRole: users.adminRole,
  emailVerifiedAt: users.emailVerifiedAt,
  lastSignInAt: users.lastSignInAt,
  createdAt: users.createdAt,
};

const toAdminRow = (row: Omit<AdminRow, 'adminRole'> & { adminRole: AdminRole | null }): AdminRow => ({ ...row, adminRole: row.adminRole ?? 'OWNER' });

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

/** One admin (active or invited), locked for the rest of the transaction; undefined for anyone else. */
export async function lockAdminById(tx: Db, id: string): Promise<AdminRow | undefined> {
  const [row] = await tx
    .select(adminColumns)
    .from(users)
    .where(and(eq(users.id, id), isNotNull(users.adminRole)))
    .for('update');
  return row ? toAdminRow(row) : undefined;
}

export async function findAdminById(db: Db, id: string): Promise<AdminRow | undefined> {
  const [row] = await db
    .select(adminColumns)
    .from(users)
    .where(and(eq(users.id, id), isNotNull(users.adminRole)));
  return row ? toAdminRow(row) : undefined;
}

/** The ids of the admins who may sign in as owners now (invited owners do not count). */
export async function activeOwnerIds(tx: Db): Promise<string[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.adminRole, 'OWNER'), isNotNull(users.emailVerifiedAt)));
  return rows.map((row) => row.id);
}

/**
 * An invited admin: the role, no confirmed email and a password nobody knows, until the
 * invitation is accepted. Undefined when the address already has an account.
 */
export async function insertInvitedAdmin(tx: Db, input: { email: string; role: AdminRole; passwordHash: string }, now: Date): Promise<AdminRow | undefined> {
  const [row] = await tx
    .insert(users)
    .values({ email: input.email, firstName: '', userType: 'USER', adminRole: input.role, passwordHash: input.passwordHash, createdAt: now, updatedAt: now })
    .onConflictDoNothing({ target: users.email })
    .returning(adminColumns);
  return row ? toAdminRow(row) : undefined;
}

/** The account of this email (admin or not), locked; for the invitation's checks. */
export async function lockAccountByEmail(tx: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.email, email)).for('update');
  return row;
}

/** Sets (or, with null, takes away) an admin's role. */
export async function setAdminRole(tx: Db, id: string, role: AdminRole | null, now: Date): Promise<void> {
  await tx.update(users).set({ adminRole: role, updatedAt: now }).where(eq(users.id, id));
}

/** An invitation accepted: the name and password chosen, the email confirmed by the link. */
export async function activateInvitedAdmin(tx: Db, id: string, details: { firstName: string; lastName: string | null; passwordHash: string }, now: Date): Promise<UserRow | undefined> {
  const [row] = await tx
    .update(users)
    .set({ ...details, emailVerifiedAt: now, updatedAt: now })
    .where(and(eq(users.id, id), isNotNull(users.adminRole), isNull(users.emailVerifiedAt)))
    .returning();
  return row;
}

/** Deletes an invited admin who never accepted (nothing else refers to the row). */
export async function deleteInvitedAdmin(tx: Db, id: string): Promise<void> {
  await tx.delete(users).where(and(eq(users.id, id), isNotNull(users.adminRole), isNull(users.emailVerifiedAt)));
}
