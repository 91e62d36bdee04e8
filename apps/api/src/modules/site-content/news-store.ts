import type { AdminNewsItem, NewsState } from '@landunits/domain/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { AppError } from '../../platform/http/app-error';
import { newsCategories, newsItems } from './schema';
import { imageUrl } from './site-images';

/** The columns the admin's news views read: the item and its category. */
export const newsColumns = {
  id: newsItems.id,
  title: newsItems.title,
  description: newsItems.description,
  body: newsItems.body,
  categoryId: newsItems.categoryId,
  categoryName: newsCategories.name,
  categorySlug: newsCategories.slug,
  image: newsItems.image,
  imageId: newsItems.imageId,
  imageAlt: newsItems.imageAlt,
  link: newsItems.link,
  status: newsItems.status,
  publishedAt: newsItems.publishedAt,
  isDemo: newsItems.isDemo,
  createdAt: newsItems.createdAt,
  updatedAt: newsItems.updatedAt,
};

export interface NewsRow {
  id: number;
  title: string;
  description: string;
  body: string;
  categoryId: number;
  categoryName: string;
  categorySlug: string;
  image: string | null;
  imageId: string | null;
  imageAlt: string;
  link: string | null;
  status: 'draft' | 'published';
  publishedAt: Date | null;
  isDemo: boolean;
  createdAt: Date;
  updatedAt: Date;
}

/** The address the site shows an item's picture at: its upload, or a demo item's illustration. */
export const imageOf = (row: { image: string | null; imageId: string | null }): string => (row.imageId ? imageUrl(row.imageId) : (row.image ?? ''));

/** Draft; published but with a date still to come (scheduled); or on the site (published). */
export function newsState(row: Pick<NewsRow, 'status' | 'publishedAt'>, now: Date): NewsState {
  if (row.status === 'draft') return 'draft';
  return row.publishedAt && row.publishedAt.getTime() > now.getTime() ? 'scheduled' : 'published';
}

export function toAdminNewsItem(row: NewsRow, now: Date): AdminNewsItem {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    body: row.body,
    category: { id: row.categoryId, name: row.categoryName, slug: row.categorySlug },
    image: imageOf(row),
    imageId: row.imageId,
    imageAlt: row.imageAlt,
    link: row.link,
    status: row.status,
    state: newsState(row, now),
    publishedAt: row.publishedAt?.toISOString() ?? null,
    isDemo: row.isDemo,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** What the audit log keeps of an item: everything an admin can change. */
export function newsSnapshot(row: Omit<NewsRow, 'id' | 'categoryName' | 'categorySlug' | 'createdAt' | 'updatedAt'>) {
  return {
    title: row.title,
    description: row.description,
    body: row.body,
    categoryId: row.categoryId,
    imageId: row.imageId,
    image: row.image,
    imageAlt: row.imageAlt,
    link: row.link,
    status: row.status,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    isDemo: row.isDemo,
  };
}

/** An id from a path: digits only, else the thing does not exist. */
export function idParam(params: unknown, notFound: string): number {
  const raw = (params as { id?: unknown } | null)?.id;
  if (typeof raw !== 'string' || !/^[1-9]\d{0,14}$/.test(raw)) throw new AppError('NOT_FOUND', notFound);
  return Number(raw);
}

/** One item with its category; `lock` holds the item's row until the transaction ends. */
export async function findNewsRow(db: Db, id: number, lock = false): Promise<NewsRow | undefined> {
  const query = db.select(newsColumns).from(newsItems).innerJoin(newsCategories, eq(newsCategories.id, newsItems.categoryId)).where(eq(newsItems.id, id));
  const [row] = lock ? await query.for('update', { of: newsItems }) : await query;
  return row;
}
