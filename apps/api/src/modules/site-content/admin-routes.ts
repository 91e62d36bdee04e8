import {
  CategoryInputSchema,
  CategoryListQuerySchema,
  CONTENT_API,
  CONTENT_MESSAGES as M,
  NewsInputSchema,
  NewsListQuerySchema,
  TeamMemberInputSchema,
  TeamOrderSchema,
} from '@landunits/domain/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { limitUploads } from '../../platform/files';
import { AppError, parseInput, VALIDATION_MESSAGE } from '../../platform/http/app-error';
import { readMultipart } from '../../platform/http/multipart';
import { requirePermission } from '../auth';
import type { AuditActor } from '../audit';
import { createCategory, deleteCategory, listAdminCategories, updateCategory } from './admin-categories';
import { createNews, deleteNews, publishNews, unpublishNews, updateNews } from './admin-news';
import { listAdminNews } from './admin-news-list';
import { createMember, deleteMember, listAdminTeam, orderTeam, updateMember } from './admin-team';
import { findNewsRow, idParam, toAdminNewsItem } from './news-store';
import { SITE_IMAGE_KIND, uploadSiteImage } from './site-images';

/**
 * The admin's routes for the website's content (CONTENT_CONTRACTS, permission `content.manage`):
 * thin — check the permission, parse with the shared schemas, call one use-case with the admin as
 * plain values. Answers are never cached.
 */
export async function siteContentAdminRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;

  /** The signed-in admin allowed to manage content, as the audit row names them. */
  const admin = async (request: FastifyRequest, reply: FastifyReply): Promise<AuditActor> => {
    const user = await requirePermission(ctx, request, reply, 'content.manage');
    reply.header('cache-control', 'no-store');
    return { userId: user.id, role: user.adminRole, requestId: request.id };
  };

  // ── News ──

  app.get(CONTENT_API.news, async (request, reply) => {
    await admin(request, reply);
    return listAdminNews(ctx.db, parseInput(NewsListQuerySchema, request.query), ctx.clock.now());
  });

  app.get(`${CONTENT_API.news}/:id`, async (request, reply) => {
    await admin(request, reply);
    const row = await findNewsRow(ctx.db, idParam(request.params, M.newsNotFound));
    if (!row) throw new AppError('NOT_FOUND', M.newsNotFound);
    return { item: toAdminNewsItem(row, ctx.clock.now()) };
  });

  app.post(CONTENT_API.news, async (request, reply) => {
    const actor = await admin(request, reply);
    const item = await createNews(ctx, actor, parseInput(NewsInputSchema, request.body));
    return reply.status(201).send({ item });
  });

  app.put(`${CONTENT_API.news}/:id`, async (request, reply) => {
    const actor = await admin(request, reply);
    const id = idParam(request.params, M.newsNotFound);
    return { item: await updateNews(ctx, actor, id, parseInput(NewsInputSchema, request.body)) };
  });

  app.post(`${CONTENT_API.news}/:id/publish`, async (request, reply) => {
    const actor = await admin(request, reply);
    return { item: await publishNews(ctx, actor, idParam(request.params, M.newsNotFound)) };
  });

  app.post(`${CONTENT_API.news}/:id/unpublish`, async (request, reply) => {
    const actor = await admin(request, reply);
    return { item: await unpublishNews(ctx, actor, idParam(request.params, M.newsNotFound)) };
  });

  app.delete(`${CONTENT_API.news}/:id`, async (request, reply) => {
    const actor = await admin(request, reply);
    return deleteNews(ctx, actor, idParam(request.params, M.newsNotFound));
  });

  // ── Categories ──

  app.get(CONTENT_API.categories, async (request, reply) => {
    await admin(request, reply);
    return listAdminCategories(ctx.db, parseInput(CategoryListQuerySchema, request.query));
  });

  app.post(CONTENT_API.categories, async (request, reply) => {
    const actor = await admin(request, reply);
    const category = await createCategory(ctx, actor, parseInput(CategoryInputSchema, request.body));
    return reply.status(201).send({ category });
  });

  app.put(`${CONTENT_API.categories}/:id`, async (request, reply) => {
    const actor = await admin(request, reply);
    const id = idParam(request.params, M.categoryNotFound);
    return { category: await updateCategory(ctx, actor, id, parseInput(CategoryInputSchema, request.body)) };
  });

  app.delete(`${CONTENT_API.categories}/:id`, async (request, reply) => {
    const actor = await admin(request, reply);
    return deleteCategory(ctx, actor, idParam(request.params, M.categoryNotFound));
  });

  // ── Team ──

  app.get(CONTENT_API.team, async (request, reply) => {
    await admin(request, reply);
    return listAdminTeam(ctx.db);
  });

  app.post(CONTENT_API.team, async (request, reply) => {
    const actor = await admin(request, reply);
    const member = await createMember(ctx, actor, parseInput(TeamMemberInputSchema, request.body));
    return reply.status(201).send({ member });
  });

  app.put(`${CONTENT_API.team}/:id`, async (request, reply) => {
    const actor = await admin(request, reply);
    const id = idParam(request.params, M.memberNotFound);
    return { member: await updateMember(ctx, actor, id, parseInput(TeamMemberInputSchema, request.body)) };
  });

  app.delete(`${CONTENT_API.team}/:id`, async (request, reply) => {
    const actor = await admin(request, reply);
    return deleteMember(ctx, actor, idParam(request.params, M.memberNotFound));
  });

  app.put(CONTENT_API.teamOrder, async (request, reply) => {
    const actor = await admin(request, reply);
    return orderTeam(ctx, actor, parseInput(TeamOrderSchema, request.body).ids);
  });

  // ── Images ──

  app.post(CONTENT_API.images, async (request, reply) => {
    const actor = await admin(request, reply);
    const { files } = await readMultipart(request, { files: ['image'], store: ctx.storage, kind: SITE_IMAGE_KIND });
    await limitUploads(ctx.limiter, ctx.storage, actor.userId, Object.values(files));
    if (!files.image) throw new AppError('VALIDATION_FAILED', VALIDATION_MESSAGE, { image: M.imageFileRequired });
    const image = await uploadSiteImage(ctx, actor, files.image);
    return reply.status(201).send({ image });
  });
}
