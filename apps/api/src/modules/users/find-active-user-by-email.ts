import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { users } from '../../platform/db/schema';
import { personColumns, type Person } from './person';

/**
 * A person who can take part in an order: registered and email-confirmed. `email` is already
 * normalised (EmailSchema). Pass the caller's transaction (`tx`) to read inside it.
 */
export async function findActiveUserByEmail(db: Db, email: string): Promise<Person | undefined> {
  const [row] = await db
    .select(personColumns)
    .from(users)
    .where(and(eq(users.email, email), isNotNull(users.emailVerifiedAt)));
  return row;
}
