import { and, asc, eq, gt, lte, sql } from 'drizzle-orm';
import { DAY, MINUTE } from '../../platform/clock';
import type { AppContext } from '../../platform/context';
import { inTransaction } from '../../platform/db/transaction';
import { definePeriodic } from '../../platform/jobs/define';
import { hello, oneLine, renderEmail } from '../../platform/mail/layout';
import { enqueueEmail } from '../../platform/mail/outbox';
import { newToken } from '../../platform/security/tokens';
import { findUsersByIds } from '../users';
import { chatConversations, chatMessages } from './schema';
import { lockConversation, toMessageViews } from './store';

/**
 * A reply the customer has not seen 3 minutes after it was sent is emailed (PRODUCT-DECISIONS §13):
 * every 20 s, ONE email per conversation with all such replies, a link back (the dashboard's chat
 * for a person; for a visitor /chat?resume= with a fresh token, good for 7 days), and the
 * conversation's `emailed_up_to_id` moved past them. That move is a guarded update (only from the
 * value read), in the email's transaction, so two runs at once send one email. Transactional: it
 * answers the person's own request.
 */

export const UNSEEN_AFTER_MS = 3 * MINUTE;
export const RESUME_TTL_MS = 7 * DAY;
const BATCH = 50;

export async function emailUnseenReplies(ctx: Pick<AppContext, 'db' | 'clock' | 'config'>): Promise<number> {
  const now = ctx.clock.now();
  const cutoff = new Date(now.getTime() - UNSEEN_AFTER_MS);
  const c = chatConversations;
  const m = chatMessages;
  const due = await ctx.db
    .select()
    .from(c)
    .where(
      sql`exists (select 1 from ${m} where ${m.conversationId} = ${c.id} and ${m.from} = 'agent'
          and ${m.id} > greatest(${c.customerLastReadId}, ${c.emailedUpToId}) and ${m.createdAt} <= ${cutoff.toISOString()}::timestamptz)`,
    )
    .orderBy(asc(c.id))
    .limit(BATCH);
  let sent = 0;
  for (const candidate of due) {
    const done = await inTransaction(ctx.db, async (tx) => {
      // The row as it is now (locked): replies read since the search above are not quoted.
      const conversation = await lockConversation(tx, candidate.id);
      const floor = Math.max(conversation.customerLastReadId, conversation.emailedUpToId);
      const rows = await tx
        .select()
        .from(m)
        .where(and(eq(m.conversationId, conversation.id), eq(m.from, 'agent'), gt(m.id, floor), lte(m.createdAt, cutoff)))
        .orderBy(asc(m.id));
      const last = rows.at(-1);
      if (!last) return false;
      const resume = conversation.userId ? null : newToken();
      const claimed = await tx
        .update(c)
        .set({ emailedUpToId: last.id, ...(resume ? { resumeTokenHash: resume.hash, resumeExpiresAt: new Date(now.getTime() + RESUME_TTL_MS) } : {}) })
        .where(and(eq(c.id, conversation.id), eq(c.emailedUpToId, conversation.emailedUpToId), sql`${c.customerLastReadId} < ${last.id}`))
        .returning({ id: c.id });
      if (claimed.length === 0) return false;
      const person = conversation.userId ? (await findUsersByIds(tx, [conversation.userId])).get(conversation.userId) : undefined;
      const to = person?.email ?? conversation.visitorEmail;
      if (!to) return false;
      const firstName = person?.firstName ?? oneLine(conversation.visitorName ?? '').split(' ')[0] ?? 'there';
      const views = await toMessageViews(tx, rows, [conversation]);
      const url = resume ? `${ctx.config.publicUrl}/chat?resume=${resume.token}` : `${ctx.config.publicUrl}/dashboard/saleschat`;
      await enqueueEmail(
        ctx,
        tx,
        renderEmail(to, {
          subject: views.length === 1 ? 'A reply to your chat with Land Units' : `${views.length} replies to your chat with Land Units`,
          greeting: hello({ firstName: firstName || 'there' }),
          paragraphs: [views.length === 1 ? 'Our sales team replied to your chat while you were away:' : 'Our sales team replied to your chat while you were away:'],
          quote: views.map((v) => `${v.authorName}: ${v.body}`).join('\n\n'),
          action: { label: 'Continue the conversation', url },
          after: resume ? ['You can also simply reply to the chat from this link; it works for 7 days.'] : [],
        }),
      );
      return true;
    });
    if (done) sent += 1;
  }
  return sent;
}

export const chatPeriodicTasks = [definePeriodic('chat-unseen-replies', 20_000, ({ ctx }) => emailUnseenReplies(ctx))];
