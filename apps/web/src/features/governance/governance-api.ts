import type { BallotValues, CreateVoteValues, QuizInputValues, QuizSubmissionValues } from '@landunits/domain';
import { GOVERNANCE_CONTRACTS as C } from '@landunits/domain/contracts';
import { call, type Query } from '../../shared/api/api-client';

/** The calls of the votes and quizzes pages (decision 0027), each through its contract (GOVERNANCE_CONTRACTS). */
export const governanceApi = {
  votes: (query: Query, signal?: AbortSignal) => call(C.votes, { query, signal }),
  ballot: (id: number, body: BallotValues) => call(C.ballot, { params: { id }, body }),
  quizzes: (signal?: AbortSignal) => call(C.quizzes, { signal }),
  quiz: (id: number, signal?: AbortSignal) => call(C.quiz, { params: { id }, signal }),
  submitQuiz: (id: number, body: QuizSubmissionValues) => call(C.submitQuiz, { params: { id }, body }),
  adminVotes: (query: Query, signal?: AbortSignal) => call(C.adminVotes, { query, signal }),
  createVote: (body: CreateVoteValues) => call(C.createVote, { body }),
  closeVote: (id: number) => call(C.closeVote, { params: { id } }),
  closeDue: () => call(C.closeVoting),
  adminQuizzes: (signal?: AbortSignal) => call(C.adminQuizzes, { signal }),
  createQuiz: (body: QuizInputValues) => call(C.createQuiz, { body }),
  updateQuiz: (id: number, body: QuizInputValues) => call(C.updateQuiz, { params: { id }, body }),
  publishQuiz: (id: number) => call(C.publishQuiz, { params: { id } }),
};
