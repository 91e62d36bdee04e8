import { GOVERNANCE_MESSAGES as M, isVoteOpen, type VoteAnswer, type VoteView } from '@landunits/domain';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import { queryRows } from '../../platform/db/client';
import { inTransaction } from '../../platform/db/transaction';
import { AppError } from '../../platform/http/app-error';
import { hasOwnedUnits } from '../ledger';
import { votes as v } from './schema';
import { voteViewOf } from './store';

/**
 * Casts or changes a holder's ballot. The vote row is read `for share`, so a close (which updates
 * the row) waits for ballots in flight and ballots wait for a close; the upsert on the primary key
 * (vote, person) is guarded by the vote still being open, so a person has one ballot whatever the
 * concurrency and nothing is written once the vote is closed.
 */
export async function castBallot(ctx: AppContext, userId: string, voteId: number, answer: VoteAnswer): Promise<VoteView> {
  return inTransaction(ctx.db, async (tx) => {
    const now = ctx.clock.now();
    const [vote] = await tx.select().from(v).where(eq(v.id, voteId)).for('share');
    if (!vote) throw new AppError('NOT_FOUND', M.voteNotFound);
    if (!isVoteOpen(vote, now)) throw new AppError('TRANSITION_REFUSED', M.voteClosed);
    if (!(await hasOwnedUnits(tx, userId))) throw new AppError('FORBIDDEN', M.notHolder);
    const at = now.toISOString();
    const written = await queryRows<{ answer: string }>(
      tx,
      sql`insert into vote_ballots (vote_id, user_id, answer, cast_at, updated_at)
          select id, ${userId}::uuid, ${answer}, ${at}::timestamptz, ${at}::timestamptz from votes
          where id = ${voteId} and closed_at is null and closes_at > ${at}::timestamptz
          on conflict (vote_id, user_id) do update set answer = excluded.answer, updated_at = excluded.updated_at
          where exists (select 1 from votes o where o.id = vote_ballots.vote_id and o.closed_at is null and o.closes_at > ${at}::timestamptz)
          returning answer`,
    );
    if (written.length === 0) throw new AppError('TRANSITION_REFUSED', M.voteClosed);
    return voteViewOf(vote, written[0]!.answer, true, now);
  });
}
