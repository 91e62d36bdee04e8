import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { agentApplications } from './schema';

/** Who made the agent application with this id (docs/decisions/0037); none for an unknown id. */
export async function agentApplicantOf(db: Db, id: string): Promise<string[]> {
  if (!/^[1-9][0-9]{0,15}$/.test(id) || !Number.isSafeInteger(Number(id))) return [];
  const [row] = await db
    .select({ userId: agentApplications.userId })
    .from(agentApplications)
    .where(eq(agentApplications.id, Number(id)));
  return row ? [row.userId] : [];
}
