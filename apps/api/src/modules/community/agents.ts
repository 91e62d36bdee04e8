import { hasPermission, type AdminRole, type AnswerAuthorKind } from '@landunits/domain';
import type { AgentApplicationView, AgentStatus } from '@landunits/domain/contracts';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { agentApplications as a } from './schema';

/** Whether a person is a community agent now: they have an approved application. */
export async function isAgent(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: a.id })
    .from(a)
    .where(and(eq(a.userId, userId), eq(a.status, 'approved')))
    .limit(1);
  return row !== undefined;
}

/**
 * How a person may answer: admins whose role moderates the community answer for the Land Units
 * team; community agents as agents; anyone else not at all (null).
 */
export async function answerKindOf(db: Db, user: { id: string; adminRole: AdminRole | null }): Promise<AnswerAuthorKind | null> {
  if (user.adminRole && hasPermission(user.adminRole, 'community.moderate')) return 'team';
  return (await isAgent(db, user.id)) ? 'agent' : null;
}

export function toApplicationView(row: typeof a.$inferSelect): AgentApplicationView {
  return {
    id: row.id,
    status: row.status,
    reason: row.reason,
    experienceAndMotivation: row.experienceAndMotivation,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    decisionReason: row.decisionReason,
  };
}

/** A person's agent status and newest application (GET /api/community/agent-application). */
export async function agentStatusOf(db: Db, userId: string): Promise<AgentStatus> {
  const [newest] = await db.select().from(a).where(eq(a.userId, userId)).orderBy(desc(a.id)).limit(1);
  return { isAgent: await isAgent(db, userId), application: newest ? toApplicationView(newest) : null };
}
