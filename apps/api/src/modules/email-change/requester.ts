import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { emailChangeRequests } from './schema';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Who asked for the email change with this id (docs/decisions/0037); none for an unknown id. */
export async function emailChangeRequesterOf(db: Db, id: string): Promise<string[]> {
  if (!UUID.test(id)) return [];
  const [row] = await db.select({ userId: emailChangeRequests.userId }).from(emailChangeRequests).where(eq(emailChangeRequests.id, id));
  return row ? [row.userId] : [];
}
