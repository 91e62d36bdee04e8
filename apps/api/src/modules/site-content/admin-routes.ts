import { CONTENT_CONTRACTS as C, CONTENT_MESSAGES as M } from '@landunits/domain/contracts';
import type { FastifyInstance } from 'fastify';
import { limitUploads } from '../../platform/files';
import { AppError, VALIDATION_MESSAGE } from '../../platform/http/app-error';
import { readMultipart } from '../../platform/http/multipart';
import { route } from '../auth';
import { createCategory } from './create-category';
import { createMember } from './create-member';
import { createNews } from './create-news';
import { deleteCategory } from './delete-category';
import { deleteMember } from './delete-member';
import { deleteNews } from './delete-news';
import { listAdminCategories } from './list-admin-categories';
import { listAdminNews } from './list-admin-news';
import { listAdminTeam } from './list-admin-team';
import { orderTeam } from './order-team';
import { publishNews } from './publish-news';
import { SITE_IMAGE_KIND, uploadSiteImage } from './site-images';
import { findNewsRow, idParam, toAdminNewsItem } from './store';
import { unpublishNews } from './unpublish-news';
import { updateCategory } from './update-category';
import { updateMember } from './update-member';
import { updateNews } from './update-news';
import { adminTrustView, loadTrustStatements, updateTrustStatements } from './trust-statements';

/**
 * The admin's routes for the website's content (CONTENT_CONTRACTS, permission `content.manage`):
 * each route is its contract over one use-case, with the admin as plain values. A malformed id
 * names nothing (404). Answers are never cached.
 */
export async function siteContentAdminRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;

  // ── News ──

  route(app, C.listNews, ({ query }) => listAdminNews(ctx.db, query, ctx.clock.now()));

  route(app, C.getNews, async ({ params }) => {
    const row = await findNewsRow(ctx.db, idParam(params, M.newsNotFound));
    if (!row) throw new AppError('NOT_FOUND', M.newsNotFound);
    return { item: toAdminNewsItem(row, ctx.clock.now()) };
  });

  route(app, C.createNews, async ({ actor, body }) => ({ item: await createNews(ctx, actor, body) }));
  route(app, C.updateNews, async ({ actor, params, body }) => ({ item: await updateNews(ctx, actor, idParam(params, M.newsNotFound), body) }));
  route(app, C.publishNews, async ({ actor, params }) => ({ item: await publishNews(ctx, actor, idParam(params, M.newsNotFound)) }));
  route(app, C.unpublishNews, async ({ actor, params }) => ({ item: await unpublishNews(ctx, actor, idParam(params, M.newsNotFound)) }));
  route(app, C.deleteNews, ({ actor, params }) => deleteNews(ctx, actor, idParam(params, M.newsNotFound)));

  // ── Categories ──

  route(app, C.listCategories, ({ query }) => listAdminCategories(ctx.db, query));
  route(app, C.createCategory, async ({ actor, body }) => ({ category: await createCategory(ctx, actor, body) }));
  route(app, C.updateCategory, async ({ actor, params, body }) => ({ category: await updateCategory(ctx, actor, idParam(params, M.categoryNotFound), body) }));
  route(app, C.deleteCategory, ({ actor, params }) => deleteCategory(ctx, actor, idParam(params, M.categoryNotFound)));

  // ── Team ──

  route(app, C.listTeam, () => listAdminTeam(ctx.db));
  route(app, C.createMember, async ({ actor, body }) => ({ member: await createMember(ctx, actor, body) }));
  route(app, C.updateMember, async ({ actor, params, body }) => ({ member: await updateMember(ctx, actor, idParam(params, M.memberNotFound), body) }));
  route(app, C.deleteMember, ({ actor, params }) => deleteMember(ctx, actor, idParam(params, M.memberNotFound)));
  route(app, C.orderTeam, ({ actor, body }) => orderTeam(ctx, actor, body.ids));

  // ── Images ──

  // The regulatory and security statements (decision 0065).
  route(app, C.getTrust, async () => adminTrustView(await loadTrustStatements(ctx.db)));
  route(app, C.updateTrust, async ({ actor, body }) => adminTrustView(await updateTrustStatements(ctx, actor, body)));

  route(app, C.uploadImage, async ({ actor, request }) => {
    const { files } = await readMultipart(request, { files: ['image'], store: ctx.storage, kind: SITE_IMAGE_KIND });
    await limitUploads(ctx.limiter, ctx.storage, actor.userId, Object.values(files));
    if (!files.image) throw new AppError('VALIDATION_FAILED', VALIDATION_MESSAGE, { image: M.imageFileRequired });
    return { image: await uploadSiteImage(ctx, actor, files.image) };
  });
}
