import { GOVERNANCE_MESSAGES as M, type AdminQuiz, type QuizInput } from '@landunits/domain';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import { inTransaction } from '../../platform/db/transaction';
import { AppError } from '../../platform/http/app-error';
import { recordAudit, type AuditActor } from '../audit';
import { requirePermissionOf } from '../auth';
import { quizzes as q, type StoredQuizQuestion } from './schema';
import { adminQuizShape, adminQuizViewOf } from './store';

const stored = (input: QuizInput): StoredQuizQuestion[] => input.questions.map((x) => ({ text: x.text, options: x.options, rightOption: x.rightOption }));

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
    return adminQuizShape(row, 0, 0);
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
    return adminQuizViewOf(tx, row!);
  });
}
