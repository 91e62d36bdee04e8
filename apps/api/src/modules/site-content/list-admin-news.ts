import type { AdminNewsList, NewsListQuery } from '@landunits/domain/contracts';
import { and, asc, count, desc, eq, gt, ilike, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { newsCategories, newsItems } from './schema';
import { containsPattern, newsColumns, toAdminNewsItem } from './store';

/** The filters of the admin's news list, as SQL conditions. */
function conditions(query: NewsListQuery, now: Date): SQL | undefined {
  const where: (SQL | undefined)[] = [];
  if (query.state === 'draft') where.push(eq(newsItems.status, 'draft'));
  if (query.state === 'scheduled') where.push(and(eq(newsItems.status, 'published'), gt(newsItems.publishedAt, now)));
  if (query.state === 'published') where.push(and(eq(newsItems.status, 'published'), lte(newsItems.publishedAt, now)));
  if (query.category !== undefined) where.push(eq(newsItems.categoryId, query.category));
  if (query.q) {
    const pattern = containsPattern(query.q);
    where.push(or(ilike(newsItems.title, pattern), ilike(newsItems.description, pattern)));
  }
  return where.length ? and(...where) : undefined;
}

/** The sort column; the id always breaks ties so pages never overlap. Drafts without a date sort last. */
function ordering(query: NewsListQuery): SQL[] {
  const by = query.dir === 'asc' ? asc : desc;
  const column = {
    publishedAt: sql`${newsItems.publishedAt} ${sql.raw(query.dir === 'asc' ? 'asc' : 'desc')} nulls last`,
    updatedAt: by(newsItems.updatedAt),
    title: by(sql`lower(${newsItems.title})`),
    category: by(sql`lower(${newsCategories.name})`),
  }[query.sort];
  return [column, by(newsItems.id)];
}

/** GET /api/admin/site/news: one page of articles, drafts and scheduled ones included. */
export async function listAdminNews(db: Db, query: NewsListQuery, now: Date): Promise<AdminNewsList> {
  const where = conditions(query, now);
  const [counted] = await db.select({ total: count() }).from(newsItems).where(where);
  const total = counted?.total ?? 0;
  const offset = (query.page - 1) * query.pageSize;
  const rows =
    offset >= total
      ? []
      : await db
          .select(newsColumns)
          .from(newsItems)
          .innerJoin(newsCategories, eq(newsCategories.id, newsItems.categoryId))
          .where(where)
          .orderBy(...ordering(query))
          .limit(query.pageSize)
          .offset(offset);
  return { items: rows.map((row) => toAdminNewsItem(row, now)), total, page: query.page, pageSize: query.pageSize };
}
