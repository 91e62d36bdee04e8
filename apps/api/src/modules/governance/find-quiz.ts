import { GOVERNANCE_MESSAGES as M, type QuizView } from '@landunits/domain';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { AppError } from '../../platform/http/app-error';
import { quizSubmissions as s, quizzes as q } from './schema';
import { quizViewOf } from './store';

export async function findQuizView(db: Db, userId: string, quizId: number): Promise<QuizView> {
  const [row] = await db
    .select({ quiz: q, sub: s })
    .from(q)
    .leftJoin(s, and(eq(s.quizId, q.id), eq(s.userId, userId)))
    .where(and(eq(q.id, quizId), eq(q.status, 'published')));
  if (!row) throw new AppError('NOT_FOUND', M.quizNotFound);
  return quizViewOf(row.quiz, row.sub);
}
