import { GOVERNANCE_MESSAGES as M, voteOutcome, voteResultYesPercentage, type AdminVote } from '@landunits/domain';
import { eq, sql, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import { queryRows, type Db } from '../../platform/db/client';
import { inTransaction } from '../../platform/db/transaction';
import { AppError } from '../../platform/http/app-error';
import { enqueueJob } from '../../platform/jobs/define';
import { recordAudit, type AuditActor } from '../audit';
import { requirePermissionOf } from '../auth';
import { ownedHolderIdsQuery } from '../ledger';
import { votes as v } from './schema';
import { voteEmailsJob } from './send-vote-emails';
import { adminVoteViewOf, voteResultOf, type VoteRow } from './store';

/**
 * Fixes the outcome of the votes a guarded update claims (`closed_at is null`): the first closer
 * takes the row lock, a concurrent one finds it closed and does nothing, so each vote gets one
 * outcome, one audit row and one batch of result emails. The tallies are read by a later statement
 * of the same transaction, after the lock, so they include every ballot committed before it.
 */
async function closeClaimed(ctx: AppContext, tx: Db, claim: SQL, admin: (AuditActor & { role: NonNullable<AuditActor['role']> }) | null, reason: string): Promise<VoteRow[]> {
  const now = ctx.clock.now();
  const at = now.toISOString();
  const claimed = await queryRows<{ id: number }>(
    tx,
    sql`update votes set closed_at = ${at}::timestamptz, closes_at = least(closes_at, ${at}::timestamptz), outcome = 'Not Decided', yes_count = 0, no_count = 0, eligible_count = 0
        where closed_at is null and ${claim} returning id`,
  );
  const closed: VoteRow[] = [];
  for (const { id } of claimed) {
    const voteId = Number(id);
    const [tally] = await queryRows<{ yes: number; no: number; eligible: number }>(
      tx,
      sql`select (select count(*)::int from vote_ballots where vote_id = ${voteId} and answer = 'y') as yes,
                 (select count(*)::int from vote_ballots where vote_id = ${voteId} and answer = 'n') as no,
                 (select count(*)::int from (${ownedHolderIdsQuery()} union select user_id from vote_ballots where vote_id = ${voteId}) e) as eligible`,
    );
    const yes = Number(tally?.yes ?? 0);
    const no = Number(tally?.no ?? 0);
    const outcome = voteOutcome(yes, no);
    const [row] = await tx
      .update(v)
      .set({ yesCount: yes, noCount: no, eligibleCount: Number(tally?.eligible ?? 0), yesPercentage: voteResultYesPercentage(yes, no), outcome })
      .where(eq(v.id, voteId))
      .returning();
    if (!row) continue;
    if (admin) {
      await recordAudit(tx, {
        actor: admin,
        at: now,
        action: 'vote.close',
        targetType: 'vote',
        targetId: String(voteId),
        before: { closedAt: null },
        after: { closedAt: at, ...voteResultOf(row) },
        reason,
      });
    }
    await enqueueJob(ctx, tx, voteEmailsJob, { voteId, kind: 'result', after: null });
    closed.push(row);
  }
  return closed;
}

/** Closes every vote whose closing time has come (the periodic job, or an admin's close-voting call). */
export async function closeDueVotes(ctx: AppContext, admin: AuditActor | null): Promise<number> {
  return inTransaction(ctx.db, async (tx) => {
    const actor = admin ? { ...admin, role: await requirePermissionOf(tx, admin.userId, 'community.moderate') } : null;
    const at = ctx.clock.now().toISOString();
    const closed = await closeClaimed(ctx, tx, sql`closes_at <= ${at}::timestamptz`, actor, 'Closing time reached');
    return closed.length;
  });
}

/** An admin closes one open vote now. */
export async function closeVoteNow(ctx: AppContext, admin: AuditActor, voteId: number): Promise<AdminVote> {
  return inTransaction(ctx.db, async (tx) => {
    const role = await requirePermissionOf(tx, admin.userId, 'community.moderate');
    const [closed] = await closeClaimed(ctx, tx, sql`id = ${voteId}`, { ...admin, role }, 'Closed now by an admin');
    if (!closed) {
      const [row] = await tx.select().from(v).where(eq(v.id, voteId));
      if (!row) throw new AppError('NOT_FOUND', M.voteNotFound);
      throw new AppError('TRANSITION_REFUSED', M.alreadyClosed);
    }
    return adminVoteViewOf(tx, closed, ctx.clock.now());
  });
}
