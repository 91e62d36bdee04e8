import { SITE_CONTRACTS as C, TRUST_CONTRACTS } from '@landunits/domain/contracts';
import type { FastifyInstance } from 'fastify';
import { sendPublicImage } from '../../platform/files';
import { AppError } from '../../platform/http/app-error';
import { route } from '../auth';
import { siteContentAdminRoutes } from './admin-routes';
import { getArticle } from './get-article';
import { loadImpactMetrics, updateImpactMetrics, type StoredImpactMetrics } from './impact-metrics';
import { listNews, listNewsCategories, NEWS_MESSAGES } from './list-news';
import { idParam } from './store';
import { listTeam } from './list-team';
import { currentReport, REPORT_FILENAME } from './report/report-2025';
import { currentSiteStatistics } from './site-statistics';
import { findSiteImage } from './site-images';
import { currentTrustStatements } from './trust-statements';

/** Public content may be kept five minutes by browsers and shared caches (docs/api/site.md). */
export const PUBLIC_CACHE = 'public, max-age=300';

export const ADMIN_IMPACT_PATH = C.adminImpact.path;

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
 * the admin's news, categories and team (admin-routes.ts). Each route is its contract over one
 * use-case. The public Cache-Control is set by the handler once the answer is ready, not through
 * the contract's `cache` (which route() sets before the handler runs), so an error answer is never
 * cached as public.
 */
export async function siteContentRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;

  route(app, C.newsCategories, async ({ reply }) => {
    const categories = await listNewsCategories(ctx.db);
    reply.header('cache-control', PUBLIC_CACHE);
    return categories;
  });

  route(app, C.news, async ({ query, reply }) => {
    const page = await listNews(ctx.db, query, ctx.clock.now());
    reply.header('cache-control', PUBLIC_CACHE);
    return page;
  });

  route(app, C.article, async ({ params, reply }) => {
    const article = await getArticle(ctx.db, idParam(params, NEWS_MESSAGES.articleUnknown), ctx.clock.now());
    reply.header('cache-control', PUBLIC_CACHE);
    return article;
  });

  // Only the website's own images, looked up by the hash of their content; no other stored file.
  route(app, C.image, async ({ params, request, reply }) => {
    const image = await findSiteImage(ctx.db, params.id);
    if (!image) throw new AppError('NOT_FOUND', 'This image was not found.');
    return sendPublicImage(request, reply, ctx.storage, image);
  });

  route(app, C.team, async ({ reply }) => {
    const team = await listTeam(ctx.db);
    reply.header('cache-control', PUBLIC_CACHE);
    return team;
  });

  // The footer of every page: only what an admin has written with no [placeholder] left (decision 0065).
  route(app, TRUST_CONTRACTS.statements, async ({ reply }) => {
    const trust = await currentTrustStatements(ctx.db, ctx.clock.now());
    reply.header('cache-control', PUBLIC_CACHE);
    return trust.shown;
  });

  route(app, C.statistics, async ({ reply }) => {
    const statistics = await currentSiteStatistics(ctx.db, ctx.clock.now());
    return reply.header('cache-control', PUBLIC_CACHE).type('application/json; charset=utf-8').send(statistics.payload);
  });

  route(app, C.report2025, async ({ request, reply }) => {
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

  route(app, C.adminImpact, async () => impactView(await loadImpactMetrics(ctx.db)));
  route(app, C.adminUpdateImpact, async ({ admin, body, request }) => impactView(await updateImpactMetrics(ctx.db, body, admin.id, ctx.clock.now(), request.id)));
}
