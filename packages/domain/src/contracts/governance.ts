import { z } from 'zod';
import {
  AdminQuizAnswerSchema,

  AdminQuizzesPageSchema,
  AdminVoteAnswerSchema,
  AdminVotesPageSchema,
  AdminVotesQuerySchema,
  BallotAnswerSchema,
  BallotSchema,
  CloseVotingAnswerSchema,
  CreateVoteSchema,
  NeedsMyVoteCountSchema,
  QuizInputSchema,
  QuizSubmissionSchema,
  QuizSubmitAnswerSchema,
  QuizViewSchema,
  QuizzesPageSchema,
  VotesPageSchema,
  VotesQuerySchema,
} from '../governance/schemas';
import { defineRoute } from './contract';

/**
 * Votes and quizzes (SPEC §4, PRODUCT-DECISIONS §11, decision 0027). People: /api/governance/*;
 * admins with community.moderate: /api/admin/votes, /api/admin/quizzes and the close-voting call.
 */

const IdParams = z.object({ id: z.string().max(30) });
const area = 'Governance';
const adminArea = 'Admin';
const permission = 'community.moderate' as const;

export const GOVERNANCE_API = {
  votes: '/api/governance/votes',
  needsMyVoteCount: '/api/governance/votes/needs-my-vote-count',
  ballot: (id: number) => `/api/governance/votes/${id}/ballot`,
  closeVoting: '/api/governance/close-voting',
  quizzes: '/api/governance/quizzes',
  quiz: (id: number) => `/api/governance/quizzes/${id}`,
  quizSubmission: (id: number) => `/api/governance/quizzes/${id}/submission`,
  adminVotes: '/api/admin/votes',
  adminVoteClose: (id: number) => `/api/admin/votes/${id}/close`,
  adminQuizzes: '/api/admin/quizzes',
  adminQuiz: (id: number) => `/api/admin/quizzes/${id}`,
  adminQuizPublish: (id: number) => `/api/admin/quizzes/${id}/publish`,
} as const;

export const GOVERNANCE_CONTRACTS = {
  votes: defineRoute({
    method: 'GET', path: '/api/governance/votes', auth: 'user', area,
    summary: 'Votes filtered by all, needs-my-vote, open or closed, one page, with the person\'s state and answer; results only once closed.',
    request: { query: VotesQuerySchema },
    responses: { 200: VotesPageSchema },
    errors: ['VALIDATION_FAILED'],
  }),
  needsMyVoteCount: defineRoute({
    method: 'GET', path: '/api/governance/votes/needs-my-vote-count', auth: 'user', area,
    summary: 'How many open votes wait for the person\'s vote (0 for someone without owned Units).',
    responses: { 200: NeedsMyVoteCountSchema },
    errors: [],
  }),
  ballot: defineRoute({
    method: 'POST', path: '/api/governance/votes/:id/ballot', auth: 'user', area,
    summary: 'Casts or changes the person\'s vote (y or n) while the vote is open; only holders of an owned Unit.',
    request: { params: IdParams, body: BallotSchema },
    responses: { 200: BallotAnswerSchema },
    errors: ['VALIDATION_FAILED', 'NOT_FOUND', 'FORBIDDEN', 'TRANSITION_REFUSED', 'RATE_LIMITED'],
  }),
  closeVoting: defineRoute({
    method: 'GET', path: '/api/governance/close-voting', auth: 'admin', permission, area,
    summary: 'Closes every vote whose closing time has come, fixing and publishing each outcome (audited).',
    responses: { 200: CloseVotingAnswerSchema },
    errors: [],
  }),
  quizzes: defineRoute({
    method: 'GET', path: '/api/governance/quizzes', auth: 'user', area,
    summary: 'Published quizzes with the person\'s state.',
    responses: { 200: QuizzesPageSchema },
    errors: [],
  }),
  quiz: defineRoute({
    method: 'GET', path: '/api/governance/quizzes/:id', auth: 'user', area,
    summary: 'One published quiz: its questions and options; the right answers only after the person submitted.',
    request: { params: IdParams },
    responses: { 200: QuizViewSchema },
    errors: ['NOT_FOUND'],
  }),
  submitQuiz: defineRoute({
    method: 'POST', path: '/api/governance/quizzes/:id/submission', auth: 'user', area,
    summary: 'Submits the person\'s answers once; answers which were right.',
    request: { params: IdParams, body: QuizSubmissionSchema },
    responses: { 200: QuizSubmitAnswerSchema },
    errors: ['VALIDATION_FAILED', 'NOT_FOUND', 'CONFLICT', 'RATE_LIMITED'],
  }),
  adminVotes: defineRoute({
    method: 'GET', path: '/api/admin/votes', auth: 'admin', permission, area: adminArea,
    summary: 'Every vote, newest first, with how many have voted and, once closed, the result.',
    request: { query: AdminVotesQuerySchema },
    responses: { 200: AdminVotesPageSchema },
    errors: ['VALIDATION_FAILED'],
  }),
  createVote: defineRoute({
    method: 'POST', path: '/api/admin/votes', auth: 'admin', permission, area: adminArea,
    summary: 'Publishes a vote question with its closing time and emails the holders (audited).',
    request: { body: CreateVoteSchema },
    responses: { 200: AdminVoteAnswerSchema },
    errors: ['VALIDATION_FAILED'],
  }),
  closeVote: defineRoute({
    method: 'POST', path: '/api/admin/votes/:id/close', auth: 'admin', permission, area: adminArea,
    summary: 'Closes one open vote now and publishes its result (audited).',
    request: { params: IdParams },
    responses: { 200: AdminVoteAnswerSchema },
    errors: ['NOT_FOUND', 'TRANSITION_REFUSED'],
  }),
  adminQuizzes: defineRoute({
    method: 'GET', path: '/api/admin/quizzes', auth: 'admin', permission, area: adminArea,
    summary: 'Every quiz with its questions, right answers and submission counts.',
    responses: { 200: AdminQuizzesPageSchema },
    errors: [],
  }),
  createQuiz: defineRoute({
    method: 'POST', path: '/api/admin/quizzes', auth: 'admin', permission, area: adminArea,
    summary: 'Saves a new quiz as a draft (audited).',
    request: { body: QuizInputSchema },
    responses: { 200: AdminQuizAnswerSchema },
    errors: ['VALIDATION_FAILED'],
  }),
  updateQuiz: defineRoute({
    method: 'PUT', path: '/api/admin/quizzes/:id', auth: 'admin', permission, area: adminArea,
    summary: 'Changes a draft quiz (audited); a published quiz is frozen.',
    request: { params: IdParams, body: QuizInputSchema },
    responses: { 200: AdminQuizAnswerSchema },
    errors: ['VALIDATION_FAILED', 'NOT_FOUND', 'TRANSITION_REFUSED'],
  }),
  publishQuiz: defineRoute({
    method: 'POST', path: '/api/admin/quizzes/:id/publish', auth: 'admin', permission, area: adminArea,
    summary: 'Publishes a draft quiz (audited).',
    request: { params: IdParams },
    responses: { 200: AdminQuizAnswerSchema },
    errors: ['NOT_FOUND', 'TRANSITION_REFUSED'],
  }),
} as const;



