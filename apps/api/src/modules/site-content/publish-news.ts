import type { AdminNewsItem } from '@landunits/domain/contracts';
import { eq } from 'drizzle-orm';
import type { DbContext } from '../../platform/context';
import { recordAudit, type AuditActor } from '../audit';
import { newsItems } from './schema';
import { loadForUpdate, reread, toAdminNewsItem, write } from './store';

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
