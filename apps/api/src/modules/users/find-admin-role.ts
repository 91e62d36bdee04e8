import type { AdminRole } from '@landunits/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { users } from './schema';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The admin role of the account with this id, or null when it is not an admin. An id that is not a
 * UUID is nobody's (and is not sent to the database).
 */
export async function findAdminRole(db: Db, userId: string): Promise<AdminRole | null> {
  if (!UUID.test(userId)) return null;
  const [row] = await db.select({ adminRole: users.adminRole }).from(users).where(eq(users.id, userId));
  return row?.adminRole ?? null;
}
