import type { COMMUNITY_CONTRACTS, ResponseOf } from '@landunits/domain/contracts';
import { api, type Query } from '../../shared/api/api-client';

type C = typeof COMMUNITY_CONTRACTS;
const path = (id: number | string) => encodeURIComponent(String(id));

/** The admins' community calls: questions (community.moderate) and agent applications (agents.review). */
export const adminCommunityApi = {
  questions: (query: Query, signal?: AbortSignal) => api.get<ResponseOf<C['adminQuestions']>>('/admin/community/questions', { query, signal }),
  question: (id: number, signal?: AbortSignal) => api.get<ResponseOf<C['adminQuestion']>>(`/admin/community/questions/${path(id)}`, { signal }),
  answer: (id: number, answerText: string) => api.post<ResponseOf<C['adminAnswer']>>(`/admin/community/questions/${path(id)}/answer`, { answerText }),
  close: (id: number, acceptedAnswerId: number | null) => api.post<ResponseOf<C['adminClose']>>(`/admin/community/questions/${path(id)}/close`, { acceptedAnswerId }),
  moderate: (target: 'questions' | 'answers', id: number, hide: boolean, reason: string) =>
    api.post<ResponseOf<C['hideQuestion']>>(`/admin/community/${target}/${path(id)}/${hide ? 'hide' : 'unhide'}`, { reason }),
  applications: (query: Query, signal?: AbortSignal) => api.get<ResponseOf<C['agentApplications']>>('/admin/community/agent-applications', { query, signal }),
  decide: (id: number, decision: 'approve' | 'reject' | 'revoke', reason: string) => api.post<ResponseOf<C['approveAgent']>>(`/admin/community/agent-applications/${path(id)}/${decision}`, { reason }),
};

export const ADMIN_COMMUNITY_KEY = ['admin', 'community'] as const;
