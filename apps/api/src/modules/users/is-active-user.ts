import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { users } from './schema';

/** Whether this id belongs to a registered, email-confirmed person (one who can receive Units). */
export async function isActiveUser(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), isNotNull(users.emailVerifiedAt)));
  return row !== undefined;
}
