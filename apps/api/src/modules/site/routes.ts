import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { constants as zlib } from 'node:zlib';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import { formatDate, matchRoute, NOT_FOUND_ROUTE, REDIRECTS, SESSION_HINT_COOKIE, SITE_API, type NewsCategory, type RouteDef } from '@landunits/domain';
import { PLATFORM_CONTRACTS } from '@landunits/domain/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/http/app-error';
import { route } from '../auth';
import { onSiteContentChange } from '../site-content';
import { analyticsMetaTag } from '../marketing';
import { settingsGeneration } from '../pricing';
import { renderHead } from './head';
import { renderRobotsTxt, renderSitemap } from './robots';
import { createPageRenderCache, loadRenderer, ROOT_ELEMENT, rendersOnServer } from './ssr';

const HEAD_MARKER = '<!--app-head-->';
const IMMUTABLE = 'public, max-age=31536000, immutable';

export interface SiteOptions {
  webDistDir: string;
  publicUrl: string;
  /** Serve development tools' pages (never in production). */
  devTools: boolean;
}

/**
 * Serves the built web app: hashed assets with long-lived caching, and for every page path the
 * HTML shell with that page's head written in (title, description, Open Graph, canonical, robots).
 * A path in no route answers the 404 page with status 404; unknown /api paths answer 404 JSON.
 */
export async function siteRoutes(app: FastifyInstance, options: SiteOptions): Promise<void> {
  const { webDistDir, publicUrl, devTools } = options;
  const shell = readFileSync(path.join(webDistDir, 'index.html'), 'utf8');
  if (!shell.includes(HEAD_MARKER)) throw new Error(`${webDistDir}/index.html has no ${HEAD_MARKER} marker`);
  if (!shell.includes(ROOT_ELEMENT)) throw new Error(`${webDistDir}/index.html has no ${ROOT_ELEMENT}`);
  // Public pages are rendered here with their data when the web app's server build exists.
  const renderer = await loadRenderer(webDistDir);
  const ctx = app.ctx;
  const dataStamp = () => `${formatDate(ctx.clock.now(), 'YYYY-MM-DD')} ${settingsGeneration(ctx.db)}`;
  const renderedPage = renderer ? createPageRenderCache(app, renderer, dataStamp) : null;
  if (renderedPage) {
    // An admin's change to news, categories or the team shows on the next request.
    const stop = onSiteContentChange(renderedPage.clear);
    app.addHook('onClose', async () => stop());
  }

  const pageCache = new Map<string, string>();
  const renderPage = (route: RouteDef, pathname: string) => {
    const key = `${route.path}|${pathname}`;
    let html = pageCache.get(key);
    if (!html) {
      const canonical = `${publicUrl}${pathname === '/' ? '/' : pathname}`;
      html = shell.replace(HEAD_MARKER, renderHead(route, canonical, publicUrl));
      if (pageCache.size < 1000) pageCache.set(key, html);
    }
    return html;
  };

  // Pages, sitemap and the like are compressed as they are sent (Brotli at a fast setting); the
  // built files carry .br/.gz copies made at build time, sent as they are (preCompressed below).
  // Only this module's answers: the API's JSON is left alone.
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } },
  });

  // Everything in dist except the shell; hashed files under /assets never change.
  const topLevelFiles = readdirSync(webDistDir).filter((f) => f !== 'index.html');
  await app.register(fastifyStatic, {
    root: webDistDir,
    prefix: '/',
    wildcard: false,
    index: false,
    preCompressed: true,
    allowedPath: (pathName) => pathName !== '/index.html',
    cacheControl: false,
    setHeaders: (reply, filePath) => {
      const rel = path.relative(webDistDir, filePath);
      reply.header('cache-control', rel.startsWith(`assets${path.sep}`) ? IMMUTABLE : 'public, max-age=3600');
    },
  });
  app.log.debug({ files: topLevelFiles.length }, 'web app files served');

  // The robots file and the sitemap may be kept an hour (set here: their contracts in platform.ts declare no `cache` yet).
  route(app, PLATFORM_CONTRACTS.robots, async ({ reply }) => reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(renderRobotsTxt(publicUrl)));
  route(app, PLATFORM_CONTRACTS.sitemap, async ({ reply }) => {
    // News categories are pages too; their list comes from the public API.
    const answer = await app.inject({ method: 'GET', url: SITE_API.newsCategories });
    const categories = answer.statusCode === 200 ? (answer.json() as NewsCategory[]) : [];
    const extra = categories.map((c) => `/news/category/${encodeURIComponent(c.slug)}`);
    return reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600').send(renderSitemap(publicUrl, extra));
  });
  route(app, PLATFORM_CONTRACTS.favicon, async ({ reply }) => reply.redirect('/favicon.svg', 301));

  const sendPage = async (reply: FastifyReply, route: RouteDef, pathname: string, status: number, root?: string) => {
    // The header of a server-rendered page depends on the signed-in hint cookie.
    reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'Cookie');
    if (route.robots !== 'index, follow') reply.header('x-robots-tag', route.robots);
    const html = renderPage(route, pathname);
    const page = root ? html.replace(ROOT_ELEMENT, () => root) : html;
    // The analytics script's address and consent category, when an admin configured one (decision 0031).
    const analytics = await analyticsMetaTag(ctx.db, ctx.clock.now());
    return reply.send(analytics ? page.replace('</head>', () => `  ${analytics}\n  </head>`) : page);
  };

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const url = new URL(request.url, 'http://local');
    const pathname = url.pathname;
    if (pathname === '/api' || pathname.startsWith('/api/') || (request.method !== 'GET' && request.method !== 'HEAD')) {
      throw new AppError('NOT_FOUND', `Not found: ${request.method} ${pathname}`);
    }
    const redirect = REDIRECTS[pathname] ?? (pathname.length > 1 && pathname.endsWith('/') ? pathname.replace(/\/+$/, '') : undefined);
    if (redirect && redirect !== pathname && !redirect.startsWith('//')) {
      return reply.redirect(`${redirect || '/'}${url.search}`, 301);
    }
    const match = matchRoute(pathname);
    if (match && (devTools || !match.route.devOnly)) {
      const hinted = Boolean(request.cookies[SESSION_HINT_COOKIE]);
      const rendered = renderedPage && rendersOnServer(match.route) ? await renderedPage(match.route, match.params, pathname, url.search, hinted) : null;
      return sendPage(reply, match.route, pathname, rendered?.status ?? 200, rendered?.root);
    }
    return sendPage(reply, NOT_FOUND_ROUTE, pathname, 404);
  });
}

/** Without a web build (API-only runs and tests) every unknown path is a JSON 404. */
export async function apiOnlyNotFound(app: FastifyInstance): Promise<void> {
  app.setNotFoundHandler(async (request) => {
    throw new AppError('NOT_FOUND', `Not found: ${request.method} ${new URL(request.url, 'http://local').pathname}`);
  });
}
