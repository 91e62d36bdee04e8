import type { AdminIdeaAnswer, AdminIdeasPage, IdeaAnswer, IdeasPage } from '@landunits/domain/contracts';
import type { IdeaInput, IdeaStatusInput } from '@landunits/domain';
import { api, type Query } from '../../shared/api/api-client';

/** The calls of the community ideas pages (IDEAS_CONTRACTS). */
export const ideasApi = {
  list: (query: Query, signal?: AbortSignal) => api.get<IdeasPage>('/community/ideas', { query, signal }),
  submit: (body: IdeaInput) => api.post<IdeaAnswer>('/community/ideas', body),
  support: (id: number) => api.post<IdeaAnswer>(`/community/ideas/${id}/support`),
  withdraw: (id: number) => api.delete<IdeaAnswer>(`/community/ideas/${id}/support`),
  adminList: (query: Query, signal?: AbortSignal) => api.get<AdminIdeasPage>('/admin/ideas', { query, signal }),
  setStatus: (id: number, body: IdeaStatusInput) => api.post<AdminIdeaAnswer>(`/admin/ideas/${id}/status`, body),
  hide: (id: number, reason: string) => api.post<AdminIdeaAnswer>(`/admin/ideas/${id}/hide`, { reason }),
  show: (id: number) => api.post<AdminIdeaAnswer>(`/admin/ideas/${id}/show`),
};
