import { z } from 'zod';
import {
  AdminCloseQuestionSchema,
  AgentDecisionSchema,
  ANSWER_AUTHOR_KINDS,
  AnswerQuestionSchema,
  BecomeAgentSchema,
  CloseQuestionSchema,
  CreateQuestionSchema,
  ModerationReasonSchema,
  QUESTION_STATUSES,
  QUESTION_VIEWS,
  ReopenQuestionSchema,
  TeamAnswerSchema,
} from '../community/questions';
import { AGENT_APPLICATION_STATUSES } from '../community/agents';
import { defineRoute, IsoDateTime, MessageSchema, PAGING } from './contract';

/**
 * Community questions and answers, community agents and moderation (PRODUCT-DECISIONS §11,
 * decision 0026). People's routes need a session; the admin routes need community.moderate
 * (questions) or agents.review (agent applications).
 */

const page = z.coerce.number().int().min(1).max(10_000).default(1);
const pageSize = z.coerce.number().int().min(1).max(100).default(20);

export const QuestionListQuerySchema = z.object({ questionViewBy: z.enum(QUESTION_VIEWS).default('All'), page, pageSize }).strict();
export type QuestionListQuery = z.output<typeof QuestionListQuerySchema>;

/** A moderator's hiding, as the author and the admins see it. */
const HiddenSchema = z.object({ at: IsoDateTime, reason: z.string() }).nullable();

export const QuestionItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  excerpt: z.string(),
  status: z.enum(QUESTION_STATUSES),
  askerName: z.string(),
  mine: z.boolean(),
  answerCount: z.number().int(),
  hasAcceptedAnswer: z.boolean(),
  createdAt: IsoDateTime,
  /** Only the author (and admins) ever get a hidden question; everyone else never sees it. */
  hidden: HiddenSchema,
});
export type QuestionItem = z.output<typeof QuestionItemSchema>;

export const QuestionListSchema = z.object({ questions: z.array(QuestionItemSchema), ...PAGING });
export type QuestionList = z.output<typeof QuestionListSchema>;

export const AnswerViewSchema = z.object({
  id: z.number().int(),
  body: z.string(),
  authorName: z.string(),
  authorKind: z.enum(ANSWER_AUTHOR_KINDS),
  mine: z.boolean(),
  accepted: z.boolean(),
  createdAt: IsoDateTime,
  hidden: HiddenSchema,
});
export type AnswerView = z.output<typeof AnswerViewSchema>;

export const QuestionPageSchema = z.object({
  question: QuestionItemSchema.omit({ excerpt: true }).extend({
    body: z.string(),
    acceptedAnswerId: z.number().int().nullable(),
    closedAt: IsoDateTime.nullable(),
  }),
  /** Oldest first; hidden answers only for their author (and admins). */
  answers: z.array(AnswerViewSchema),
  viewer: z.object({
    /** A community agent or an admin who may moderate: may answer an open question. */
    canAnswer: z.boolean(),
    answerAs: z.enum(ANSWER_AUTHOR_KINDS).nullable(),
    isAsker: z.boolean(),
  }),
});
export type QuestionPage = z.output<typeof QuestionPageSchema>;

const QuestionActionSchema = MessageSchema.extend({ questionId: z.number().int() });
export type QuestionAction = z.output<typeof QuestionActionSchema>;

export const AgentApplicationViewSchema = z.object({
  id: z.number().int(),
  status: z.enum(AGENT_APPLICATION_STATUSES),
  reason: z.string(),
  experienceAndMotivation: z.string(),
  createdAt: IsoDateTime,
  decidedAt: IsoDateTime.nullable(),
  /** The admin's reason, once decided. */
  decisionReason: z.string().nullable(),
});
export type AgentApplicationView = z.output<typeof AgentApplicationViewSchema>;

export const AgentStatusSchema = z.object({
  isAgent: z.boolean(),
  /** The newest application, if any. */
  application: AgentApplicationViewSchema.nullable(),
});
export type AgentStatus = z.output<typeof AgentStatusSchema>;

// Admin side

export const ADMIN_QUESTION_FILTERS = ['all', 'open', 'closed', 'hidden'] as const;
export type AdminQuestionFilter = (typeof ADMIN_QUESTION_FILTERS)[number];

export const AdminQuestionsQuerySchema = z.object({ filter: z.enum(ADMIN_QUESTION_FILTERS).default('all'), page, pageSize }).strict();
export type AdminQuestionsQuery = z.output<typeof AdminQuestionsQuerySchema>;

export const AdminQuestionListSchema = z.object({ questions: z.array(QuestionItemSchema), ...PAGING });
export type AdminQuestionList = z.output<typeof AdminQuestionListSchema>;

export const AGENT_APPLICATION_FILTERS = ['all', ...AGENT_APPLICATION_STATUSES] as const;
export const AgentApplicationsQuerySchema = z.object({ status: z.enum(AGENT_APPLICATION_FILTERS).default('all'), page, pageSize }).strict();
export type AgentApplicationsQuery = z.output<typeof AgentApplicationsQuerySchema>;

export const AdminAgentApplicationSchema = AgentApplicationViewSchema.extend({
  userId: z.string(),
  applicantName: z.string(),
  applicantEmail: z.string(),
  answerCount: z.number().int(),
});
export type AdminAgentApplication = z.output<typeof AdminAgentApplicationSchema>;

export const AgentApplicationListSchema = z.object({
  applications: z.array(AdminAgentApplicationSchema),
  counts: z.object({ pending: z.number().int(), approved: z.number().int() }),
  ...PAGING,
});
export type AgentApplicationList = z.output<typeof AgentApplicationListSchema>;

/** Any text: the server answers 404 for an id that is not a number (it names nothing). */
const IdParams = z.object({ id: z.string() });
const user = { auth: 'user', area: 'Community' } as const;
const moderate = { auth: 'admin', permission: 'community.moderate', area: 'Admin' } as const;
const review = { auth: 'admin', permission: 'agents.review', area: 'Admin' } as const;

export const COMMUNITY_CONTRACTS = {
  list: defineRoute({
    ...user,
    method: 'GET',
    path: '/api/community/getQuestionAnswers',
    summary: 'Community questions, newest first, one page: All, Own (asked by me), Open or Closed.',
    request: { query: QuestionListQuerySchema },
    responses: { 200: QuestionListSchema },
    errors: ['VALIDATION_FAILED'],
  }),
  question: defineRoute({
    ...user,
    method: 'GET',
    path: '/api/community/questions/:id',
    summary: 'One question with its answers, and what the signed-in person may do with it.',
    request: { params: IdParams },
    responses: { 200: QuestionPageSchema },
    errors: ['NOT_FOUND'],
  }),
  create: defineRoute({
    ...user,
    method: 'POST',
    path: '/api/community/create-question',
    summary: 'Asks the community a question (title and body).',
    request: { body: CreateQuestionSchema },
    responses: { 200: QuestionActionSchema },
    errors: ['VALIDATION_FAILED', 'RATE_LIMITED'],
  }),
  answer: defineRoute({
    ...user,
    method: 'POST',
    path: '/api/community/answer-question',
    summary: 'Answers an open question: community agents, and admins for the Land Units team. The asker is emailed (community emails).',
    request: { body: AnswerQuestionSchema },
    responses: { 200: QuestionActionSchema },
    errors: ['VALIDATION_FAILED', 'FORBIDDEN', 'NOT_FOUND', 'TRANSITION_REFUSED', 'RATE_LIMITED'],
  }),
  close: defineRoute({
    ...user,
    method: 'POST',
    path: '/api/community/close-question',
    summary: 'The asker closes their question, optionally marking one of its answers accepted.',
    request: { body: CloseQuestionSchema },
    responses: { 200: QuestionActionSchema },
    errors: ['VALIDATION_FAILED', 'FORBIDDEN', 'NOT_FOUND', 'TRANSITION_REFUSED'],
  }),
  reopen: defineRoute({
    ...user,
    method: 'POST',
    path: '/api/community/reopen-question',
    summary: 'The asker reopens their closed question (the accepted answer stays marked).',
    request: { body: ReopenQuestionSchema },
    responses: { 200: QuestionActionSchema },
    errors: ['VALIDATION_FAILED', 'FORBIDDEN', 'NOT_FOUND', 'TRANSITION_REFUSED'],
  }),
  apply: defineRoute({
    ...user,
    method: 'POST',
    path: '/api/community/becomeCommunityAgent',
    summary: 'Applies to become a community agent; one application waits for a decision at a time.',
    request: { body: BecomeAgentSchema },
    responses: { 200: MessageSchema.extend({ status: AgentStatusSchema }) },
    errors: ['VALIDATION_FAILED', 'CONFLICT', 'RATE_LIMITED'],
  }),
  agentStatus: defineRoute({
    ...user,
    method: 'GET',
    path: '/api/community/agent-application',
    summary: 'Whether I am a community agent, and my newest application with its status.',
    responses: { 200: AgentStatusSchema },
    errors: [],
  }),
  adminQuestions: defineRoute({
    ...moderate,
    method: 'GET',
    path: '/api/admin/community/questions',
    summary: 'Every community question, hidden ones included, newest first, one page.',
    request: { query: AdminQuestionsQuerySchema },
    responses: { 200: AdminQuestionListSchema },
    errors: ['VALIDATION_FAILED'],
  }),
  adminQuestion: defineRoute({
    ...moderate,
    method: 'GET',
    path: '/api/admin/community/questions/:id',
    summary: 'One question with every answer, hidden ones included.',
    request: { params: IdParams },
    responses: { 200: QuestionPageSchema },
    errors: ['NOT_FOUND'],
  }),
  adminAnswer: defineRoute({
    ...moderate,
    method: 'POST',
    path: '/api/admin/community/questions/:id/answer',
    summary: 'Answers a question for the Land Units team.',
    request: { params: IdParams, body: TeamAnswerSchema },
    responses: { 200: QuestionActionSchema },
    errors: ['VALIDATION_FAILED', 'NOT_FOUND', 'TRANSITION_REFUSED'],
  }),
  adminClose: defineRoute({
    ...moderate,
    method: 'POST',
    path: '/api/admin/community/questions/:id/close',
    summary: 'Closes a question for its asker, optionally marking an accepted answer; the asker is emailed.',
    request: { params: IdParams, body: AdminCloseQuestionSchema },
    responses: { 200: QuestionActionSchema },
    errors: ['VALIDATION_FAILED', 'NOT_FOUND', 'TRANSITION_REFUSED'],
  }),
  hideQuestion: defineRoute({
    ...moderate,
    method: 'POST',
    path: '/api/admin/community/questions/:id/hide',
    summary: 'Hides a question from everyone but its author, with the reason they read.',
    request: { params: IdParams, body: ModerationReasonSchema },
    responses: { 200: QuestionActionSchema },
    errors: ['VALIDATION_FAILED', 'NOT_FOUND', 'TRANSITION_REFUSED'],
  }),
  unhideQuestion: defineRoute({
    ...moderate,
    method: 'POST',
    path: '/api/admin/community/questions/:id/unhide',
    summary: 'Shows a hidden question again.',
    request: { params: IdParams, body: ModerationReasonSchema },
    responses: { 200: QuestionActionSchema },
    errors: ['VALIDATION_FAILED', 'NOT_FOUND', 'TRANSITION_REFUSED'],
  }),
  hideAnswer: defineRoute({
    ...moderate,
    method: 'POST',
    path: '/api/admin/community/answers/:id/hide',
    summary: 'Hides an answer from everyone but its author, with the reason they read.',
    request: { params: IdParams, body: ModerationReasonSchema },
    responses: { 200: QuestionActionSchema },
    errors: ['VALIDATION_FAILED', 'NOT_FOUND', 'TRANSITION_REFUSED'],
  }),
  unhideAnswer: defineRoute({
    ...moderate,
    method: 'POST',
    path: '/api/admin/community/answers/:id/unhide',
    summary: 'Shows a hidden answer again.',
    request: { params: IdParams, body: ModerationReasonSchema },
    responses: { 200: QuestionActionSchema },
    errors: ['VALIDATION_FAILED', 'NOT_FOUND', 'TRANSITION_REFUSED'],
  }),
  agentApplications: defineRoute({
    ...review,
    method: 'GET',
    path: '/api/admin/community/agent-applications',
    summary: 'Agent applications, pending first (oldest first), then the others newest first; one page; status approved lists the agents.',
    request: { query: AgentApplicationsQuerySchema },
    responses: { 200: AgentApplicationListSchema },
    errors: ['VALIDATION_FAILED'],
  }),
  approveAgent: defineRoute({
    ...review,
    method: 'POST',
    path: '/api/admin/community/agent-applications/:id/approve',
    decides: { record: 'agentApplication' },
    summary: 'Approves a pending application: the applicant becomes an agent and is emailed.',
    request: { params: IdParams, body: AgentDecisionSchema },
    responses: { 200: MessageSchema },
    errors: ['VALIDATION_FAILED', 'NOT_FOUND', 'TRANSITION_REFUSED'],
  }),
  rejectAgent: defineRoute({
    ...review,
    method: 'POST',
    path: '/api/admin/community/agent-applications/:id/reject',
    decides: { record: 'agentApplication' },
    summary: 'Rejects a pending application with the reason the applicant is emailed.',
    request: { params: IdParams, body: AgentDecisionSchema },
    responses: { 200: MessageSchema },
    errors: ['VALIDATION_FAILED', 'NOT_FOUND', 'TRANSITION_REFUSED'],
  }),
  revokeAgent: defineRoute({
    ...review,
    method: 'POST',
    path: '/api/admin/community/agent-applications/:id/revoke',
    decides: { record: 'agentApplication' },
    summary: 'Removes an agent badge (the approved application becomes revoked), with the reason emailed.',
    request: { params: IdParams, body: AgentDecisionSchema },
    responses: { 200: MessageSchema },
    errors: ['VALIDATION_FAILED', 'NOT_FOUND', 'TRANSITION_REFUSED'],
  }),
} as const;
