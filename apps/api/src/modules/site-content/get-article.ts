import type { NewsArticle } from '@landunits/domain';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { AppError } from '../../platform/http/app-error';
import { NEWS_MESSAGES, onTheSite, publicNewsColumns, toNewsItem } from './list-news';
import { newsCategories, newsItems } from './schema';

/** GET /api/site/articles/:id: one article on the site with its body; drafts and scheduled ones are 404. */
export async function getArticle(db: Db, id: number, now: Date): Promise<NewsArticle> {
  const [row] = await db
    .select({ ...publicNewsColumns, body: newsItems.body })
    .from(newsItems)
    .innerJoin(newsCategories, eq(newsCategories.id, newsItems.categoryId))
    .where(and(eq(newsItems.id, id), onTheSite(now)));
  if (!row) throw new AppError('NOT_FOUND', NEWS_MESSAGES.articleUnknown);
  const { body, ...item } = row;
  return { ...toNewsItem(item), body };
}
