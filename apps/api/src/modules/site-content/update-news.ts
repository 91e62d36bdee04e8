import { CONTENT_MESSAGES as M, type AdminNewsItem, type NewsInput } from '@landunits/domain/contracts';
import { eq } from 'drizzle-orm';
import type { DbContext } from '../../platform/context';
import { recordAudit, type AuditActor } from '../audit';
import { newsItems } from './schema';
import { requireSiteImage } from './site-images';
import { dateOf, holdCategory, invalid, loadForUpdate, newsSnapshot, reread, toAdminNewsItem, write } from './store';

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
