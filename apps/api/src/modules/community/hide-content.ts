import { COMMUNITY_MESSAGES as M } from '@landunits/domain';
import type { QuestionAction } from '@landunits/domain/contracts';
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import { inTransaction } from '../../platform/db/transaction';
import { AppError } from '../../platform/http/app-error';
import { recordAudit, type AuditActor } from '../audit';
import { requirePermissionOf } from '../auth';
import { communityAnswers as ans, communityQuestions as q } from './schema';

/** Hides or shows again a question or an answer, with the moderator's reason; audited. */
export async function setHidden(ctx: AppContext, admin: AuditActor, target: 'question' | 'answer', id: number, hide: boolean, reason: string): Promise<QuestionAction> {
  return inTransaction(ctx.db, async (tx) => {
    const role = await requirePermissionOf(tx, admin.userId, 'community.moderate');
    const now = ctx.clock.now();
    const table = target === 'question' ? q : ans;
    const guard = hide ? isNull(table.hiddenAt) : isNotNull(table.hiddenAt);
    const [before] = await tx.select({ id: table.hiddenAt }).from(table).where(eq(table.id, id)).for('update');
    if (!before) throw new AppError('NOT_FOUND', target === 'question' ? M.questionNotFound : M.answerNotFound);
    const values = hide ? { hiddenAt: now, hiddenReason: reason } : { hiddenAt: null, hiddenReason: null };
    const [updated] =
      target === 'question'
        ? await tx
            .update(q)
            .set(values)
            .where(and(eq(q.id, id), guard))
            .returning({ questionId: q.id })
        : await tx
            .update(ans)
            .set(values)
            .where(and(eq(ans.id, id), guard))
            .returning({ questionId: ans.questionId });
    if (!updated) throw new AppError('TRANSITION_REFUSED', hide ? M.alreadyHidden : M.notHidden);
    // A hidden answer is no question's accepted answer any more (others could not see it).
    const unaccepted =
      target === 'answer' && hide
        ? await tx
            .update(q)
            .set({ acceptedAnswerId: null, updatedAt: now })
            .where(and(eq(q.id, updated.questionId), eq(q.acceptedAnswerId, id)))
            .returning({ id: q.id })
        : [];
    await recordAudit(tx, {
      actor: { ...admin, role },
      at: now,
      action: `${target === 'question' ? 'communityQuestion' : 'communityAnswer'}.${hide ? 'hide' : 'unhide'}`,
      targetType: target === 'question' ? 'communityQuestion' : 'communityAnswer',
      targetId: String(id),
      before: { hidden: !hide, ...(unaccepted.length > 0 ? { accepted: true } : {}) },
      after: { hidden: hide, questionId: updated.questionId, ...(unaccepted.length > 0 ? { accepted: false } : {}) },
      reason,
    });
    return { message: hide ? M.hidden : M.unhidden, questionId: updated.questionId };
  });
}
