import { isVoteOpen, type AdminVotesPage } from '@landunits/domain';
import { count, desc, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { votes as v } from './schema';
import { voteResultOf } from './store';

export async function listAdminVotes(db: Db, query: { page: number; pageSize: number }, now: Date): Promise<AdminVotesPage> {
  const [rows, [total]] = await Promise.all([
    db
      .select({ vote: v, voters: sql<number>`(select count(*)::int from vote_ballots where vote_id = ${v.id})` })
      .from(v)
      .orderBy(desc(v.createdAt), desc(v.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(v),
  ]);
  return {
    votes: rows.map(({ vote, voters }) => ({
      id: vote.id,
      question: vote.question,
      details: vote.details,
      closesAt: vote.closesAt.toISOString(),
      closedAt: vote.closedAt?.toISOString() ?? null,
      createdAt: vote.createdAt.toISOString(),
      open: isVoteOpen(vote, now),
      voters: Number(voters),
      result: voteResultOf(vote),
    })),
    total: total?.n ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}
