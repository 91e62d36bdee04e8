import { NEWS_PAGE_SIZE } from '@landunits/domain';
import { DOCUMENT_CONTRACTS, ORDER_CONTRACTS, PAYMENT_CONTRACTS, PROJECTS_CONTRACTS, SITE_CONTRACTS, TRUST_CONTRACTS, type RouteContract, type SuccessOf } from '@landunits/domain/contracts';
import { queryOptions } from '@tanstack/react-query';
import { call, urlOf, type CallInput } from '../../shared/api';
import { TRUST_STATEMENTS_KEY } from '../../shared/lib/trust-statements-query';

/**
 * The public website's data. Each query is a GET of a public route through its contract; the
 * server renders public pages with the same data (it calls these routes in-process and passes the
 * answers to the first render), so the browser starts with the content already on the page and does
 * not ask again.
 */
export interface SiteQuery<C extends RouteContract = RouteContract> {
  readonly queryKey: readonly unknown[];
  /** The public GET route (@landunits/domain/contracts). */
  readonly contract: C;
  /** Its path parameters and query. */
  readonly input?: Pick<CallInput<C>, 'params' | 'query'>;
}

const siteQuery = <C extends RouteContract>(queryKey: readonly unknown[], contract: C, input?: Pick<CallInput<C>, 'params' | 'query'>): SiteQuery<C> =>
  input ? { queryKey, contract, input } : { queryKey, contract };

export const SITE_QUERIES = {
  prices: () => siteQuery(['site', 'prices'], ORDER_CONTRACTS.getPrice),
  /** Which card, if any, buyers are offered (the one /fees lists). */
  cardSetup: () => siteQuery(['site', 'card-setup'], PAYMENT_CONTRACTS.cardSetup),
  statistics: () => siteQuery(['site', 'statistics'], SITE_CONTRACTS.statistics),
  team: () => siteQuery(['site', 'team'], SITE_CONTRACTS.team),
  newsCategories: () => siteQuery(['site', 'news-categories'], SITE_CONTRACTS.newsCategories),
  /** One page of news, newest first; `category` null for all categories. */
  news: (category: string | null, page: number) => siteQuery(['site', 'news', category, page], SITE_CONTRACTS.news, { query: { category: category ?? undefined, page: page > 1 ? page : undefined } }),
  /** One published article with its body. */
  article: (id: string) => siteQuery(['site', 'article', id], SITE_CONTRACTS.article, { params: { id } }),
  /** A direct impact certificate by its code (/verify/{code}): date and figures, nothing personal. */
  certificate: (code: string) => siteQuery(['site', 'certificate', code], DOCUMENT_CONTRACTS.verifyCertificate, { params: { code } }),
  /** The one land project shown to visitors on the home page. */
  projectTeaser: () => siteQuery(['site', 'project-teaser'], PROJECTS_CONTRACTS.teaser),
  /** The regulatory and security statements the operator has written (the footer of every page, /about-us). */
  trust: () => siteQuery(TRUST_STATEMENTS_KEY, TRUST_CONTRACTS.statements),
};

/** The full URL of a site query (what the server calls to render the page). */
export const siteQueryUrl = (q: SiteQuery): string => urlOf(q.contract, q.input ?? {});

function options<C extends RouteContract>(q: SiteQuery<C>) {
  return queryOptions({
    queryKey: q.queryKey,
    // A GET: its path parameters and query are the whole input (typed where the query is made).
    queryFn: ({ signal }): Promise<SuccessOf<C>> => call(q.contract, { ...q.input, signal } as CallInput<C>),
    staleTime: 5 * 60_000,
    // Pages show their own error state with a retry; no toast on top.
    meta: { silent: true },
  });
}

export const pricesQuery = () => options(SITE_QUERIES.prices());
export const cardSetupSiteQuery = () => options(SITE_QUERIES.cardSetup());
export const statisticsQuery = () => options(SITE_QUERIES.statistics());
export const teamQuery = () => options(SITE_QUERIES.team());
export const newsCategoriesQuery = () => options(SITE_QUERIES.newsCategories());
export const newsQuery = (category: string | null, page: number) => options(SITE_QUERIES.news(category, page));
export const articleQuery = (id: string) => options(SITE_QUERIES.article(id));
export const certificateQuery = (code: string) => options(SITE_QUERIES.certificate(code));
export const projectTeaserQuery = () => options(SITE_QUERIES.projectTeaser());

/** A page number from ?page= (1 when missing or not a whole number ≥ 1). */
export function pageParam(search: string): number {
  const raw = new URLSearchParams(search).get('page');
  const n = raw && /^\d{1,6}$/.test(raw) ? Number(raw) : 1;
  return n >= 1 ? n : 1;
}

/**
 * The data a public page needs for its first render, by route-table path, and the statements of
 * the footer every page has. The server renders the page with these answers; a page missing here
 * still works, it just loads its data in the browser.
 */
export function ssrQueries(routePath: string, params: Record<string, string | undefined>, search: string): SiteQuery[] {
  return [...pageQueries(routePath, params, search), SITE_QUERIES.trust()];
}

function pageQueries(routePath: string, params: Record<string, string | undefined>, search: string): SiteQuery[] {
  switch (routePath) {
    case '/':
      return [SITE_QUERIES.statistics(), SITE_QUERIES.projectTeaser()];
    case '/fees':
      return [SITE_QUERIES.prices(), SITE_QUERIES.cardSetup()];
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
