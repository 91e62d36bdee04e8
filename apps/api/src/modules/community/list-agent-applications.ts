import type { AgentApplicationList, AgentApplicationsQuery } from '@landunits/domain/contracts';
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { findUsersByIds } from '../users';
import { agentApplications as a, communityAnswers as ans } from './schema';
import { toApplicationView } from './store';

/** The admins' list: pending first (oldest first, as a queue), then the others newest first. */
export async function listAgentApplications(db: Db, query: AgentApplicationsQuery): Promise<AgentApplicationList> {
  const where: SQL | undefined = query.status === 'all' ? undefined : eq(a.status, query.status);
  const pendingFirst = sql`case when ${a.status} = 'pending' then 0 else 1 end`;
  const pendingOldest = sql`case when ${a.status} = 'pending' then ${a.createdAt} end`;
  const [rows, total, [counts]] = await Promise.all([
    db
      .select()
      .from(a)
      .where(where)
      .orderBy(asc(pendingFirst), asc(pendingOldest), desc(a.createdAt), desc(a.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.$count(a, where),
    db
      .select({
        pending: sql<number>`count(*) filter (where ${a.status} = 'pending')::int`,
        approved: sql<number>`count(*) filter (where ${a.status} = 'approved')::int`,
      })
      .from(a),
  ]);
  const people = await findUsersByIds(
    db,
    rows.map((r) => r.userId),
  );
  const userIds = [...new Set(rows.map((r) => r.userId))];
  const answerCounts = userIds.length
    ? await db
        .select({ userId: ans.userId, n: sql<number>`count(*)::int` })
        .from(ans)
        .where(and(inArray(ans.userId, userIds), eq(ans.authorKind, 'agent')))
        .groupBy(ans.userId)
    : [];
  const countOf = new Map(answerCounts.map((c) => [c.userId, c.n]));
  return {
    applications: rows.map((row) => {
      const person = people.get(row.userId);
      return {
        ...toApplicationView(row),
        userId: row.userId,
        applicantName: person ? [person.firstName, person.lastName].filter(Boolean).join(' ') : 'A former member',
        applicantEmail: person?.email ?? '',
        answerCount: countOf.get(row.userId) ?? 0,
      };
    }),
    counts: counts ?? { pending: 0, approved: 0 },
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}
