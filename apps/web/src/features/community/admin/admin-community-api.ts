import { COMMUNITY_CONTRACTS as C } from '@landunits/domain/contracts';
import { call, type Query } from '../../../shared/api/api-client';

const MODERATE = {
  questions: { hide: C.hideQuestion, unhide: C.unhideQuestion },
  answers: { hide: C.hideAnswer, unhide: C.unhideAnswer },
} as const;
const DECIDE = { approve: C.approveAgent, reject: C.rejectAgent, revoke: C.revokeAgent } as const;

/** The admins' community calls, each through its contract: questions (community.moderate) and agent applications (agents.review). */
export const adminCommunityApi = {
  questions: (query: Query, signal?: AbortSignal) => call(C.adminQuestions, { query, signal }),
  question: (id: number, signal?: AbortSignal) => call(C.adminQuestion, { params: { id }, signal }),
  answer: (id: number, answerText: string) => call(C.adminAnswer, { params: { id }, body: { answerText } }),
  close: (id: number, acceptedAnswerId: number | null) => call(C.adminClose, { params: { id }, body: { acceptedAnswerId } }),
  moderate: (target: 'questions' | 'answers', id: number, hide: boolean, reason: string) => call(MODERATE[target][hide ? 'hide' : 'unhide'], { params: { id }, body: { reason } }),
  applications: (query: Query, signal?: AbortSignal) => call(C.agentApplications, { query, signal }),
  decide: (id: number, decision: 'approve' | 'reject' | 'revoke', reason: string) => call(DECIDE[decision], { params: { id }, body: { reason } }),
};

export const ADMIN_COMMUNITY_KEY = ['admin', 'community'] as const;
