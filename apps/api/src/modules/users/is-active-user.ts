import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { users } from './schema';

/** Whether this id belongs to a registered, email-confirmed person whose account is not disabled (one who can receive Units). */
export async function isActiveUser(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), isNotNull(users.emailVerifiedAt), isNull(users.disabledAt)));
  return row !== undefined;
}
