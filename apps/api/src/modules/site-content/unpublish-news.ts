import type { AdminNewsItem } from '@landunits/domain/contracts';
import { eq } from 'drizzle-orm';
import type { DbContext } from '../../platform/context';
import { recordAudit, type AuditActor } from '../audit';
import { newsItems } from './schema';
import { loadForUpdate, reread, toAdminNewsItem, write } from './store';

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
