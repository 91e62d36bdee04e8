import type { TrustStatements } from '@landunits/domain';
import { CONTENT_CONTRACTS as C, type CategoryInput, type NewsInputBody, type TeamMemberInput } from '@landunits/domain/contracts';
import { call } from '../../../shared/api/api-client';

/**
 * The admin calls for the website's content, each through its contract (CONTENT_CONTRACTS,
 * decision 0020). Every change refreshes the whole CONTENT_ROOT, so lists, editors and counts
 * follow at once.
 */
export type { AdminCategory, AdminNewsItem, AdminTeamMember, NewsState, SiteImage } from '@landunits/domain/contracts';

export const CONTENT_ROOT = ['admin', 'content'] as const;
export const NEWS_PAGE_SIZE = 20;
export const CATEGORIES_PAGE_SIZE = 20;

export type SortDir = 'asc' | 'desc';

/** What the news table asks the server for: filters, sort and page. */
export interface NewsListParams {
  state: '' | 'draft' | 'scheduled' | 'published';
  category: string;
  q: string;
  sort: 'publishedAt' | 'updatedAt' | 'title' | 'category';
  dir: SortDir;
  page: number;
}

export interface CategoryListParams {
  q: string;
  sort: 'position' | 'name' | 'slug' | 'items';
  dir: SortDir;
  page: number;
}

export const contentKeys = {
  news: (params: NewsListParams) => [...CONTENT_ROOT, 'news', params] as const,
  newsItem: (id: number) => [...CONTENT_ROOT, 'news-item', id] as const,
  categories: (params: CategoryListParams) => [...CONTENT_ROOT, 'categories', params] as const,
  allCategories: () => [...CONTENT_ROOT, 'categories', 'all'] as const,
  team: () => [...CONTENT_ROOT, 'team'] as const,
  trust: () => [...CONTENT_ROOT, 'trust'] as const,
};

/** Empty filters are left out of the query string. */
const newsQuery = (p: NewsListParams) => ({
  page: p.page,
  pageSize: NEWS_PAGE_SIZE,
  sort: p.sort,
  dir: p.dir,
  state: p.state || undefined,
  category: p.category || undefined,
  q: p.q.trim() || undefined,
});

export const contentApi = {
  listNews: (params: NewsListParams, signal?: AbortSignal) => call(C.listNews, { query: newsQuery(params), signal }),
  getNews: (id: number, signal?: AbortSignal) => call(C.getNews, { params: { id }, signal }),
  createNews: (body: NewsInputBody) => call(C.createNews, { body }),
  updateNews: (id: number, body: NewsInputBody) => call(C.updateNews, { params: { id }, body }),
  publishNews: (id: number) => call(C.publishNews, { params: { id } }),
  unpublishNews: (id: number) => call(C.unpublishNews, { params: { id } }),
  deleteNews: (id: number) => call(C.deleteNews, { params: { id } }),

  listCategories: (p: CategoryListParams, signal?: AbortSignal) =>
    call(C.listCategories, { query: { page: p.page, pageSize: CATEGORIES_PAGE_SIZE, sort: p.sort, dir: p.dir, q: p.q.trim() || undefined }, signal }),
  /** Every category, in the site's order, for the editor's choice (at most 100). */
  allCategories: (signal?: AbortSignal) => call(C.listCategories, { query: { pageSize: 100 }, signal }),
  createCategory: (body: CategoryInput) => call(C.createCategory, { body }),
  updateCategory: (id: number, body: CategoryInput) => call(C.updateCategory, { params: { id }, body }),
  deleteCategory: (id: number) => call(C.deleteCategory, { params: { id } }),

  listTeam: (signal?: AbortSignal) => call(C.listTeam, { signal }),
  getTrust: (signal?: AbortSignal) => call(C.getTrust, { signal }),
  updateTrust: (body: TrustStatements) => call(C.updateTrust, { body }),
  createMember: (body: TeamMemberInput) => call(C.createMember, { body }),
  updateMember: (id: number, body: TeamMemberInput) => call(C.updateMember, { params: { id }, body }),
  deleteMember: (id: number) => call(C.deleteMember, { params: { id } }),
  orderTeam: (ids: readonly number[]) => call(C.orderTeam, { body: { ids: [...ids] } }),
};
