import { CONTENT_MESSAGES as M, type AdminNewsItem, type NewsInput } from '@landunits/domain/contracts';
import type { DbContext } from '../../platform/context';
import { recordAudit, type AuditActor } from '../audit';
import { newsItems } from './schema';
import { requireSiteImage } from './site-images';
import { dateOf, holdCategory, invalid, newsSnapshot, reread, write } from './store';

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
