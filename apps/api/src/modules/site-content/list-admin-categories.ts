import type { AdminCategoryList, CategoryListQuery } from '@landunits/domain/contracts';
import { asc, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { newsCategories, newsItems } from './schema';
import { containsPattern, toAdminCategory } from './store';

/** GET /api/admin/site/news-categories: a page of categories, filtered by name or slug and sorted. */
export async function listAdminCategories(db: Db, query: CategoryListQuery): Promise<AdminCategoryList> {
  const where = query.q ? or(ilike(newsCategories.name, containsPattern(query.q)), ilike(newsCategories.slug, containsPattern(query.q))) : undefined;
  const [counted] = await db.select({ total: count() }).from(newsCategories).where(where);
  const total = counted?.total ?? 0;
  const items = sql<number>`count(${newsItems.id})::int`;
  const by = query.dir === 'asc' ? asc : desc;
  const column = { position: by(newsCategories.position), name: by(sql`lower(${newsCategories.name})`), slug: by(newsCategories.slug), items: by(items) }[query.sort];
  const rows = await db
    .select({ category: newsCategories, items })
    .from(newsCategories)
    .leftJoin(newsItems, eq(newsItems.categoryId, newsCategories.id))
    .where(where)
    .groupBy(newsCategories.id)
    .orderBy(column, by(newsCategories.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return { categories: rows.map((row) => toAdminCategory(row.category, row.items)), total, page: query.page, pageSize: query.pageSize };
}
