import { GOVERNANCE_MESSAGES as M, markQuiz, questionAnswerState, type AdminQuiz, type QuizInput, type QuizSummary, type QuizView } from '@landunits/domain';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/db/client';
import { inTransaction } from '../../platform/db/transaction';
import { AppError } from '../../platform/http/app-error';
import { recordAudit, type AuditActor } from '../audit';
import { requirePermissionOf } from '../auth';
import { quizSubmissions as s, quizzes as q, type StoredQuizQuestion } from './schema';

type QuizRow = typeof q.$inferSelect;
type SubmissionRow = typeof s.$inferSelect;

export function quizIdOf(raw: string): number {
  const id = /^[1-9]\d{0,14}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id)) throw new AppError('NOT_FOUND', M.quizNotFound);
  return id;
}

function summaryOf(quiz: QuizRow, sub: SubmissionRow | null): QuizSummary {
  const state = sub === null ? 'answer_not_submitted' : sub.rightCount === sub.questionCount ? 'all_right_answer_submitted' : 'all_right_answer_not_given';
  return {
    id: quiz.id,
    title: quiz.title,
    description: quiz.description,
    questionCount: quiz.questions.length,
    publishedAt: quiz.publishedAt?.toISOString() ?? null,
    state,
    rightCount: sub?.rightCount ?? null,
  };
}

/** A quiz as a person sees it: the right answers only once they have submitted. */
function viewOf(quiz: QuizRow, sub: SubmissionRow | null): QuizView {
  return {
    ...summaryOf(quiz, sub),
    submittedAt: sub?.submittedAt.toISOString() ?? null,
    questions: quiz.questions.map((question, i) => {
      const chosen = sub ? (sub.answers[i] ?? null) : null;
      return {
        text: question.text,
        options: question.options,
        chosen,
        answerState: questionAnswerState(chosen),
        rightOption: sub ? question.rightOption : null,
        right: sub ? chosen === question.rightOption : null,
      };
    }),
  };
}

export async function listQuizzes(db: Db, userId: string): Promise<{ quizzes: QuizSummary[] }> {
  const rows = await db
    .select({ quiz: q, sub: s })
    .from(q)
    .leftJoin(s, and(eq(s.quizId, q.id), eq(s.userId, userId)))
    .where(eq(q.status, 'published'))
    .orderBy(desc(q.publishedAt), desc(q.id))
    .limit(200);
  return { quizzes: rows.map((r) => summaryOf(r.quiz, r.sub)) };
}

export async function findQuizView(db: Db, userId: string, quizId: number): Promise<QuizView> {
  const [row] = await db
    .select({ quiz: q, sub: s })
    .from(q)
    .leftJoin(s, and(eq(s.quizId, q.id), eq(s.userId, userId)))
    .where(and(eq(q.id, quizId), eq(q.status, 'published')));
  if (!row) throw new AppError('NOT_FOUND', M.quizNotFound);
  return viewOf(row.quiz, row.sub);
}

/** A person's one submission: marked and stored (insert on the primary key, a second one refused). */
export async function submitQuiz(ctx: AppContext, userId: string, quizId: number, answers: (number | null)[]): Promise<QuizView> {
  return inTransaction(ctx.db, async (tx) => {
    const [quiz] = await tx
      .select()
      .from(q)
      .where(and(eq(q.id, quizId), eq(q.status, 'published')));
    if (!quiz) throw new AppError('NOT_FOUND', M.quizNotFound);
    if (answers.length !== quiz.questions.length) throw new AppError('VALIDATION_FAILED', M.answersLength, { answers: M.answersLength });
    answers.forEach((a, i) => {
      if (a !== null && a >= quiz.questions[i]!.options.length) throw new AppError('VALIDATION_FAILED', M.answerOutOfRange, { [`answers.${i}`]: M.answerOutOfRange });
    });
    const marked = markQuiz(
      quiz.questions.map((x) => x.rightOption),
      answers,
    );
    const [sub] = await tx
      .insert(s)
      .values({ quizId, userId, answers, rightCount: marked.rightCount, questionCount: quiz.questions.length, submittedAt: ctx.clock.now() })
      .onConflictDoNothing()
      .returning();
    if (!sub) throw new AppError('CONFLICT', M.quizAlreadySubmitted);
    return viewOf(quiz, sub);
  });
}

/* ---------------- admin ---------------- */

const stored = (input: QuizInput): StoredQuizQuestion[] => input.questions.map((x) => ({ text: x.text, options: x.options, rightOption: x.rightOption }));

async function adminViewOf(db: Db, quiz: QuizRow): Promise<AdminQuiz> {
  const [counts] = await db
    .select({ n: sql<number>`count(*)::int`, allRight: sql<number>`count(*) filter (where ${s.rightCount} = ${s.questionCount})::int` })
    .from(s)
    .where(eq(s.quizId, quiz.id));
  return adminShape(quiz, Number(counts?.n ?? 0), Number(counts?.allRight ?? 0));
}

function adminShape(quiz: QuizRow, submissions: number, allRight: number): AdminQuiz {
  return {
    id: quiz.id,
    title: quiz.title,
    description: quiz.description,
    status: quiz.status as AdminQuiz['status'],
    questions: quiz.questions,
    createdAt: quiz.createdAt.toISOString(),
    publishedAt: quiz.publishedAt?.toISOString() ?? null,
    submissions,
    allRight,
  };
}

export async function listAdminQuizzes(db: Db): Promise<{ quizzes: AdminQuiz[] }> {
  const rows = await db
    .select({
      quiz: q,
      n: sql<number>`(select count(*)::int from quiz_submissions where quiz_id = ${q.id})`,
      allRight: sql<number>`(select count(*)::int from quiz_submissions where quiz_id = ${q.id} and right_count = question_count)`,
    })
    .from(q)
    .orderBy(desc(q.createdAt), desc(q.id))
    .limit(500);
  return { quizzes: rows.map((r) => adminShape(r.quiz, Number(r.n), Number(r.allRight))) };
}

export async function createQuiz(ctx: AppContext, admin: AuditActor, input: QuizInput): Promise<AdminQuiz> {
  return inTransaction(ctx.db, async (tx) => {
    const role = await requirePermissionOf(tx, admin.userId, 'community.moderate');
    const now = ctx.clock.now();
    const [row] = await tx
      .insert(q)
      .values({ title: input.title, description: input.description, questions: stored(input), createdAt: now, updatedAt: now })
      .returning();
    if (!row) throw new Error('quiz not stored');
    await recordAudit(tx, { actor: { ...admin, role }, at: now, action: 'quiz.create', targetType: 'quiz', targetId: String(row.id), after: { title: row.title, questions: row.questions } });
    return adminShape(row, 0, 0);
  });
}

export async function updateQuiz(ctx: AppContext, admin: AuditActor, quizId: number, input: QuizInput): Promise<AdminQuiz> {
  return inTransaction(ctx.db, async (tx) => {
    const role = await requirePermissionOf(tx, admin.userId, 'community.moderate');
    const [before] = await tx.select().from(q).where(eq(q.id, quizId)).for('update');
    if (!before) throw new AppError('NOT_FOUND', M.quizNotFound);
    if (before.status !== 'draft') throw new AppError('TRANSITION_REFUSED', M.quizNotDraft);
    const now = ctx.clock.now();
    const [row] = await tx
      .update(q)
      .set({ title: input.title, description: input.description, questions: stored(input), updatedAt: now })
      .where(eq(q.id, quizId))
      .returning();
    await recordAudit(tx, {
      actor: { ...admin, role },
      at: now,
      action: 'quiz.update',
      targetType: 'quiz',
      targetId: String(quizId),
      before: { title: before.title, description: before.description, questions: before.questions },
      after: { title: input.title, description: input.description, questions: stored(input) },
    });
    return adminViewOf(tx, row!);
  });
}

export async function publishQuiz(ctx: AppContext, admin: AuditActor, quizId: number): Promise<AdminQuiz> {
  return inTransaction(ctx.db, async (tx) => {
    const role = await requirePermissionOf(tx, admin.userId, 'community.moderate');
    const now = ctx.clock.now();
    const [row] = await tx
      .update(q)
      .set({ status: 'published', publishedAt: now, updatedAt: now })
      .where(and(eq(q.id, quizId), eq(q.status, 'draft')))
      .returning();
    if (!row) {
      const [exists] = await tx.select({ id: q.id }).from(q).where(eq(q.id, quizId));
      throw exists ? new AppError('TRANSITION_REFUSED', M.quizNotDraft) : new AppError('NOT_FOUND', M.quizNotFound);
    }
    await recordAudit(tx, { actor: { ...admin, role }, at: now, action: 'quiz.publish', targetType: 'quiz', targetId: String(quizId), before: { status: 'draft' }, after: { status: 'published' } });
    return adminViewOf(tx, row);
  });
}
