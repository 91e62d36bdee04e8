import { IDEA_LIMITS, type AdminIdeasQuery } from '@landunits/domain';
import type { AdminIdeaView } from '@landunits/domain/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { ideas } from './schema';
import { pageOf, toAdminIdeaView, viewsOf } from './store';

/** The admins' list: hidden ideas too. */
export async function listAdminIdeas(db: Db, viewerId: string, query: AdminIdeasQuery) {
  const where = and(query.visibility === 'all' ? undefined : eq(ideas.hidden, query.visibility === 'hidden'), query.status ? eq(ideas.status, query.status) : undefined);
  const { rows, total } = await pageOf(db, where, query.sort, query.page);
  return { ideas: await viewsOf<AdminIdeaView>(db, rows, viewerId, toAdminIdeaView), total, page: query.page, pageSize: IDEA_LIMITS.pageSize };
}
