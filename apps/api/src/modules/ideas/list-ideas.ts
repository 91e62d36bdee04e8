import { IDEA_LIMITS, type IdeasQuery } from '@landunits/domain';
import type { IdeaView } from '@landunits/domain/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { ideas } from './schema';
import { pageOf, toIdeaView, viewsOf } from './store';

/** The community's list: shown ideas only, sorted and filtered on the server, one page. */
export async function listIdeas(db: Db, viewerId: string, query: IdeasQuery) {
  const where = and(eq(ideas.hidden, false), query.status ? eq(ideas.status, query.status) : undefined);
  const { rows, total } = await pageOf(db, where, query.sort, query.page);
  return { ideas: await viewsOf<IdeaView>(db, rows, viewerId, toIdeaView), total, page: query.page, pageSize: IDEA_LIMITS.pageSize };
}
