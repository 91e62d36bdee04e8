import type { BallotValues, CreateVoteValues, QuizInputValues, QuizSubmissionValues } from '@landunits/domain';
import type { GOVERNANCE_CONTRACTS, ResponseOf } from '@landunits/domain/contracts';
import { api, type Query } from '../../shared/api/api-client';

type C = typeof GOVERNANCE_CONTRACTS;

/** The calls of the votes and quizzes pages (decision 0027); paths without the /api prefix. */
export const governanceApi = {
  votes: (query: Query, signal?: AbortSignal) => api.get<ResponseOf<C['votes']>>('/governance/votes', { query, signal }),
  ballot: (id: number, body: BallotValues) => api.post<ResponseOf<C['ballot']>>(`/governance/votes/${id}/ballot`, body),
  quizzes: (signal?: AbortSignal) => api.get<ResponseOf<C['quizzes']>>('/governance/quizzes', { signal }),
  quiz: (id: number, signal?: AbortSignal) => api.get<ResponseOf<C['quiz']>>(`/governance/quizzes/${id}`, { signal }),
  submitQuiz: (id: number, body: QuizSubmissionValues) => api.post<ResponseOf<C['submitQuiz']>>(`/governance/quizzes/${id}/submission`, body),
  adminVotes: (query: Query, signal?: AbortSignal) => api.get<ResponseOf<C['adminVotes']>>('/admin/votes', { query, signal }),
  createVote: (body: CreateVoteValues) => api.post<ResponseOf<C['createVote']>>('/admin/votes', body),
  closeVote: (id: number) => api.post<ResponseOf<C['closeVote']>>(`/admin/votes/${id}/close`),
  closeDue: () => api.get<ResponseOf<C['closeVoting']>>('/governance/close-voting'),
  adminQuizzes: (signal?: AbortSignal) => api.get<ResponseOf<C['adminQuizzes']>>('/admin/quizzes', { signal }),
  createQuiz: (body: QuizInputValues) => api.post<ResponseOf<C['createQuiz']>>('/admin/quizzes', body),
  updateQuiz: (id: number, body: QuizInputValues) => api.put<ResponseOf<C['updateQuiz']>>(`/admin/quizzes/${id}`, body),
  publishQuiz: (id: number) => api.post<ResponseOf<C['publishQuiz']>>(`/admin/quizzes/${id}/publish`),
};
