import type { AgentStatus } from '@landunits/domain/contracts';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { agentApplications as a } from './schema';
import { isAgent, toApplicationView } from './store';

/** A person's agent status and newest application (GET /api/community/agent-application). */
export async function agentStatusOf(db: Db, userId: string): Promise<AgentStatus> {
  const [newest] = await db.select().from(a).where(eq(a.userId, userId)).orderBy(desc(a.id)).limit(1);
  return { isAgent: await isAgent(db, userId), application: newest ? toApplicationView(newest) : null };
}
