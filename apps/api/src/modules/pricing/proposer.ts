import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { settingChangeRequests } from './schema';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Who proposed the settings change request with this id (docs/decisions/0037); none for an unknown id. */
export async function settingChangeProposerOf(db: Db, id: string): Promise<string[]> {
  if (!UUID.test(id)) return [];
  const [row] = await db.select({ proposedBy: settingChangeRequests.proposedBy }).from(settingChangeRequests).where(eq(settingChangeRequests.id, id));
  return row ? [row.proposedBy] : [];
}
