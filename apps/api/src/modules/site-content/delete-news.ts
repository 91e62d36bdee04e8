import { CONTENT_MESSAGES as M } from '@landunits/domain/contracts';
import { eq } from 'drizzle-orm';
import type { DbContext } from '../../platform/context';
import { recordAudit, type AuditActor } from '../audit';
import { newsItems } from './schema';
import { loadForUpdate, newsSnapshot, write } from './store';

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
