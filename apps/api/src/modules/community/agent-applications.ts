import { COMMUNITY_MESSAGES as M } from '@landunits/domain';
import type { AgentApplicationList, AgentApplicationsQuery, AgentStatus } from '@landunits/domain/contracts';
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/db/client';
import { inTransaction } from '../../platform/db/transaction';
import { AppError } from '../../platform/http/app-error';
import { enqueueEmail } from '../../platform/mail/outbox';
import { recordAudit, type AuditActor } from '../audit';
import { requirePermissionOf } from '../auth';
import { findUsersByIds } from '../users';
import { agentStatusOf, isAgent, toApplicationView } from './agents';
import { agentDecisionEmail } from './emails';
import { applyLimits } from './limits';
import { agentApplications as a, communityAnswers as ans } from './schema';

/**
 * POST /api/community/becomeCommunityAgent. A second pending application is refused by the
 * partial unique index (insert … on conflict do nothing), so two submits at once make one.
 */
export async function applyToBecomeAgent(ctx: AppContext, userId: string, input: { reason: string; experienceAndMotivation: string }): Promise<{ message: string; status: AgentStatus }> {
  await ctx.limiter.hit(...applyLimits(userId));
  if (await isAgent(ctx.db, userId)) throw new AppError('CONFLICT', M.alreadyAgent);
  const [row] = await ctx.db
    .insert(a)
    .values({ userId, reason: input.reason, experienceAndMotivation: input.experienceAndMotivation, createdAt: ctx.clock.now() })
    .onConflictDoNothing()
    .returning({ id: a.id });
  if (!row) throw new AppError('CONFLICT', M.applicationPending);
  return { message: M.applied, status: await agentStatusOf(ctx.db, userId) };
}

/** The admins' list: pending first (oldest first, as a queue), then the others newest first. */
export async function listAgentApplications(db: Db, query: AgentApplicationsQuery): Promise<AgentApplicationList> {
  const where: SQL | undefined = query.status === 'all' ? undefined : eq(a.status, query.status);
  const pendingFirst = sql`case when ${a.status} = 'pending' then 0 else 1 end`;
  const pendingOldest = sql`case when ${a.status} = 'pending' then ${a.createdAt} end`;
  const [rows, total, [counts]] = await Promise.all([
    db
      .select()
      .from(a)
      .where(where)
      .orderBy(asc(pendingFirst), asc(pendingOldest), desc(a.createdAt), desc(a.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.$count(a, where),
    db
      .select({
        pending: sql<number>`count(*) filter (where ${a.status} = 'pending')::int`,
        approved: sql<number>`count(*) filter (where ${a.status} = 'approved')::int`,
      })
      .from(a),
  ]);
  const people = await findUsersByIds(
    db,
    rows.map((r) => r.userId),
  );
  const userIds = [...new Set(rows.map((r) => r.userId))];
  const answerCounts = userIds.length
    ? await db
        .select({ userId: ans.userId, n: sql<number>`count(*)::int` })
        .from(ans)
        .where(and(inArray(ans.userId, userIds), eq(ans.authorKind, 'agent')))
        .groupBy(ans.userId)
    : [];
  const countOf = new Map(answerCounts.map((c) => [c.userId, c.n]));
  return {
    applications: rows.map((row) => {
      const person = people.get(row.userId);
      return {
        ...toApplicationView(row),
        userId: row.userId,
        applicantName: person ? [person.firstName, person.lastName].filter(Boolean).join(' ') : 'A former member',
        applicantEmail: person?.email ?? '',
        answerCount: countOf.get(row.userId) ?? 0,
      };
    }),
    counts: counts ?? { pending: 0, approved: 0 },
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

type Decision = 'approved' | 'rejected' | 'revoked';
const FROM: Record<Decision, 'pending' | 'approved'> = { approved: 'pending', rejected: 'pending', revoked: 'approved' };
const ACTION: Record<Decision, string> = { approved: 'agentApplication.approve', rejected: 'agentApplication.reject', revoked: 'agentApplication.revoke' };
const ANSWER: Record<Decision, string> = { approved: M.approved, rejected: M.rejected, revoked: M.revoked };

/**
 * Approves or rejects a pending application, or revokes an approved one: a guarded update (only
 * from the expected status, so deciding twice changes nothing the second time), the audit row and
 * the transactional email to the applicant, in one transaction.
 */
/** Approving needs the person not to be an agent already (another application approved). */
const notAlreadyAgent = sql`not exists (select 1 from community_agent_applications other where other.user_id = ${a.userId} and other.status = 'approved')`;

export async function decideAgentApplication(ctx: AppContext, admin: AuditActor, id: number, decision: Decision, reason: string): Promise<{ message: string }> {
  return inTransaction(ctx.db, async (tx) => {
    const role = await requirePermissionOf(tx, admin.userId, 'agents.review');
    const now = ctx.clock.now();
    const [updated] = await tx
      .update(a)
      .set({ status: decision, decisionReason: reason, decidedBy: admin.userId, decidedAt: now })
      .where(and(eq(a.id, id), eq(a.status, FROM[decision]), decision === 'approved' ? notAlreadyAgent : undefined))
      .returning();
    if (!updated) {
      const [exists] = await tx.select({ status: a.status }).from(a).where(eq(a.id, id));
      if (!exists) throw new AppError('NOT_FOUND', M.applicationNotFound);
      // Applied while an earlier application was being approved: the person is an agent already.
      if (decision === 'approved' && exists.status === 'pending') throw new AppError('TRANSITION_REFUSED', M.alreadyAgent);
      throw new AppError('TRANSITION_REFUSED', decision === 'revoked' ? M.notAnAgent : M.applicationDecided);
    }
    await recordAudit(tx, {
      actor: { ...admin, role },
      at: now,
      action: ACTION[decision],
      targetType: 'agentApplication',
      targetId: String(id),
      before: { status: FROM[decision] },
      after: { status: decision, userId: updated.userId },
      reason,
    });
    const person = (await findUsersByIds(tx, [updated.userId])).get(updated.userId);
    if (person) {
      await enqueueEmail(ctx, tx, agentDecisionEmail({ to: person.email, firstName: person.firstName, decision, reason, link: `${ctx.config.publicUrl}/dashboard/community/become-agent` }));
    }
    return { message: ANSWER[decision] };
  });
}

/** The home's queue: applications waiting for a decision, and when the oldest was sent. */
export function agentApplicationsQueueSummary(): SQL {
  return sql`select count(*)::int as "count", min(${a.createdAt}) as "oldestAt" from ${a} where ${a.status} = 'pending'`;
}
