import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { ROUTES } from '@landunits/domain';
import type { PageChunk } from './private-page-modules';

/**
 * Each page's lazy chunk, keyed by route-table path; the chunk exports its pages by path
 * (`pages`). Pages not listed are not built yet and share the placeholder page. Pages are lazy
 * chunks, so a public page never downloads dashboard code. The pages of one feature share one
 * chunk (one dynamic import): every chunk's file names, with the chunks and stylesheets it needs,
 * are written into the module that imports it, and the entry's budget is tight, hence no per-page
 * loader function or export name here, and the pages search engines do not index (the dashboard,
 * the admin area, the pages email links open, the visitor chat, the certificate check, the
 * development tools) listed in a lazy table of their own (private-page-modules.ts), fetched with
 * the dashboard layout or the admin frame.
 */

const accountPages = () => import('../features/auth/account-pages');
const infoPages = () => import('../features/site-content/info-pages');
const newsPages = () => import('../features/site-content/news-pages');
const peoplePages = () => import('../features/site-content/people-pages');
const homePage = () => import('../features/site-content/home-page');
const faqPage = () => import('../features/site-content/faq-page');
const feesPage = () => import('../features/site-content/fees-page');
const statisticsPage = () => import('../features/site-content/statistics-page');

const privatePages = () => import('./private-page-modules');

/** The pages search engines index (the public website, sign-in and registration): route-table path → the chunk holding its page. */
const PAGES: Readonly<Record<string, PageChunk>> = {
  '/': homePage,
  '/register': accountPages,
  '/business-register': accountPages,
  '/login': accountPages,
  '/login-forgot': accountPages,
  '/login/reset': accountPages,
  // Public website: the pages measured for speed (/faq, /fees, /news) have chunks of their own.
  '/faq': faqPage,
  '/fees': feesPage,
  '/statistics': statisticsPage,
  '/news': newsPages,
  '/news/category/:slug': newsPages,
  '/news/article/:id': newsPages,
  '/team': peoplePages,
  '/contact-us': peoplePages,
  '/about-us': infoPages,
  '/business': infoPages,
  '/rocket1': infoPages,
  '/landing': infoPages,
  '/references': infoPages,
  '/terms-and-conditions': infoPages,
  '/privacy-policy': infoPages,
};

const placeholderPage = () => import('./pages/placeholder-page').then((m) => ({ default: m.PlaceholderPage }));

/** Pages search engines index: their chunks are listed above; the others' in the lazy table. */
const indexed = new Set(ROUTES.filter((route) => route.robots === 'index, follow').map((route) => route.path));

/** The chunk holding the page of a route-table path, or undefined for a page not built yet. */
async function chunkOf(path: string): Promise<PageChunk | undefined> {
  return indexed.has(path) ? PAGES[path] : (await privatePages()).chunkOf(path);
}

/** Loads the page of a route-table path: its chunk's component, or the placeholder page. */
export async function loadPage(path: string): Promise<{ default: ComponentType }> {
  const chunk = await chunkOf(path);
  return chunk ? chunk().then((m) => ({ default: m.pages[path] as ComponentType })) : placeholderPage();
}

/** Whether the page of a route-table path is built (not the placeholder). */
export const isBuilt = async (path: string): Promise<boolean> => (await chunkOf(path)) !== undefined;

/** Starts fetching the private pages' table (with the dashboard layout, so the page's chunk does not wait for it). */
export const preloadPrivatePages = (): void => void privatePages();

const cache = new Map<string, LazyExoticComponent<ComponentType>>();

/** The lazily loaded page component of a route-table path (the placeholder page when not built yet). */
export function pageComponent(path: string): LazyExoticComponent<ComponentType> {
  let component = cache.get(path);
  if (!component) {
    component = lazy(() => loadPage(path));
    cache.set(path, component);
  }
  return component;
}

/** The admin area's frame (navigation per role) around its sections, in the admin chunk. */
export const AdminShell = lazy(() => privatePages().then((m) => m.adminShell()));

export const NotFoundPage = lazy(() => import('./pages/not-found-page').then((m) => ({ default: m.NotFoundPage })));
