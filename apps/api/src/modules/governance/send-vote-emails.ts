import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { queryRows, type Db } from '../../platform/db/client';
import { defineJob, enqueueJob, type JobContext } from '../../platform/jobs/define';
import { ownedHolderIdsQuery } from '../ledger';
import { enqueueOptionalEmail } from '../newsletter';
import { notifyMany } from '../notifications';
import { findUsersByIds } from '../users';
import { voteOpenedEmail, voteResultEmail } from './emails';
import { votes } from './schema';

/** People emailed per job run; a full batch queues the next one after its last id. */
export const VOTE_EMAIL_BATCH = 100;

const Payload = z.object({ voteId: z.number().int().positive(), kind: z.enum(['opened', 'result']), after: z.string().uuid().nullable() });

/**
 * The governance emails of a vote (category 'governance', so subscriptions are respected): to every
 * holder of an owned Unit when it opens; when its result is published, to the holders and everyone
 * who voted. Sent by this job in batches of VOTE_EMAIL_BATCH, in id order, never in the request.
 */
export const voteEmailsJob = defineJob('governance.vote-emails', Payload, (payload, job) => job.transaction((tx) => queueVoteEmails(tx, job.ctx, payload)));

/** One batch: its emails and notifications, and the next batch's job, in the job's transaction. */
async function queueVoteEmails(tx: Db, ctx: JobContext['ctx'], payload: z.output<typeof Payload>): Promise<void> {
  const [vote] = await tx.select().from(votes).where(eq(votes.id, payload.voteId));
  // A vote that closed before its opening emails went out is not announced any more.
  if (!vote || (payload.kind === 'opened' && vote.closedAt !== null)) return;
  const voters = payload.kind === 'result' ? sql`union select user_id from vote_ballots where vote_id = ${vote.id}` : sql``;
  const after = payload.after === null ? sql`` : sql`where r.user_id > ${payload.after}::uuid`;
  const ids = (await queryRows<{ user_id: string }>(tx, sql`select r.user_id::text as user_id from (${ownedHolderIdsQuery()} ${voters}) r ${after} order by r.user_id limit ${VOTE_EMAIL_BATCH}`)).map(
    (r) => r.user_id,
  );
  const people = await findUsersByIds(tx, ids);
  const link = `${ctx.config.publicUrl}/dashboard/votes`;
  for (const id of ids) {
    const person = people.get(id);
    if (!person) continue;
    const message = payload.kind === 'opened' ? voteOpenedEmail(person, vote, link) : voteResultEmail(person, vote, link);
    await enqueueOptionalEmail(ctx, tx, { userId: id, category: 'governance', message });
  }
  // The same batch in the notification centre: one insert for every person who has governance on in-app.
  const question = vote.question.replace(/\p{Cc}+/gu, ' ').slice(0, 200);
  await notifyMany(
    tx,
    ids,
    payload.kind === 'opened'
      ? { category: 'governance', title: 'A new vote is open', body: question, link: '/dashboard/votes', at: ctx.clock.now() }
      : { category: 'governance', title: `Vote result: ${vote.outcome ?? 'Not Decided'}`, body: question, link: '/dashboard/votes?filter=closed', at: ctx.clock.now() },
  );
  if (ids.length === VOTE_EMAIL_BATCH) await enqueueJob(ctx, tx, voteEmailsJob, { ...payload, after: ids[ids.length - 1]! });
}
