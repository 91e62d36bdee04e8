import { CONTENT_MESSAGES as M, type AdminNewsItem, type NewsInput } from '@landunits/domain/contracts';
import { eq } from 'drizzle-orm';
import type { DbContext } from '../../platform/context';
import type { Db } from '../../platform/db/client';
import { inTransaction } from '../../platform/db/transaction';
import { AppError, VALIDATION_MESSAGE } from '../../platform/http/app-error';
import { recordAudit, type AuditActor } from '../audit';
import { siteContentChanged } from './content-changes';
import { findNewsRow, newsSnapshot, toAdminNewsItem, type NewsRow } from './news-store';
import { newsCategories, newsItems } from './schema';
import { requireSiteImage } from './site-images';

/**
 * The admin's writes to news (decision 0020): create, update, publish, unpublish, delete. Each runs
 * in one transaction with its one audit row (before and after); a no-op (publishing a published
 * article, saving without a change) writes nothing. After the commit the server-rendered pages are
 * told to draw again.
 */

const invalid = (field: string, message: string) => new AppError('VALIDATION_FAILED', VALIDATION_MESSAGE, { [field]: message });

/** The category must exist; it is held (FOR SHARE) so it cannot be deleted before this commits. */
async function holdCategory(tx: Db, categoryId: number): Promise<void> {
  const [category] = await tx.select({ id: newsCategories.id }).from(newsCategories).where(eq(newsCategories.id, categoryId)).for('share');
  if (!category) throw invalid('categoryId', M.categoryUnknown);
}

async function loadForUpdate(tx: Db, id: number): Promise<NewsRow> {
  const row = await findNewsRow(tx, id, true);
  if (!row) throw new AppError('NOT_FOUND', M.newsNotFound);
  return row;
}

/** Runs a write, then refreshes the site's pages once it is committed. */
async function write<T>(ctx: DbContext, fn: (tx: Db, now: Date) => Promise<T>): Promise<T> {
  const result = await inTransaction(ctx.db, (tx) => fn(tx, ctx.clock.now()));
  siteContentChanged();
  return result;
}

async function reread(tx: Db, id: number, now: Date): Promise<AdminNewsItem> {
  const row = await findNewsRow(tx, id);
  if (!row) throw new AppError('NOT_FOUND', M.newsNotFound);
  return toAdminNewsItem(row, now);
}

/** A published article without a date goes out now; a draft keeps the date it was given, if any. */
const dateOf = (input: NewsInput, now: Date, current: Date | null = null): Date | null => (input.publishedAt ? new Date(input.publishedAt) : input.status === 'published' ? (current ?? now) : current);

export async function createNews(ctx: DbContext, admin: AuditActor, input: NewsInput): Promise<AdminNewsItem> {
  const imageId = input.imageId;
  if (!imageId) throw invalid('imageId', M.imageRequired);
  return write(ctx, async (tx, now) => {
    await holdCategory(tx, input.categoryId);
    await requireSiteImage(tx, imageId, 'imageId');
    const values = {
      title: input.title,
      description: input.description,
      body: input.body,
      categoryId: input.categoryId,
      image: null,
      imageId,
      imageAlt: input.imageAlt,
      link: input.link,
      status: input.status,
      publishedAt: dateOf(input, now),
      isDemo: false,
    };
    const [created] = await tx
      .insert(newsItems)
      .values({ ...values, createdAt: now, updatedAt: now })
      .returning({ id: newsItems.id });
    if (!created) throw new Error('the news item was not inserted');
    await recordAudit(tx, { actor: admin, at: now, action: 'news.create', targetType: 'newsItem', targetId: String(created.id), before: null, after: newsSnapshot(values) });
    return reread(tx, created.id, now);
  });
}

/**
 * Replaces an article's content and status. `imageId` null keeps a demo article's illustration
 * (an uploaded image cannot be removed, only replaced). Once an admin changes a demo article's
 * content it is theirs: it is no longer marked as demo.
 */
export async function updateNews(ctx: DbContext, admin: AuditActor, id: number, input: NewsInput): Promise<AdminNewsItem> {
  return write(ctx, async (tx, now) => {
    const before = await loadForUpdate(tx, id);
    if (!input.imageId && !before.image) throw invalid('imageId', M.imageRequired);
    if (input.categoryId !== before.categoryId) await holdCategory(tx, input.categoryId);
    if (input.imageId && input.imageId !== before.imageId) await requireSiteImage(tx, input.imageId, 'imageId');
    const content = {
      title: input.title,
      description: input.description,
      body: input.body,
      categoryId: input.categoryId,
      image: input.imageId ? null : before.image,
      imageId: input.imageId,
      imageAlt: input.imageAlt,
      link: input.link,
      status: input.status,
      publishedAt: dateOf(input, now, before.publishedAt),
    };
    const old = newsSnapshot(before);
    const contentChanged = JSON.stringify(newsSnapshot({ ...content, isDemo: false })) !== JSON.stringify({ ...old, isDemo: false });
    if (!contentChanged) return toAdminNewsItem(before, now);
    const after = { ...content, isDemo: false };
    await tx
      .update(newsItems)
      .set({ ...after, updatedAt: now })
      .where(eq(newsItems.id, id));
    await recordAudit(tx, { actor: admin, at: now, action: 'news.update', targetType: 'newsItem', targetId: String(id), before: old, after: newsSnapshot(after) });
    return reread(tx, id, now);
  });
}

/**
 * Publishes an article: on the site at once, or at its publish date when that is still to come.
 * An article never published before gets today's date.
 */
export async function publishNews(ctx: DbContext, admin: AuditActor, id: number): Promise<AdminNewsItem> {
  return write(ctx, async (tx, now) => {
    const before = await loadForUpdate(tx, id);
    if (before.status === 'published') return toAdminNewsItem(before, now);
    const publishedAt = before.publishedAt ?? now;
    await tx.update(newsItems).set({ status: 'published', publishedAt, updatedAt: now }).where(eq(newsItems.id, id));
    await recordAudit(tx, {
      actor: admin,
      at: now,
      action: 'news.publish',
      targetType: 'newsItem',
      targetId: String(id),
      before: { status: before.status, publishedAt: before.publishedAt?.toISOString() ?? null },
      after: { status: 'published', publishedAt: publishedAt.toISOString() },
    });
    return reread(tx, id, now);
  });
}

/** Takes an article off the site (back to draft), keeping its date for when it is published again. */
export async function unpublishNews(ctx: DbContext, admin: AuditActor, id: number): Promise<AdminNewsItem> {
  return write(ctx, async (tx, now) => {
    const before = await loadForUpdate(tx, id);
    if (before.status === 'draft') return toAdminNewsItem(before, now);
    await tx.update(newsItems).set({ status: 'draft', updatedAt: now }).where(eq(newsItems.id, id));
    await recordAudit(tx, {
      actor: admin,
      at: now,
      action: 'news.unpublish',
      targetType: 'newsItem',
      targetId: String(id),
      before: { status: before.status },
      after: { status: 'draft' },
    });
    return reread(tx, id, now);
  });
}

/**
 * Deletes an article for good. Unpublishing is the way to take one off the site for a while; the
 * audit row keeps the deleted content. Its image stays among the website's images (another article
 * or person may show the same picture).
 */
export async function deleteNews(ctx: DbContext, admin: AuditActor, id: number): Promise<{ message: string }> {
  return write(ctx, async (tx, now) => {
    const before = await loadForUpdate(tx, id);
    await tx.delete(newsItems).where(eq(newsItems.id, id));
    await recordAudit(tx, { actor: admin, at: now, action: 'news.delete', targetType: 'newsItem', targetId: String(id), before: newsSnapshot(before), after: null });
    return { message: M.deleted };
  });
}
