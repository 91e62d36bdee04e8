import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { users } from './schema';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether the account with this id is an admin. An id that is not a UUID is nobody's (and is not sent to the database). */
export async function isAdmin(db: Db, userId: string): Promise<boolean> {
  if (!UUID.test(userId)) return false;
  const [row] = await db.select({ isAdmin: users.isAdmin }).from(users).where(eq(users.id, userId));
  return row?.isAdmin ?? false;
}
