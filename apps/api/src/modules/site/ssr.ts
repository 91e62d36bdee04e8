import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RouteDef } from '@landunits/domain';
import type { FastifyInstance } from 'fastify';

/** What the web app's server build (apps/web/src/app/entry-server.tsx) exports. */
export interface PageRenderer {
  renderPage(input: { url: string; data: { queryKey: readonly unknown[]; data: unknown }[]; signedInHint: boolean }): Promise<{ html: string; state: string }>;
  ssrQueries(routePath: string, params: Record<string, string | undefined>, search: string): { queryKey: readonly unknown[] }[];
  siteQueryUrl(query: { queryKey: readonly unknown[] }): string;
}

/** The server build sits beside the browser build: apps/web/dist-server/entry-server.js. */
export function rendererPath(webDistDir: string): string {
  return path.join(path.dirname(webDistDir), 'dist-server', 'entry-server.js');
}

export async function loadRenderer(webDistDir: string): Promise<PageRenderer | null> {
  const file = rendererPath(webDistDir);
  if (!existsSync(file)) return null;
  return (await import(pathToFileURL(file).href)) as PageRenderer;
}

/** Public pages are rendered on the server; the others (guest, signed-in, admin) in the browser. */
export const rendersOnServer = (route: RouteDef): boolean => route.access === 'public' && !route.devOnly;

/** JSON inside <script>: nothing in it may close the element or start a comment. */
export const jsonForScript = (json: string): string =>
  json
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

const RENDER_TIMEOUT_MS = 3_000;
const TTL_MS = 60_000;
const MAX_ENTRIES = 500;

export const ROOT_ELEMENT = '<div id="root"></div>';

export interface RenderedPage {
  /** The root element holding the page's markup, followed by the query state it was drawn with. */
  root: string;
  /** 404 when the page's data says it does not exist (e.g. an unknown news category). */
  status: number;
}

/**
 * Renders public pages with their data, fetched in-process from the same public API paths the
 * browser would call, and keeps each result (per path and page number) for a minute (public pages are the same for every
 * visitor; their data changes rarely and prices change only at midnight UTC), or until `stamp`
 * changes: a new UTC day, or a settings change approved in this process (fees apply at once).
 * `clear()` forgets them all at once, when an admin changes the website's content. A page that fails
 * or takes too long to render is sent as the plain shell and renders in the browser as before.
 */
export function createPageRenderCache(
  app: FastifyInstance,
  renderer: PageRenderer,
  /**
   * What the pages' data depends on besides time (the UTC day, this process's settings writes):
   * an entry kept under another stamp is rendered again.
   */
  stamp: () => string = () => '',
) {
  const cache = new Map<string, { page: RenderedPage; expires: number; stamp: string }>();
  /** Raised by clear(): a render that began before a change is sent but not kept. */
  let generation = 0;

  async function render(route: RouteDef, params: Record<string, string>, pathname: string, search: string, signedInHint: boolean): Promise<RenderedPage> {
    let status = 200;
    const data: { queryKey: readonly unknown[]; data: unknown }[] = [];
    for (const query of renderer.ssrQueries(route.path, params, search)) {
      const answer = await app.inject({ method: 'GET', url: renderer.siteQueryUrl(query) });
      if (answer.statusCode === 200) data.push({ queryKey: query.queryKey, data: answer.json() });
      else if (answer.statusCode === 404) status = 404;
    }
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`rendering ${pathname} took over ${RENDER_TIMEOUT_MS} ms`)), RENDER_TIMEOUT_MS);
    });
    try {
      const { html, state } = await Promise.race([renderer.renderPage({ url: `${pathname}${search}`, data, signedInHint }), timeout]);
      const root = `<div id="root">${html}</div><script type="application/json" id="ssr-state">${jsonForScript(state)}</script>`;
      return { root, status };
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * Only pages whose query is empty or a page number are kept: other queries (a campaign's utm_*,
   * a confirmation link's token) are rendered for their request and not stored, so they can
   * neither fill the cache nor leave a token in memory.
   */
  const keepable = (search: string) => [...new URLSearchParams(search).keys()].every((key) => key === 'page');

  async function renderedPage(
    route: RouteDef,
    params: Record<string, string>,
    pathname: string,
    search: string,
    /** The request carries the signed-in hint cookie: a variant of its own (header links pending). */
    signedInHint = false,
  ): Promise<RenderedPage | null> {
    const key = `${signedInHint ? 'signed-in-hint ' : ''}${pathname}${search}`;
    const keep = keepable(search);
    const started = generation;
    const now = Date.now();
    const current = stamp();
    const hit = keep ? cache.get(key) : undefined;
    if (hit && hit.expires > now && hit.stamp === current) return hit.page;
    try {
      const page = await render(route, params, pathname, search, signedInHint);
      if (!keep || started !== generation) return page;
      if (cache.size >= MAX_ENTRIES) {
        for (const [k, v] of cache) if (v.expires <= now || cache.size >= MAX_ENTRIES) cache.delete(k);
      }
      // Kept under the stamp taken before rendering: a write during the render makes it stale at once.
      cache.set(key, { page, expires: now + TTL_MS, stamp: current });
      return page;
    } catch (error) {
      app.log.warn({ err: error, path: pathname }, 'server render failed; sending the page to render in the browser');
      return null;
    }
  }

  /** Forgets every kept page: the content changed, so each is drawn again on its next request. */
  const clear = () => {
    generation += 1;
    cache.clear();
  };
  return Object.assign(renderedPage, { clear });
}
