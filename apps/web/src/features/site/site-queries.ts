import { NEWS_PAGE_SIZE, type NewsArticle, type NewsCategory, type NewsPage, type PriceListBody, type SiteStatistics, type TeamMember } from '@landunits/domain';
import type { ProjectTeaser, VerifiedCertificate } from '@landunits/domain/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api, buildUrl, type Query } from '../../shared/api';

/**
 * The public website's data. Each query is a GET of a public API path; the server renders public
 * pages with the same data (it calls these paths in-process and passes the answers to the first
 * render), so the browser starts with the content already on the page and does not ask again.
 */
export interface SiteQuery {
  readonly queryKey: readonly unknown[];
  /** API path without the /api prefix, as `api.get` takes it. */
  readonly path: string;
  readonly query?: Query;
}

const siteQuery = (queryKey: readonly unknown[], path: string, query?: Query): SiteQuery => (query ? { queryKey, path, query } : { queryKey, path });

export const SITE_QUERIES = {
  prices: () => siteQuery(['site', 'prices'], '/order/get_price'),
  statistics: () => siteQuery(['site', 'statistics'], '/site/statistics'),
  team: () => siteQuery(['site', 'team'], '/site/team'),
  newsCategories: () => siteQuery(['site', 'news-categories'], '/site/news/categories'),
  /** One page of news, newest first; `category` null for all categories. */
  news: (category: string | null, page: number) => siteQuery(['site', 'news', category, page], '/site/news', { category: category ?? undefined, page: page > 1 ? page : undefined }),
  /** One published article with its body. */
  article: (id: string) => siteQuery(['site', 'article', id], `/site/articles/${encodeURIComponent(id)}`),
  /** A direct impact certificate by its code (/verify/{code}): date and figures, nothing personal. */
  certificate: (code: string) => siteQuery(['site', 'certificate', code], `/certificates/${encodeURIComponent(code)}`),
  /** The one land project shown to visitors on the home page. */
  projectTeaser: () => siteQuery(['site', 'project-teaser'], '/site/project-teaser'),
};

/** The full URL of a site query (what the server calls to render the page). */
export const siteQueryUrl = (q: SiteQuery): string => buildUrl(q.path, q.query);

function options<T>(q: SiteQuery) {
  return queryOptions({
    queryKey: q.queryKey,
    queryFn: ({ signal }) => api.get<T>(q.path, { query: q.query, signal }),
    staleTime: 5 * 60_000,
    // Pages show their own error state with a retry; no toast on top.
    meta: { silent: true },
  });
}

export const pricesQuery = () => options<PriceListBody>(SITE_QUERIES.prices());
export const statisticsQuery = () => options<SiteStatistics>(SITE_QUERIES.statistics());
export const teamQuery = () => options<TeamMember[]>(SITE_QUERIES.team());
export const newsCategoriesQuery = () => options<NewsCategory[]>(SITE_QUERIES.newsCategories());
export const newsQuery = (category: string | null, page: number) => options<NewsPage>(SITE_QUERIES.news(category, page));
export const articleQuery = (id: string) => options<NewsArticle>(SITE_QUERIES.article(id));
export const certificateQuery = (code: string) => options<VerifiedCertificate>(SITE_QUERIES.certificate(code));
export const projectTeaserQuery = () => options<ProjectTeaser>(SITE_QUERIES.projectTeaser());

/** A page number from ?page= (1 when missing or not a whole number ≥ 1). */
export function pageParam(search: string): number {
  const raw = new URLSearchParams(search).get('page');
  const n = raw && /^\d{1,6}$/.test(raw) ? Number(raw) : 1;
  return n >= 1 ? n : 1;
}

/**
 * The data a public page needs for its first render, by route-table path. The server renders the
 * page with these answers; a page missing here still works, it just loads its data in the browser.
 */
export function ssrQueries(routePath: string, params: Record<string, string | undefined>, search: string): SiteQuery[] {
  switch (routePath) {
    case '/':
      return [SITE_QUERIES.statistics(), SITE_QUERIES.projectTeaser()];
    case '/fees':
      return [SITE_QUERIES.prices()];
    case '/statistics':
      return [SITE_QUERIES.statistics()];
    case '/team':
      return [SITE_QUERIES.team()];
    case '/news':
      return [SITE_QUERIES.newsCategories(), SITE_QUERIES.news(null, pageParam(search))];
    case '/news/category/:slug':
      return [SITE_QUERIES.newsCategories(), SITE_QUERIES.news(params.slug ?? '', pageParam(search))];
    case '/news/article/:id':
      return [SITE_QUERIES.article(params.id ?? '')];
    case '/verify/:code':
      return [SITE_QUERIES.certificate(params.code ?? '')];
    default:
      return [];
  }
}

export { NEWS_PAGE_SIZE };
