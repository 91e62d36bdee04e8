import type { QuestionList, QuestionListQuery } from '@landunits/domain/contracts';
import { and, eq, isNull, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { communityQuestions as q } from './schema';
import { pageOf, type Reader } from './store';

function visibleTo(reader: Reader): SQL | undefined {
  return reader.kind === 'moderator' ? undefined : (or(isNull(q.hiddenAt), eq(q.userId, reader.userId)) as SQL);
}

/** GET /api/community/getQuestionAnswers: All, Own, Open or Closed, newest first. */
export function listQuestions(db: Db, userId: string, query: QuestionListQuery): Promise<QuestionList> {
  const reader: Reader = { kind: 'person', userId };
  const filters = [visibleTo(reader)];
  if (query.questionViewBy === 'Own') filters.push(eq(q.userId, userId));
  if (query.questionViewBy === 'Open') filters.push(eq(q.status, 'open'));
  if (query.questionViewBy === 'Closed') filters.push(eq(q.status, 'closed'));
  return pageOf(db, reader, and(...filters), query.page, query.pageSize);
}
