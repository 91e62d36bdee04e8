import { COMMUNITY_MESSAGES as M, type AdminRole, type AnswerAuthorKind } from '@landunits/domain';
import type { QuestionAction } from '@landunits/domain/contracts';
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/db/client';
import { inTransaction } from '../../platform/db/transaction';
import { AppError } from '../../platform/http/app-error';
import { recordAudit, type AuditActor } from '../audit';
import { requirePermissionOf } from '../auth';
import { enqueueOptionalEmail } from '../newsletter';
import { notify } from '../notifications';
import { findUsersByIds } from '../users';
import { questionAnsweredEmail, questionClosedEmail } from './emails';
import { answerLimits, askLimits } from './limits';
import { publicNameOf } from './people';
import { findQuestion, type QuestionRow } from './read-questions';
import { communityAnswers as ans, communityQuestions as q } from './schema';

const questionLink = (ctx: AppContext, id: number) => `${ctx.config.publicUrl}/dashboard/questions/${id}`;

/** POST /api/community/create-question: any signed-in person asks. */
export async function askQuestion(ctx: AppContext, userId: string, input: { title: string; body: string }): Promise<QuestionAction> {
  await ctx.limiter.hit(...askLimits(userId));
  const now = ctx.clock.now();
  const [row] = await ctx.db.insert(q).values({ userId, title: input.title, body: input.body, createdAt: now, updatedAt: now }).returning({ id: q.id });
  if (!row) throw new Error('question not stored');
  return { message: M.asked, questionId: row.id };
}

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

/** POST /api/community/reopen-question: only the asker; the accepted answer stays marked. */
export async function reopenQuestion(ctx: AppContext, userId: string, questionId: number): Promise<QuestionAction> {
  return inTransaction(ctx.db, async (tx) => {
    const question = await findQuestion(tx, questionId, { lock: true });
    if (question.userId !== userId) throw new AppError('FORBIDDEN', M.notAsker);
    const now = ctx.clock.now();
    const [updated] = await tx
      .update(q)
      .set({ status: 'open', closedAt: null, updatedAt: now })
      .where(and(eq(q.id, question.id), eq(q.status, 'closed')))
      .returning({ id: q.id });
    if (!updated) throw new AppError('TRANSITION_REFUSED', M.notClosed);
    return { message: M.reopened, questionId: question.id };
  });
}

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
