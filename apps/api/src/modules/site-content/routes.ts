import { SITE_API } from '@landunits/domain';
import type { FastifyInstance } from 'fastify';
import { sendPublicImage } from '../../platform/files';
import { AppError, parseInput } from '../../platform/http/app-error';
import { requirePermission } from '../auth';
import { siteContentAdminRoutes } from './admin-routes';
import { getArticle } from './get-article';
import { loadImpactMetrics, updateImpactMetrics, type StoredImpactMetrics } from './impact-metrics';
import { listNews, listNewsCategories, NEWS_MESSAGES, NewsQuerySchema } from './list-news';
import { idParam } from './news-store';
import { listTeam } from './list-team';
import { currentReport, REPORT_FILENAME } from './report/report-2025';
import { currentSiteStatistics } from './site-statistics';
import { findSiteImage } from './site-images';

/** Public content may be kept five minutes by browsers and shared caches (docs/api/site.md). */
export const PUBLIC_CACHE = 'public, max-age=300';

export const ADMIN_IMPACT_PATH = '/api/admin/site/impact';

/** Whether an If-None-Match header names `etag` (weak comparison, RFC 9110 §13.1.2). */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const candidate = tag.trim();
    return candidate === '*' || candidate === etag || candidate === `W/${etag}`;
  });
}

const impactView = (stored: StoredImpactMetrics) => ({
  impact: stored.metrics,
  version: stored.version,
  updatedAt: stored.updatedAt?.toISOString() ?? null,
});

/**
 * The public website's content: news and its categories, one article, the website's images, the
 * team, the statistics and the 2025 report (no session; cacheable), the admin's impact metrics and
 * the admin's news, categories and team (admin-routes.ts). Headers are set only on success,
 * so an error answer is never cached as public.
 */
export async function siteContentRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;

  app.get(SITE_API.newsCategories, async (_request, reply) => {
    const categories = await listNewsCategories(ctx.db);
    reply.header('cache-control', PUBLIC_CACHE);
    return categories;
  });

  app.get(SITE_API.news, async (request, reply) => {
    const query = parseInput(NewsQuerySchema, request.query);
    const page = await listNews(ctx.db, query, ctx.clock.now());
    reply.header('cache-control', PUBLIC_CACHE);
    return page;
  });

  app.get(`${SITE_API.article}/:id`, async (request, reply) => {
    const article = await getArticle(ctx.db, idParam(request.params, NEWS_MESSAGES.articleUnknown), ctx.clock.now());
    reply.header('cache-control', PUBLIC_CACHE);
    return article;
  });

  // Only the website's own images, looked up by the hash of their content; no other stored file.
  app.get(`${SITE_API.images}/:id`, async (request, reply) => {
    const image = await findSiteImage(ctx.db, (request.params as { id: string }).id);
    if (!image) throw new AppError('NOT_FOUND', 'This image was not found.');
    return sendPublicImage(request, reply, ctx.storage, image);
  });

  app.get(SITE_API.team, async (_request, reply) => {
    const team = await listTeam(ctx.db);
    reply.header('cache-control', PUBLIC_CACHE);
    return team;
  });

  app.get(SITE_API.statistics, async (_request, reply) => {
    const statistics = await currentSiteStatistics(ctx.db, ctx.clock.now());
    return reply.header('cache-control', PUBLIC_CACHE).type('application/json; charset=utf-8').send(statistics.payload);
  });

  app.get(SITE_API.report2025, async (request, reply) => {
    const report = await currentReport(ctx.db, ctx.clock.now());
    reply.headers({
      'cache-control': PUBLIC_CACHE,
      etag: report.etag,
      'content-disposition': `inline; filename="${REPORT_FILENAME}"`,
    });
    if (matchesEtag(request.headers['if-none-match'], report.etag)) return reply.code(304).send();
    return reply.type('application/pdf').send(report.bytes);
  });

  // ── Admin ──

  await siteContentAdminRoutes(app);

  app.get(ADMIN_IMPACT_PATH, async (request, reply) => {
    await requirePermission(ctx, request, reply, 'site.impact');
    const stored = await loadImpactMetrics(ctx.db);
    reply.header('cache-control', 'no-store');
    return impactView(stored);
  });

  app.put(ADMIN_IMPACT_PATH, async (request, reply) => {
    const admin = await requirePermission(ctx, request, reply, 'site.impact');
    const stored = await updateImpactMetrics(ctx.db, request.body, admin.id, ctx.clock.now(), request.id);
    reply.header('cache-control', 'no-store');
    return impactView(stored);
  });
}
