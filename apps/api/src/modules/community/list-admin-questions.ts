import type { AdminQuestionsQuery, QuestionList } from '@landunits/domain/contracts';
import { eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { communityQuestions as q } from './schema';
import { pageOf } from './store';

/** The admins' list: every question, hidden ones included. */
export function listQuestionsForModerator(db: Db, userId: string, query: AdminQuestionsQuery): Promise<QuestionList> {
  const where = {
    all: undefined,
    open: eq(q.status, 'open'),
    closed: eq(q.status, 'closed'),
    hidden: isNotNull(q.hiddenAt),
  }[query.filter];
  return pageOf(db, { kind: 'moderator', userId }, where, query.page, query.pageSize);
}
