import type { AnswerQuestionValues, BecomeAgentValues, CloseQuestionValues, CreateQuestionValues } from '@landunits/domain';
import { COMMUNITY_CONTRACTS as C } from '@landunits/domain/contracts';
import { call, type Query } from '../../shared/api/api-client';

/** The calls of the community pages (SPEC §7, PRODUCT-DECISIONS §11), each through its contract (COMMUNITY_CONTRACTS). */
export const communityApi = {
  list: (query: Query, signal?: AbortSignal) => call(C.list, { query, signal }),
  question: (id: string, signal?: AbortSignal) => call(C.question, { params: { id }, signal }),
  ask: (values: CreateQuestionValues) => call(C.create, { body: values }),
  answer: (values: AnswerQuestionValues) => call(C.answer, { body: values }),
  close: (values: CloseQuestionValues) => call(C.close, { body: values }),
  reopen: (questionId: number) => call(C.reopen, { body: { questionId } }),
  apply: (values: BecomeAgentValues) => call(C.apply, { body: values }),
  agentStatus: (signal?: AbortSignal) => call(C.agentStatus, { signal }),
};

export const COMMUNITY_KEY = ['community'] as const;
export const questionKey = (id: string) => ['community', 'question', id] as const;
export const agentStatusKey = ['community', 'agent-status'] as const;
