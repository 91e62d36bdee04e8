import { IDEA_MESSAGES as M, type IdeaStatusInput } from '@landunits/domain';
import type { AdminIdeaAnswer } from '@landunits/domain/contracts';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/db/client';
import { inTransaction } from '../../platform/db/transaction';
import { AppError } from '../../platform/http/app-error';
import { recordAudit, type AuditActor } from '../audit';
import { enqueueOptionalEmail } from '../newsletter';
import { notify } from '../notifications';
import { findUserById } from '../users';
import { ideaStatusEmail } from './emails';
import { adminIdeaView, type IdeaRow } from './ideas-store';
import { ideas } from './schema';

/**
 * The admins' decisions on ideas (permission community.moderate): a status with a reply (the
 * author is emailed, if they want community emails), hiding with a reason and showing again. Each
 * in one transaction with its audit row; a change that changes nothing writes nothing.
 */

async function lockIdea(tx: Db, id: number): Promise<IdeaRow> {
  const [row] = await tx.select().from(ideas).where(eq(ideas.id, id)).for('update');
  if (!row) throw new AppError('NOT_FOUND', M.notFound);
  return row;
}

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

export async function setIdeaHidden(ctx: AppContext, admin: AuditActor, id: number, hide: { reason: string } | null): Promise<AdminIdeaAnswer> {
  await inTransaction(ctx.db, async (tx) => {
    const before = await lockIdea(tx, id);
    if (!hide && !before.hidden) return;
    if (hide && before.hidden && before.hiddenReason === hide.reason) return;
    const now = ctx.clock.now();
    await tx
      .update(ideas)
      .set({ hidden: hide !== null, hiddenReason: hide?.reason ?? null, updatedAt: now })
      .where(eq(ideas.id, id));
    await recordAudit(tx, {
      actor: admin,
      at: now,
      action: hide ? 'idea.hide' : 'idea.show',
      targetType: 'idea',
      targetId: String(id),
      before: { hidden: before.hidden, hiddenReason: before.hiddenReason },
      after: { hidden: hide !== null, hiddenReason: hide?.reason ?? null },
      reason: hide?.reason ?? null,
    });
  });
  return { message: hide ? M.hidden : M.shown, idea: await adminIdeaView(ctx.db, id, admin.userId) };
}
