import { type AdminQuiz } from '@landunits/domain';
import { desc, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { quizzes as q } from './schema';
import { adminQuizShape } from './store';

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
  return { quizzes: rows.map((r) => adminQuizShape(r.quiz, Number(r.n), Number(r.allRight))) };
}
