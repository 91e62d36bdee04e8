import { COMMUNITY_MESSAGES as M } from '@landunits/domain';
import type { QuestionAction } from '@landunits/domain/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/db/client';
import { inTransaction } from '../../platform/db/transaction';
import { AppError } from '../../platform/http/app-error';
import { recordAudit, type AuditActor } from '../audit';
import { requirePermissionOf } from '../auth';
import { enqueueOptionalEmail } from '../newsletter';
import { notify } from '../notifications';
import { findUsersByIds } from '../users';
import { questionClosedEmail } from './emails';
import { communityAnswers as ans, communityQuestions as q } from './schema';
import { findQuestion, questionLink, type QuestionRow } from './store';

/** The accepted answer, when given, must be a shown answer of this very question. */
async function checkAccepted(tx: Db, questionId: number, answerId: number | null | undefined): Promise<number | null> {
  if (answerId == null) return null;
  const [row] = await tx
    .select({ id: ans.id })
    .from(ans)
    .where(and(eq(ans.id, answerId), eq(ans.questionId, questionId), isNull(ans.hiddenAt)));
  if (!row) throw new AppError('VALIDATION_FAILED', M.acceptedNotOfQuestion, { acceptedAnswerId: M.acceptedNotOfQuestion });
  return row.id;
}

/** Closes an open question (guarded update: only one close wins), optionally with its accepted answer. */
async function closeIn(ctx: AppContext, tx: Db, question: QuestionRow, acceptedAnswerId: number | null | undefined) {
  const accepted = await checkAccepted(tx, question.id, acceptedAnswerId);
  const now = ctx.clock.now();
  const [updated] = await tx
    .update(q)
    .set({ status: 'closed', acceptedAnswerId: accepted, closedAt: now, updatedAt: now })
    .where(and(eq(q.id, question.id), eq(q.status, 'open')))
    .returning();
  if (!updated) throw new AppError('TRANSITION_REFUSED', M.alreadyClosed);
  return updated;
}

/** POST /api/community/close-question: only the asker. */
export async function closeOwnQuestion(ctx: AppContext, userId: string, input: { questionId: number; acceptedAnswerId?: number | null | undefined }): Promise<QuestionAction> {
  return inTransaction(ctx.db, async (tx) => {
    const question = await findQuestion(tx, input.questionId, { lock: true });
    if (question.userId !== userId) throw new AppError('FORBIDDEN', M.notAsker);
    if (question.status !== 'open') throw new AppError('TRANSITION_REFUSED', M.alreadyClosed);
    await closeIn(ctx, tx, question, input.acceptedAnswerId);
    return { message: M.closed, questionId: question.id };
  });
}

/** An admin closes a question for its asker (audited; the asker is told by a community email). */
export async function closeAsAdmin(ctx: AppContext, admin: AuditActor, questionId: number, acceptedAnswerId: number | null | undefined): Promise<QuestionAction> {
  return inTransaction(ctx.db, async (tx) => {
    const role = await requirePermissionOf(tx, admin.userId, 'community.moderate');
    const question = await findQuestion(tx, questionId, { lock: true });
    if (question.status !== 'open') throw new AppError('TRANSITION_REFUSED', M.alreadyClosed);
    const updated = await closeIn(ctx, tx, question, acceptedAnswerId);
    await recordAudit(tx, {
      actor: { ...admin, role },
      at: ctx.clock.now(),
      action: 'communityQuestion.close',
      targetType: 'communityQuestion',
      targetId: String(question.id),
      before: { status: question.status, acceptedAnswerId: question.acceptedAnswerId },
      after: { status: updated.status, acceptedAnswerId: updated.acceptedAnswerId },
    });
    const asker = (await findUsersByIds(tx, [question.userId])).get(question.userId);
    if (asker) {
      await enqueueOptionalEmail(ctx, tx, {
        userId: asker.id,
        category: 'community',
        message: questionClosedEmail({ to: asker.email, firstName: asker.firstName, title: question.title, link: questionLink(ctx, question.id), accepted: updated.acceptedAnswerId !== null }),
      });
      await notify(tx, {
        userId: asker.id,
        category: 'community',
        title: 'Your question was closed',
        body: `“${question.title}” was closed by the team.`,
        link: `/dashboard/questions/${question.id}`,
        at: ctx.clock.now(),
      });
    }
    return { message: M.closed, questionId: question.id };
  });
}
