import { COMMUNITY_MESSAGES as M, hasPermission, type AdminRole, type AnswerAuthorKind } from '@landunits/domain';
import type { AgentApplicationView, QuestionItem, QuestionList } from '@landunits/domain/contracts';
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/db/client';
import { AppError } from '../../platform/http/app-error';
import { findUsersByIds, type Person } from '../users';
import { agentApplications as a, communityQuestions as q } from './schema';

export type QuestionRow = typeof q.$inferSelect;

/** Who reads: a person (sees hidden content only when it is theirs) or a moderator (sees all). */
export type Reader = { kind: 'person'; userId: string } | { kind: 'moderator'; userId: string };

/** An id from the path: digits only (anything else names nothing). */
export function pathIdOf(raw: unknown, notFound: string): number {
  const text = String(raw ?? '');
  const id = /^[1-9][0-9]{0,15}$/.test(text) ? Number(text) : NaN;
  if (!Number.isSafeInteger(id)) throw new AppError('NOT_FOUND', notFound);
  return id;
}

/* ---------------- people ---------------- */

/** How the community names a person: first name and the initial of the last name ("Ada L."). */
export function publicNameOf(person: Person | undefined): string {
  if (!person) return 'A former member';
  const initial = person.lastName?.trim().charAt(0);
  return initial ? `${person.firstName} ${initial.toUpperCase()}.` : person.firstName;
}

/** The people behind these ids, named for the community. */
export async function namesOf(db: Db, ids: readonly string[]): Promise<(id: string) => string> {
  const people = await findUsersByIds(db, ids);
  return (id) => publicNameOf(people.get(id));
}

/* ---------------- questions ---------------- */

export const questionLink = (ctx: AppContext, id: number) => `${ctx.config.publicUrl}/dashboard/questions/${id}`;

const EXCERPT = 200;
const excerptOf = (text: string) => (text.length > EXCERPT ? `${text.slice(0, EXCERPT - 1).trimEnd()}…` : text);
export const hiddenOf = (row: { hiddenAt: Date | null; hiddenReason: string | null }) => (row.hiddenAt ? { at: row.hiddenAt.toISOString(), reason: row.hiddenReason ?? '' } : null);

/** Answers everyone can read (not hidden), counted per question. */
// Written with explicit table names: drizzle leaves columns unqualified here, and an unqualified
// "id" inside the subquery would be the answer's own id.
const visibleAnswerCount = sql<number>`(select count(*)::int from community_answers a where a.question_id = community_questions.id and a.hidden_at is null)`;

/** A page of questions as `reader` lists them, newest first. */
export async function pageOf(db: Db, reader: Reader, where: SQL | undefined, page: number, pageSize: number): Promise<QuestionList> {
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

export async function findQuestion(db: Db, id: number, options: { lock?: boolean } = {}): Promise<QuestionRow> {
  const query = db.select().from(q).where(eq(q.id, id));
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row) throw new AppError('NOT_FOUND', M.questionNotFound);
  return row;
}

/* ---------------- agents ---------------- */

/** Whether a person is a community agent now: they have an approved application. */
export async function isAgent(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: a.id })
    .from(a)
    .where(and(eq(a.userId, userId), eq(a.status, 'approved')))
    .limit(1);
  return row !== undefined;
}

/**
 * How a person may answer: admins whose role moderates the community answer for the Land Units
 * team; community agents as agents; anyone else not at all (null).
 */
export async function answerKindOf(db: Db, user: { id: string; adminRole: AdminRole | null }): Promise<AnswerAuthorKind | null> {
  if (user.adminRole && hasPermission(user.adminRole, 'community.moderate')) return 'team';
  return (await isAgent(db, user.id)) ? 'agent' : null;
}

export function toApplicationView(row: typeof a.$inferSelect): AgentApplicationView {
  return {
    id: row.id,
    status: row.status,
    reason: row.reason,
    experienceAndMotivation: row.experienceAndMotivation,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    decisionReason: row.decisionReason,
  };
}
