import type { AccountStatus, AdminUserSort } from '@landunits/domain/contracts';
import { and, asc, desc, eq, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { users } from './schema';
import type { UserRow } from './store';

export interface UserSearch {
  /** Lower-cased prefix of an email, a first, last or full name, or a business name. */
  q?: string | undefined;
  /** Accounts found another way (the owner of an order whose id was searched for). */
  alsoIds?: readonly string[];
  status?: AccountStatus | undefined;
  sort: AdminUserSort;
  direction: 'asc' | 'desc';
  page: number;
  pageSize: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `text` as a LIKE prefix: its own %, _ and \ match only themselves. */
const prefix = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Each condition is written exactly as its index (schema.ts: users_*_prefix_idx, lower(…)
 * text_pattern_ops), so PostgreSQL combines index scans instead of reading every account.
 */
function matching(search: UserSearch): SQL | undefined {
  const found: SQL[] = [];
  if (search.q) {
    const p = prefix(search.q.toLowerCase());
    found.push(
      sql`lower(${users.email}) like ${p}`,
      sql`lower(${users.firstName}) like ${p}`,
      sql`lower(${users.lastName}) like ${p}`,
      sql`lower(${users.firstName} || ' ' || coalesce(${users.lastName}, '')) like ${p}`,
      sql`lower(${users.businessName}) like ${p}`,
    );
    if (UUID.test(search.q)) found.push(eq(users.id, search.q.toLowerCase()));
  }
  if (search.alsoIds && search.alsoIds.length > 0) found.push(inArray(users.id, [...search.alsoIds]));
  return found.length > 0 ? or(...found) : undefined;
}

function statusFilter(status: AccountStatus | undefined): SQL | undefined {
  if (status === 'disabled') return isNotNull(users.disabledAt);
  if (status === 'unconfirmed') return and(isNull(users.emailVerifiedAt), isNull(users.disabledAt));
  if (status === 'active') return and(isNotNull(users.emailVerifiedAt), isNull(users.disabledAt));
  return undefined;
}

function ordering(sort: AdminUserSort, direction: 'asc' | 'desc'): SQL[] {
  const by = direction === 'asc' ? asc : desc;
  if (sort === 'name') return [by(sql`lower(${users.firstName})`), by(sql`lower(coalesce(${users.lastName}, ''))`), by(users.id)];
  if (sort === 'email') return [by(users.email), by(users.id)];
  return [by(users.createdAt), by(users.id)];
}

/** GET /api/admin/users: one page of accounts matching the search and the status, and how many match. */
export async function searchUsers(db: Db, search: UserSearch): Promise<{ rows: UserRow[]; total: number }> {
  const searching = Boolean(search.q) || (search.alsoIds?.length ?? 0) > 0;
  const found = matching(search);
  // A search that can match nothing (no text, no ids) lists everyone only when nothing was searched for.
  const where = and(searching ? (found ?? sql`false`) : undefined, statusFilter(search.status));
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(...ordering(search.sort, search.direction))
      .limit(search.pageSize)
      .offset((search.page - 1) * search.pageSize),
    db.$count(users, where),
  ]);
  return { rows, total };
}
