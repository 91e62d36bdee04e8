import { CONTENT_MESSAGES as M, type AdminCategory, type AdminCategoryList, type CategoryInput, type CategoryListQuery } from '@landunits/domain/contracts';
import { asc, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { DbContext } from '../../platform/context';
import type { Db } from '../../platform/db/client';
import { inTransaction, sqlState } from '../../platform/db/transaction';
import { AppError, VALIDATION_MESSAGE } from '../../platform/http/app-error';
import { recordAudit, type AuditActor } from '../audit';
import { containsPattern } from './admin-news-list';
import { siteContentChanged } from './content-changes';
import { newsCategories, newsItems } from './schema';

/**
 * The admin's news categories (decision 0020): listed with how many articles each has, added,
 * renamed (the slug is the address of the category's page, unique, in the table's format) and
 * deleted only when no article is filed under it. One audit row per change.
 */

type CategoryRow = typeof newsCategories.$inferSelect;

const toAdminCategory = (row: CategoryRow, items: number): AdminCategory => ({
  id: row.id,
  name: row.name,
  slug: row.slug,
  position: row.position,
  items,
  createdAt: row.createdAt.toISOString(),
});

const snapshot = (row: Pick<CategoryRow, 'name' | 'slug'>) => ({ name: row.name, slug: row.slug });
const slugTaken = () => new AppError('CONFLICT', VALIDATION_MESSAGE, { slug: M.slugTaken });
const itemsIn = async (db: Db, id: number) => (await db.select({ n: count() }).from(newsItems).where(eq(newsItems.categoryId, id)))[0]?.n ?? 0;

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

async function write<T>(ctx: DbContext, fn: (tx: Db, now: Date) => Promise<T>): Promise<T> {
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

async function lockCategory(tx: Db, id: number): Promise<CategoryRow> {
  const [row] = await tx.select().from(newsCategories).where(eq(newsCategories.id, id)).for('update');
  if (!row) throw new AppError('NOT_FOUND', M.categoryNotFound);
  return row;
}

/** Adds a category after the others. */
export async function createCategory(ctx: DbContext, admin: AuditActor, input: CategoryInput): Promise<AdminCategory> {
  return write(ctx, async (tx, now) => {
    const [row] = await tx
      .insert(newsCategories)
      .values({ ...input, position: sql`(select coalesce(max(${newsCategories.position}), 0) + 1 from ${newsCategories})`, createdAt: now })
      .onConflictDoNothing({ target: newsCategories.slug })
      .returning();
    if (!row) throw slugTaken();
    await recordAudit(tx, { actor: admin, at: now, action: 'newsCategory.create', targetType: 'newsCategory', targetId: String(row.id), before: null, after: snapshot(row) });
    return toAdminCategory(row, 0);
  });
}

/** Renames a category or changes its slug (its page moves to the new address). */
export async function updateCategory(ctx: DbContext, admin: AuditActor, id: number, input: CategoryInput): Promise<AdminCategory> {
  return write(ctx, async (tx, now) => {
    const before = await lockCategory(tx, id);
    const items = await itemsIn(tx, id);
    if (before.name === input.name && before.slug === input.slug) return toAdminCategory(before, items);
    const [row] = await tx.update(newsCategories).set(input).where(eq(newsCategories.id, id)).returning();
    if (!row) throw new AppError('NOT_FOUND', M.categoryNotFound);
    await recordAudit(tx, { actor: admin, at: now, action: 'newsCategory.update', targetType: 'newsCategory', targetId: String(id), before: snapshot(before), after: snapshot(row) });
    return toAdminCategory(row, items);
  });
}

/**
 * Deletes a category no article is filed under; otherwise 409 saying how many are. The row is
 * locked first, so an article being filed under it at the same moment either commits first (and
 * is counted) or waits and finds the category gone.
 */
export async function deleteCategory(ctx: DbContext, admin: AuditActor, id: number): Promise<{ message: string }> {
  return write(ctx, async (tx, now) => {
    const before = await lockCategory(tx, id);
    const items = await itemsIn(tx, id);
    if (items > 0) throw new AppError('CONFLICT', M.categoryInUse(items));
    await tx.delete(newsCategories).where(eq(newsCategories.id, id));
    await recordAudit(tx, { actor: admin, at: now, action: 'newsCategory.delete', targetType: 'newsCategory', targetId: String(id), before: snapshot(before), after: null });
    return { message: M.deleted };
  });
}
