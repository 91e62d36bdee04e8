import { COMMUNITY_MESSAGES as M, type AnswerAuthorKind } from '@landunits/domain';
import type { AdminQuestionsQuery, QuestionItem, QuestionList, QuestionListQuery, QuestionPage } from '@landunits/domain/contracts';
import { and, asc, desc, eq, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { AppError } from '../../platform/http/app-error';
import { namesOf } from './people';
import { communityAnswers as ans, communityQuestions as q } from './schema';

export type QuestionRow = typeof q.$inferSelect;

/** Who reads: a person (sees hidden content only when it is theirs) or a moderator (sees all). */
export type Reader = { kind: 'person'; userId: string } | { kind: 'moderator'; userId: string };

const EXCERPT = 200;
const excerptOf = (text: string) => (text.length > EXCERPT ? `${text.slice(0, EXCERPT - 1).trimEnd()}…` : text);
const hiddenOf = (row: { hiddenAt: Date | null; hiddenReason: string | null }) => (row.hiddenAt ? { at: row.hiddenAt.toISOString(), reason: row.hiddenReason ?? '' } : null);

/** Answers everyone can read (not hidden), counted per question. */
// Written with explicit table names: drizzle leaves columns unqualified here, and an unqualified
// "id" inside the subquery would be the answer's own id.
const visibleAnswerCount = sql<number>`(select count(*)::int from community_answers a where a.question_id = community_questions.id and a.hidden_at is null)`;

function visibleTo(reader: Reader): SQL | undefined {
  return reader.kind === 'moderator' ? undefined : (or(isNull(q.hiddenAt), eq(q.userId, reader.userId)) as SQL);
}

async function pageOf(db: Db, reader: Reader, where: SQL | undefined, page: number, pageSize: number): Promise<QuestionList> {
  const [rows, total] = await Promise.all([
    db
      .select({ row: q, answerCount: visibleAnswerCount })
      .from(q)
      .where(where)
      .orderBy(desc(q.createdAt), desc(q.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.$count(q, where),
  ]);
  const nameOf = await namesOf(
    db,
    rows.map((r) => r.row.userId),
  );
  const questions: QuestionItem[] = rows.map(({ row, answerCount }) => ({
    id: row.id,
    title: row.title,
    excerpt: excerptOf(row.body),
    status: row.status,
    askerName: nameOf(row.userId),
    mine: row.userId === reader.userId,
    answerCount,
    hasAcceptedAnswer: row.acceptedAnswerId !== null,
    createdAt: row.createdAt.toISOString(),
    hidden: hiddenOf(row),
  }));
  return { questions, total, page, pageSize };
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

export async function findQuestion(db: Db, id: number, options: { lock?: boolean } = {}): Promise<QuestionRow> {
  const query = db.select().from(q).where(eq(q.id, id));
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row) throw new AppError('NOT_FOUND', M.questionNotFound);
  return row;
}

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
