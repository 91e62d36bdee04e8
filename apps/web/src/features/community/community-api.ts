import type { AnswerQuestionValues, BecomeAgentValues, CloseQuestionValues, CreateQuestionValues } from '@landunits/domain';
import type { COMMUNITY_CONTRACTS, ResponseOf } from '@landunits/domain/contracts';
import { api, type Query } from '../../shared/api/api-client';

type C = typeof COMMUNITY_CONTRACTS;

/** The calls of the community pages (SPEC §7, PRODUCT-DECISIONS §11). */
export const communityApi = {
  list: (query: Query, signal?: AbortSignal) => api.get<ResponseOf<C['list']>>('/community/getQuestionAnswers', { query, signal }),
  question: (id: string, signal?: AbortSignal) => api.get<ResponseOf<C['question']>>(`/community/questions/${encodeURIComponent(id)}`, { signal }),
  ask: (values: CreateQuestionValues) => api.post<ResponseOf<C['create']>>('/community/create-question', values),
  answer: (values: AnswerQuestionValues) => api.post<ResponseOf<C['answer']>>('/community/answer-question', values),
  close: (values: CloseQuestionValues) => api.post<ResponseOf<C['close']>>('/community/close-question', values),
  reopen: (questionId: number) => api.post<ResponseOf<C['reopen']>>('/community/reopen-question', { questionId }),
  apply: (values: BecomeAgentValues) => api.post<ResponseOf<C['apply']>>('/community/becomeCommunityAgent', values),
  agentStatus: (signal?: AbortSignal) => api.get<ResponseOf<C['agentStatus']>>('/community/agent-application', { signal }),
};

export const COMMUNITY_KEY = ['community'] as const;
export const questionKey = (id: string) => ['community', 'question', id] as const;
export const agentStatusKey = ['community', 'agent-status'] as const;
