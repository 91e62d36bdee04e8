import { GOVERNANCE_MESSAGES as M, type AdminVote } from '@landunits/domain';
import type { AppContext } from '../../platform/context';
import { inTransaction } from '../../platform/db/transaction';
import { AppError } from '../../platform/http/app-error';
import { enqueueJob } from '../../platform/jobs/define';
import { recordAudit, type AuditActor } from '../audit';
import { requirePermissionOf } from '../auth';
import { votes as v } from './schema';
import { voteEmailsJob } from './send-vote-emails';
import { adminVoteViewOf } from './store';

const YEAR_MS = 366 * 86_400_000;

/** Publishes a vote, audited, and queues the emails to holders (sent in batches by a job). */
export async function createVote(ctx: AppContext, admin: AuditActor, input: { question: string; details: string; closesAt: string }): Promise<AdminVote> {
  const now = ctx.clock.now();
  const closesAt = new Date(input.closesAt);
  if (closesAt.getTime() <= now.getTime()) throw new AppError('VALIDATION_FAILED', M.closesAtFuture, { closesAt: M.closesAtFuture });
  if (closesAt.getTime() > now.getTime() + YEAR_MS) throw new AppError('VALIDATION_FAILED', M.closesAtTooFar, { closesAt: M.closesAtTooFar });
  return inTransaction(ctx.db, async (tx) => {
    const role = await requirePermissionOf(tx, admin.userId, 'community.moderate');
    const [row] = await tx.insert(v).values({ question: input.question, details: input.details, closesAt, createdAt: now, createdBy: admin.userId }).returning();
    if (!row) throw new Error('vote not stored');
    await recordAudit(tx, {
      actor: { ...admin, role },
      at: now,
      action: 'vote.create',
      targetType: 'vote',
      targetId: String(row.id),
      after: { question: row.question, details: row.details, closesAt: row.closesAt.toISOString() },
    });
    await enqueueJob(ctx, tx, voteEmailsJob, { voteId: row.id, kind: 'opened', after: null });
    return adminVoteViewOf(tx, row, now);
  });
}
