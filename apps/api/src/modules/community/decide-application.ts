import { COMMUNITY_MESSAGES as M } from '@landunits/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import { inTransaction } from '../../platform/db/transaction';
import { AppError } from '../../platform/http/app-error';
import { enqueueEmail } from '../../platform/mail/outbox';
import { recordAudit, type AuditActor } from '../audit';
import { requirePermissionOf } from '../auth';
import { findUsersByIds } from '../users';
import { agentDecisionEmail } from './emails';
import { agentApplications as a } from './schema';

type Decision = 'approved' | 'rejected' | 'revoked';
const FROM: Record<Decision, 'pending' | 'approved'> = { approved: 'pending', rejected: 'pending', revoked: 'approved' };
const ACTION: Record<Decision, string> = { approved: 'agentApplication.approve', rejected: 'agentApplication.reject', revoked: 'agentApplication.revoke' };
const ANSWER: Record<Decision, string> = { approved: M.approved, rejected: M.rejected, revoked: M.revoked };

/** Approving needs the person not to be an agent already (another application approved). */
const notAlreadyAgent = sql`not exists (select 1 from community_agent_applications other where other.user_id = ${a.userId} and other.status = 'approved')`;

/**
 * Approves or rejects a pending application, or revokes an approved one: a guarded update (only
 * from the expected status, so deciding twice changes nothing the second time), the audit row and
 * the transactional email to the applicant, in one transaction.
 */
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
