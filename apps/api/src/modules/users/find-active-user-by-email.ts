import type { AdminRole } from '@landunits/domain';
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { perDatabase, type Db } from '../../platform/db/client';
import { users } from './schema';
import { personColumns, type Person } from './store';

/**
 * A person who can take part in an order: registered, email-confirmed and not disabled. `email` is already
 * normalised (EmailSchema). Pass the caller's transaction (`tx`) to read inside it.
 */
export async function findActiveUserByEmail(db: Db, email: string): Promise<ActivePerson | undefined> {
  const [row] = await activeUserStatement(db).execute({ email });
  return row;
}

/** A person found by email, with their admin role (staff accounts take no part in orders: decision 0037). */
export type ActivePerson = Person & { adminRole: AdminRole | null };

/** On every transfer's path: a prepared statement. */
const activeUserStatement = perDatabase((db) =>
  db
    .select({ ...personColumns, adminRole: users.adminRole })
    .from(users)
    .where(and(eq(users.email, sql.placeholder('email')), isNotNull(users.emailVerifiedAt), isNull(users.disabledAt)))
    .prepare('active_user_by_email'),
);
