import { type QuizSummary } from '@landunits/domain';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { quizSubmissions as s, quizzes as q } from './schema';
import { quizSummaryOf } from './store';

export async function listQuizzes(db: Db, userId: string): Promise<{ quizzes: QuizSummary[] }> {
  const rows = await db
    .select({ quiz: q, sub: s })
    .from(q)
    .leftJoin(s, and(eq(s.quizId, q.id), eq(s.userId, userId)))
    .where(eq(q.status, 'published'))
    .orderBy(desc(q.publishedAt), desc(q.id))
    .limit(200);
  return { quizzes: rows.map((r) => quizSummaryOf(r.quiz, r.sub)) };
}
