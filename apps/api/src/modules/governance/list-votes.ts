import { type VotesPage, type VotesQuery } from '@landunits/domain';
import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { hasOwnedUnits } from '../ledger';
import { voteBallots as b, votes as v } from './schema';
import { voteViewOf } from './store';

const openSql = (now: Date): SQL => sql`(${v.closedAt} is null and ${v.closesAt} > ${now.toISOString()}::timestamptz)`;

/** A person's page of votes, filtered; results only for closed votes. */
export async function listVotes(db: Db, userId: string, query: VotesQuery, now: Date): Promise<VotesPage> {
  const canVote = await hasOwnedUnits(db, userId);
  const open = openSql(now);
  let where: SQL;
  if (query.filter === 'open') where = open;
  else if (query.filter === 'closed') where = sql`not ${open}`;
  else if (query.filter === 'needs-my-vote') where = canVote ? sql`${open} and ${b.userId} is null` : sql`false`;
  else where = sql`true`;
  const from = () =>
    db
      .select({ vote: v, answer: b.answer })
      .from(v)
      .leftJoin(b, and(eq(b.voteId, v.id), eq(b.userId, userId)))
      .where(where);
  const [rows, [total]] = await Promise.all([
    from()
      .orderBy(sql`${open} desc`, sql`case when ${open} then ${v.closesAt} end asc`, desc(v.closesAt), desc(v.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({ n: count() })
      .from(v)
      .leftJoin(b, and(eq(b.voteId, v.id), eq(b.userId, userId)))
      .where(where),
  ]);
  return { votes: rows.map((r) => voteViewOf(r.vote, r.answer, canVote, now)), canVote, total: total?.n ?? 0, page: query.page, pageSize: query.pageSize };
}

/** How many open votes wait for this person's vote (none for someone without owned Units). */
export async function needsMyVoteCount(db: Db, userId: string, now: Date): Promise<number> {
  if (!(await hasOwnedUnits(db, userId))) return 0;
  const [row] = await db
    .select({ n: count() })
    .from(v)
    .leftJoin(b, and(eq(b.voteId, v.id), eq(b.userId, userId)))
    .where(sql`${openSql(now)} and ${b.userId} is null`);
  return row?.n ?? 0;
}
