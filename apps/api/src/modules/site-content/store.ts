import { CONTENT_MESSAGES as M, type AdminCategory, type AdminNewsItem, type AdminTeamMember, type NewsInput, type NewsState } from '@landunits/domain/contracts';
import { asc, count, eq, sql } from 'drizzle-orm';
import type { DbContext } from '../../platform/context';
import type { Db } from '../../platform/db/client';
import { inTransaction, sqlState } from '../../platform/db/transaction';
import { AppError, VALIDATION_MESSAGE } from '../../platform/http/app-error';
import { siteContentChanged } from './content-changes';
import { newsCategories, newsItems, teamMembers } from './schema';
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

/** `q` as a LIKE pattern matching it anywhere, its own % and _ taken literally. */
export const containsPattern = (q: string): string => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Runs a write, then refreshes the site's pages once it is committed. */
export async function write<T>(ctx: DbContext, fn: (tx: Db, now: Date) => Promise<T>): Promise<T> {
  const result = await inTransaction(ctx.db, (tx) => fn(tx, ctx.clock.now()));
  siteContentChanged();
  return result;
}

/* ---------------- news ---------------- */

/**
 * The admin's writes to news (decision 0020): create, update, publish, unpublish, delete. Each runs
 * in one transaction with its one audit row (before and after); a no-op (publishing a published
 * article, saving without a change) writes nothing. After the commit the server-rendered pages are
 * told to draw again.
 */

export const invalid = (field: string, message: string) => new AppError('VALIDATION_FAILED', VALIDATION_MESSAGE, { [field]: message });

/** The category must exist; it is held (FOR SHARE) so it cannot be deleted before this commits. */
export async function holdCategory(tx: Db, categoryId: number): Promise<void> {
  const [category] = await tx.select({ id: newsCategories.id }).from(newsCategories).where(eq(newsCategories.id, categoryId)).for('share');
  if (!category) throw invalid('categoryId', M.categoryUnknown);
}

export async function loadForUpdate(tx: Db, id: number): Promise<NewsRow> {
  const row = await findNewsRow(tx, id, true);
  if (!row) throw new AppError('NOT_FOUND', M.newsNotFound);
  return row;
}

export async function reread(tx: Db, id: number, now: Date): Promise<AdminNewsItem> {
  const row = await findNewsRow(tx, id);
  if (!row) throw new AppError('NOT_FOUND', M.newsNotFound);
  return toAdminNewsItem(row, now);
}

/** A published article without a date goes out now; a draft keeps the date it was given, if any. */
export const dateOf = (input: NewsInput, now: Date, current: Date | null = null): Date | null =>
  input.publishedAt ? new Date(input.publishedAt) : input.status === 'published' ? (current ?? now) : current;

/* ---------------- categories ---------------- */

/**
 * The admin's news categories (decision 0020): listed with how many articles each has, added,
 * renamed (the slug is the address of the category's page, unique, in the table's format) and
 * deleted only when no article is filed under it. One audit row per change.
 */

export type CategoryRow = typeof newsCategories.$inferSelect;

export const toAdminCategory = (row: CategoryRow, items: number): AdminCategory => ({
  id: row.id,
  name: row.name,
  slug: row.slug,
  position: row.position,
  items,
  createdAt: row.createdAt.toISOString(),
});

export const categorySnapshot = (row: Pick<CategoryRow, 'name' | 'slug'>) => ({ name: row.name, slug: row.slug });

export const slugTaken = () => new AppError('CONFLICT', VALIDATION_MESSAGE, { slug: M.slugTaken });

export const itemsIn = async (db: Db, id: number) => (await db.select({ n: count() }).from(newsItems).where(eq(newsItems.categoryId, id)))[0]?.n ?? 0;

export async function writeCategory<T>(ctx: DbContext, fn: (tx: Db, now: Date) => Promise<T>): Promise<T> {
  try {
    const result = await inTransaction(ctx.db, (tx) => fn(tx, ctx.clock.now()));
    siteContentChanged();
    return result;
  } catch (error) {
    // Two admins giving two categories one slug at once: the unique index decides.
    if (sqlState(error) === '23505') throw slugTaken();
    throw error;
  }
}

export async function lockCategory(tx: Db, id: number): Promise<CategoryRow> {
  const [row] = await tx.select().from(newsCategories).where(eq(newsCategories.id, id)).for('update');
  if (!row) throw new AppError('NOT_FOUND', M.categoryNotFound);
  return row;
}

/* ---------------- team ---------------- */

/**
 * The admin's team (decision 0020): the people of /team with their photos, added at the end,
 * changed, removed and put in a new order. One audit row per change; a save without a change and
 * an order that is the current one write nothing.
 */

export type MemberRow = typeof teamMembers.$inferSelect;

export const toAdminMember = (row: MemberRow): AdminTeamMember => ({
  id: row.id,
  name: row.name,
  role: row.role,
  bio: row.bio,
  photo: row.photoId ? imageUrl(row.photoId) : null,
  photoId: row.photoId,
  position: row.position,
  isDemo: row.isDemo,
  updatedAt: row.updatedAt.toISOString(),
});

export const memberSnapshot = (row: Pick<MemberRow, 'name' | 'role' | 'bio' | 'photoId' | 'isDemo'>) => ({ name: row.name, role: row.role, bio: row.bio, photoId: row.photoId, isDemo: row.isDemo });

export const inOrder = [asc(teamMembers.position), asc(teamMembers.id)];

/** One writer adding or ordering the team at a time, so the limit, the next position and the order hold. */
export const lockTeam = (tx: Db) => tx.execute(sql`select pg_advisory_xact_lock(hashtext('site-content:team'))`);

export async function lockMember(tx: Db, id: number): Promise<MemberRow> {
  const [row] = await tx.select().from(teamMembers).where(eq(teamMembers.id, id)).for('update');
  if (!row) throw new AppError('NOT_FOUND', M.memberNotFound);
  return row;
}
