import { NEWS_PAGE_SIZE, type NewsCategory, type NewsItem, type NewsPage } from '@landunits/domain';
import { NEWS_MESSAGES, type NewsQuery } from '@landunits/domain/contracts';
import { and, asc, count, desc, eq, lte, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { newsCategories, newsItems } from './schema';
import { AppError } from '../../platform/http/app-error';
import { imageOf } from './store';

/** The public news query and its messages are the contract's (SITE_CONTRACTS.news). */
export { NEWS_MAX_PAGE, NEWS_MESSAGES } from '@landunits/domain/contracts';

/** Every category, in `position` order (then the order they were added). */
export async function listNewsCategories(db: Db): Promise<NewsCategory[]> {
  return db.select({ name: newsCategories.name, slug: newsCategories.slug }).from(newsCategories).orderBy(asc(newsCategories.position), asc(newsCategories.id));
}

/** What the public sees: published items whose date has come (drafts and scheduled ones never). */
export const onTheSite = (now: Date) => and(eq(newsItems.status, 'published'), lte(newsItems.publishedAt, now));

/** The columns of a news item as the public pages show it. */
export const publicNewsColumns = {
  id: newsItems.id,
  title: newsItems.title,
  desc: newsItems.description,
  image: newsItems.image,
  imageId: newsItems.imageId,
  imageAlt: newsItems.imageAlt,
  link: newsItems.link,
  hasBody: sql<boolean>`${newsItems.body} <> ''`,
  publishedAt: newsItems.publishedAt,
  isDemo: newsItems.isDemo,
  categoryName: newsCategories.name,
  categorySlug: newsCategories.slug,
};

interface PublicNewsRow {
  id: number;
  title: string;
  desc: string;
  image: string | null;
  imageId: string | null;
  imageAlt: string;
  link: string | null;
  hasBody: boolean;
  publishedAt: Date | null;
  isDemo: boolean;
  categoryName: string;
  categorySlug: string;
}

export function toNewsItem({ categoryName, categorySlug, publishedAt, image, imageId, ...item }: PublicNewsRow): NewsItem {
  return {
    ...item,
    image: imageOf({ image, imageId }),
    // Only published items are read, and a published item always has a date (a table check).
    publishedAt: (publishedAt ?? new Date(0)).toISOString(),
    category: { name: categoryName, slug: categorySlug },
  };
}

/**
 * One page of published news, newest first (published_at, then id, both descending: the order of
 * the partial indexes). A page past the end is an empty page with the right totals; an unknown
 * category is 404.
 */
export async function listNews(db: Db, query: NewsQuery, now: Date): Promise<NewsPage> {
  let category: (NewsCategory & { id: number }) | null = null;
  if (query.category !== undefined) {
    const [found] = await db.select({ id: newsCategories.id, name: newsCategories.name, slug: newsCategories.slug }).from(newsCategories).where(eq(newsCategories.slug, query.category));
    if (!found) throw new AppError('NOT_FOUND', NEWS_MESSAGES.categoryUnknown);
    category = found;
  }
  const filter = category ? and(onTheSite(now), eq(newsItems.categoryId, category.id)) : onTheSite(now);
  const [counted] = await db.select({ total: count() }).from(newsItems).where(filter);
  const totalItems = counted?.total ?? 0;
  const totalPages = Math.ceil(totalItems / NEWS_PAGE_SIZE);
  const offset = (query.page - 1) * NEWS_PAGE_SIZE;

  // Past the end there is nothing to read: skip the query rather than let an offset walk the index.
  const rows =
    offset >= totalItems
      ? []
      : await db
          .select(publicNewsColumns)
          .from(newsItems)
          .innerJoin(newsCategories, eq(newsCategories.id, newsItems.categoryId))
          .where(filter)
          .orderBy(desc(newsItems.publishedAt), desc(newsItems.id))
          .limit(NEWS_PAGE_SIZE)
          .offset(offset);

  return {
    items: rows.map(toNewsItem),
    page: query.page,
    pageSize: NEWS_PAGE_SIZE,
    totalItems,
    totalPages,
    category: category ? { name: category.name, slug: category.slug } : null,
  };
}
