import { COMMUNITY_MESSAGES as M, type AnswerAuthorKind } from '@landunits/domain';
import type { QuestionPage } from '@landunits/domain/contracts';
import { and, asc, eq, isNull, or } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { AppError } from '../../platform/http/app-error';
import { communityAnswers as ans } from './schema';
import { findQuestion, hiddenOf, namesOf, type Reader } from './store';

/** One question with its answers as `reader` may see them; a hidden question is not found for others. */
export async function questionPage(db: Db, id: number, reader: Reader, answerAs: AnswerAuthorKind | null): Promise<QuestionPage> {
  const row = await findQuestion(db, id);
  if (reader.kind === 'person' && row.hiddenAt && row.userId !== reader.userId) throw new AppError('NOT_FOUND', M.questionNotFound);
  const answerFilter = reader.kind === 'moderator' ? eq(ans.questionId, id) : and(eq(ans.questionId, id), or(isNull(ans.hiddenAt), eq(ans.userId, reader.userId)));
  const answers = await db.select().from(ans).where(answerFilter).orderBy(asc(ans.id));
  const nameOf = await namesOf(db, [row.userId, ...answers.map((a) => a.userId)]);
  const answerCount = answers.filter((a) => a.hiddenAt === null).length;
  return {
    question: {
      id: row.id,
      title: row.title,
      body: row.body,
      status: row.status,
      askerName: nameOf(row.userId),
      mine: row.userId === reader.userId,
      answerCount,
      hasAcceptedAnswer: row.acceptedAnswerId !== null,
      acceptedAnswerId: row.acceptedAnswerId,
      createdAt: row.createdAt.toISOString(),
      closedAt: row.closedAt?.toISOString() ?? null,
      hidden: hiddenOf(row),
    },
    answers: answers.map((a) => ({
      id: a.id,
      body: a.body,
      authorName: a.authorKind === 'team' ? `${nameOf(a.userId)}, Land Units` : nameOf(a.userId),
      authorKind: a.authorKind,
      mine: a.userId === reader.userId,
      accepted: a.id === row.acceptedAnswerId,
      createdAt: a.createdAt.toISOString(),
      hidden: hiddenOf(a),
    })),
    viewer: { canAnswer: answerAs !== null && row.status === 'open' && row.hiddenAt === null, answerAs, isAsker: row.userId === reader.userId },
  };
}
