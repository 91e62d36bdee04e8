import { COMMUNITY_MESSAGES as M, type AdminRole, type AnswerAuthorKind } from '@landunits/domain';
import type { QuestionAction } from '@landunits/domain/contracts';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/db/client';
import { inTransaction } from '../../platform/db/transaction';
import { AppError } from '../../platform/http/app-error';
import { recordAudit, type AuditActor } from '../audit';
import { requirePermissionOf } from '../auth';
import { enqueueOptionalEmail } from '../newsletter';
import { notify } from '../notifications';
import { findUsersByIds } from '../users';
import { questionAnsweredEmail } from './emails';
import { answerLimits } from './limits';
import { communityAnswers as ans, communityQuestions as q } from './schema';
import { findQuestion, publicNameOf, questionLink, type QuestionRow } from './store';

/**
 * Stores an answer to an open, shown question and emails the asker (their community emails), in
 * one transaction. The question row is locked so an answer never lands on a question closed at
 * the same moment.
 */
async function storeAnswer(ctx: AppContext, tx: Db, question: QuestionRow, author: { id: string; kind: AnswerAuthorKind }, text: string) {
  if (question.status !== 'open') throw new AppError('TRANSITION_REFUSED', M.questionClosed);
  if (question.hiddenAt) throw new AppError('TRANSITION_REFUSED', M.questionHidden);
  const now = ctx.clock.now();
  const [stored] = await tx.insert(ans).values({ questionId: question.id, userId: author.id, authorKind: author.kind, body: text, createdAt: now }).returning({ id: ans.id });
  await tx.update(q).set({ updatedAt: now }).where(eq(q.id, question.id));
  if (question.userId !== author.id) {
    const people = await findUsersByIds(tx, [question.userId, author.id]);
    const asker = people.get(question.userId);
    if (asker) {
      const answeredBy = author.kind === 'team' ? 'The Land Units team' : `Community agent ${publicNameOf(people.get(author.id))}`;
      await enqueueOptionalEmail(ctx, tx, {
        userId: asker.id,
        category: 'community',
        message: questionAnsweredEmail({ to: asker.email, firstName: asker.firstName, title: question.title, answeredBy, link: questionLink(ctx, question.id) }),
      });
      await notify(tx, {
        userId: asker.id,
        category: 'community',
        title: 'Your question has a new answer',
        body: `${answeredBy} answered “${question.title}”.`,
        link: `/dashboard/questions/${question.id}`,
        at: now,
      });
    }
  }
  return stored?.id ?? 0;
}

/** POST /api/community/answer-question: community agents, and admins who moderate (for the team). */
export async function answerQuestion(
  ctx: AppContext,
  user: { id: string; adminRole: AdminRole | null },
  kindOf: (tx: Db) => Promise<AnswerAuthorKind | null>,
  input: { questionId: number; answerText: string },
): Promise<QuestionAction> {
  await ctx.limiter.hit(...answerLimits(user.id));
  return inTransaction(ctx.db, async (tx) => {
    const kind = await kindOf(tx);
    if (!kind) throw new AppError('FORBIDDEN', M.cannotAnswer);
    const question = await findQuestion(tx, input.questionId, { lock: true });
    if (question.hiddenAt && question.userId !== user.id) throw new AppError('NOT_FOUND', M.questionNotFound);
    await storeAnswer(ctx, tx, question, { id: user.id, kind }, input.answerText);
    return { message: M.answered, questionId: question.id };
  });
}

/** An admin's answer for the Land Units team (admin route), audited. */
export async function answerAsTeam(ctx: AppContext, admin: AuditActor, questionId: number, text: string): Promise<QuestionAction> {
  return inTransaction(ctx.db, async (tx) => {
    const role = await requirePermissionOf(tx, admin.userId, 'community.moderate');
    const question = await findQuestion(tx, questionId, { lock: true });
    const answerId = await storeAnswer(ctx, tx, question, { id: admin.userId, kind: 'team' }, text);
    await recordAudit(tx, {
      actor: { ...admin, role },
      at: ctx.clock.now(),
      action: 'communityQuestion.answer',
      targetType: 'communityQuestion',
      targetId: String(question.id),
      after: { answerId, answer: text },
    });
    return { message: M.answered, questionId: question.id };
  });
}
