import type { AdminCategory, AdminCategoryList, AdminNewsItem, AdminNewsList, AdminTeamList, AdminTeamMember, CategoryInput, NewsInputBody, TeamMemberInput } from '@landunits/domain/contracts';
import { api } from '../../shared/api/api-client';

/**
 * The admin calls for the website's content (CONTENT_CONTRACTS, decision 0020). Every change
 * refreshes the whole CONTENT_ROOT, so lists, editors and counts follow at once.
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

type Message = { message: string };
type NewsAnswer = { item: AdminNewsItem };
type CategoryAnswer = { category: AdminCategory };
type MemberAnswer = { member: AdminTeamMember };

export const contentApi = {
  listNews: (params: NewsListParams, signal?: AbortSignal) => api.get<AdminNewsList>('/admin/site/news', { query: newsQuery(params), signal }),
  getNews: (id: number, signal?: AbortSignal) => api.get<NewsAnswer>(`/admin/site/news/${id}`, { signal }),
  createNews: (body: NewsInputBody) => api.post<NewsAnswer>('/admin/site/news', body),
  updateNews: (id: number, body: NewsInputBody) => api.put<NewsAnswer>(`/admin/site/news/${id}`, body),
  publishNews: (id: number) => api.post<NewsAnswer>(`/admin/site/news/${id}/publish`),
  unpublishNews: (id: number) => api.post<NewsAnswer>(`/admin/site/news/${id}/unpublish`),
  deleteNews: (id: number) => api.delete<Message>(`/admin/site/news/${id}`),

  listCategories: (p: CategoryListParams, signal?: AbortSignal) =>
    api.get<AdminCategoryList>('/admin/site/news-categories', { query: { page: p.page, pageSize: CATEGORIES_PAGE_SIZE, sort: p.sort, dir: p.dir, q: p.q.trim() || undefined }, signal }),
  /** Every category, in the site's order, for the editor's choice (at most 100). */
  allCategories: (signal?: AbortSignal) => api.get<AdminCategoryList>('/admin/site/news-categories', { query: { pageSize: 100 }, signal }),
  createCategory: (body: CategoryInput) => api.post<CategoryAnswer>('/admin/site/news-categories', body),
  updateCategory: (id: number, body: CategoryInput) => api.put<CategoryAnswer>(`/admin/site/news-categories/${id}`, body),
  deleteCategory: (id: number) => api.delete<Message>(`/admin/site/news-categories/${id}`),

  listTeam: (signal?: AbortSignal) => api.get<AdminTeamList>('/admin/site/team', { signal }),
  createMember: (body: TeamMemberInput) => api.post<MemberAnswer>('/admin/site/team', body),
  updateMember: (id: number, body: TeamMemberInput) => api.put<MemberAnswer>(`/admin/site/team/${id}`, body),
  deleteMember: (id: number) => api.delete<Message>(`/admin/site/team/${id}`),
  orderTeam: (ids: readonly number[]) => api.put<AdminTeamList>('/admin/site/team-order', { ids }),

  /** A JPEG or PNG sent with progress; the server re-encodes it and names it by its content. */
};
