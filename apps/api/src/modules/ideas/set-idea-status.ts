import { IDEA_MESSAGES as M, type IdeaStatusInput } from '@landunits/domain';
import type { AdminIdeaAnswer } from '@landunits/domain/contracts';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import { inTransaction } from '../../platform/db/transaction';
import { recordAudit, type AuditActor } from '../audit';
import { enqueueOptionalEmail } from '../newsletter';
import { notify } from '../notifications';
import { findUserById } from '../users';
import { ideaStatusEmail } from './emails';
import { ideas } from './schema';
import { adminIdeaView, lockIdea } from './store';

/**
 * An admin's status with a reply (permission community.moderate): the author is emailed, if they
 * want community emails. In one transaction with its audit row; a change that changes nothing
 * writes nothing.
 */
export async function setIdeaStatus(ctx: AppContext, admin: AuditActor, id: number, input: IdeaStatusInput): Promise<AdminIdeaAnswer> {
  await inTransaction(ctx.db, async (tx) => {
    const before = await lockIdea(tx, id);
    if (before.status === input.status && before.reply === input.reply) return;
    const now = ctx.clock.now();
    await tx.update(ideas).set({ status: input.status, reply: input.reply, repliedAt: now, updatedAt: now }).where(eq(ideas.id, id));
    await recordAudit(tx, {
      actor: admin,
      at: now,
      action: 'idea.setStatus',
      targetType: 'idea',
      targetId: String(id),
      before: { status: before.status, reply: before.reply },
      after: { status: input.status, reply: input.reply },
    });
    const author = await findUserById(tx, before.authorId);
    if (author) {
      const message = ideaStatusEmail({
        to: author.email,
        firstName: author.firstName,
        title: before.title,
        status: input.status,
        reply: input.reply,
        url: `${ctx.config.publicUrl}/dashboard/community-ideas`,
      });
      await enqueueOptionalEmail(ctx, tx, { userId: author.id, category: 'community', message });
      await notify(tx, { userId: author.id, category: 'community', title: 'The team answered your idea', body: `“${before.title}”: ${input.reply}`, link: '/dashboard/community-ideas', at: now });
    }
  });
  return { message: M.statusSet, idea: await adminIdeaView(ctx.db, id, admin.userId) };
}
