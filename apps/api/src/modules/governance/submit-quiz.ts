import { GOVERNANCE_MESSAGES as M, markQuiz, type QuizView } from '@landunits/domain';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import { inTransaction } from '../../platform/db/transaction';
import { AppError } from '../../platform/http/app-error';
import { quizSubmissions as s, quizzes as q } from './schema';
import { quizViewOf } from './store';

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
    return quizViewOf(quiz, sub);
  });
}
