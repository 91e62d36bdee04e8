import { z } from 'zod';

/**
 * Community questions and answers, and community agents (PRODUCT-DECISIONS §11, decision 0026):
 * any signed-in person asks; community agents and the Land Units team answer; the asker (or an
 * admin) closes a question and may mark one answer accepted; the asker reopens it. The schemas
 * here are what the API parses and what the forms check as people type.
 */

export const QUESTION_VIEWS = ['All', 'Own', 'Open', 'Closed'] as const;
export type QuestionView = (typeof QUESTION_VIEWS)[number];
export const QUESTION_VIEW_LABELS: Readonly<Record<QuestionView, string>> = {
  All: 'All questions',
  Own: 'Your questions',
  Open: 'Open',
  Closed: 'Closed',
};

export const QUESTION_STATUSES = ['open', 'closed'] as const;
export type QuestionStatus = (typeof QUESTION_STATUSES)[number];
export const QUESTION_STATUS_LABELS: Readonly<Record<QuestionStatus, string>> = { open: 'Open', closed: 'Closed' };

/** Who wrote an answer: a community agent, or an admin for the Land Units team. */
export const ANSWER_AUTHOR_KINDS = ['agent', 'team'] as const;
export type AnswerAuthorKind = (typeof ANSWER_AUTHOR_KINDS)[number];
export const ANSWER_AUTHOR_BADGES: Readonly<Record<AnswerAuthorKind, string>> = { agent: 'Community agent', team: 'Land Units team' };

export const COMMUNITY_LIMITS = {
  title: 150,
  body: 5000,
  answer: 5000,
  reason: 1000,
  experience: 3000,
  moderationReason: 500,
  decisionReason: 1000,
} as const;
const L = COMMUNITY_LIMITS;

export const COMMUNITY_MESSAGES = {
  titleRequired: 'Write a short title for your question.',
  titleShort: 'The title must be at least 5 characters.',
  titleMax: `The title must be at most ${L.title} characters.`,
  bodyRequired: 'Describe your question so others can answer it.',
  bodyMax: `The question must be at most ${L.body.toLocaleString('en-US')} characters.`,
  answerRequired: 'Write your answer.',
  answerMax: `The answer must be at most ${L.answer.toLocaleString('en-US')} characters.`,
  reasonRequired: 'Tell us why you want to become a community agent.',
  reasonMax: `The reason must be at most ${L.reason.toLocaleString('en-US')} characters.`,
  experienceRequired: 'Describe your experience and motivation.',
  experienceMax: `Experience and motivation must be at most ${L.experience.toLocaleString('en-US')} characters.`,
  moderationReasonRequired: 'Give the reason the author will read.',
  moderationReasonMax: `The reason must be at most ${L.moderationReason} characters.`,
  decisionReasonRequired: 'Give the reason the applicant will read.',
  decisionReasonMax: `The reason must be at most ${L.decisionReason.toLocaleString('en-US')} characters.`,
  questionIdInvalid: 'This question was not found.',
  answerIdInvalid: 'This answer was not found.',
  asked: 'Your question was published.',
  answered: 'Your answer was published.',
  closed: 'The question was closed.',
  reopened: 'The question was reopened.',
  applied: 'Your application was sent. An admin will decide it soon.',
  questionNotFound: 'This question was not found.',
  answerNotFound: 'This answer was not found.',
  applicationNotFound: 'This application was not found.',
  cannotAnswer: 'Only community agents and the Land Units team can answer questions.',
  notAsker: 'Only the person who asked this question can do this.',
  questionClosed: 'This question is closed. It can no longer be answered.',
  alreadyClosed: 'This question is already closed.',
  notClosed: 'Only a closed question can be reopened.',
  acceptedNotOfQuestion: 'The accepted answer must be an answer to this question.',
  questionHidden: 'This question was hidden by a moderator.',
  applicationPending: 'You already have an application waiting for a decision.',
  alreadyAgent: 'You are already a community agent.',
  applicationDecided: 'This application was already decided.',
  notAnAgent: 'This person is not a community agent.',
  approved: 'The applicant is now a community agent and was emailed the decision.',
  rejected: 'The application was rejected and the applicant was emailed the reason.',
  revoked: 'The agent badge was removed and the person was emailed the reason.',
  hidden: 'Hidden. Only its author still sees it, with your reason.',
  unhidden: 'Shown again to everyone.',
  alreadyHidden: 'This is already hidden.',
  notHidden: 'This is not hidden.',
} as const;
const M = COMMUNITY_MESSAGES;

const requiredText = (required: string, max: number, tooLong: string) => z.string({ message: required }).trim().min(1, required).max(max, tooLong);

/** An id from a request body: a positive whole number (anything else names nothing). */
const idOf = (message: string) => z.coerce.number({ message }).int(message).min(1, message).max(Number.MAX_SAFE_INTEGER, message);

export const CreateQuestionSchema = z
  .object({
    title: requiredText(M.titleRequired, L.title, M.titleMax).pipe(z.string().min(5, M.titleShort)),
    body: requiredText(M.bodyRequired, L.body, M.bodyMax),
  })
  .strict();
export type CreateQuestionValues = z.input<typeof CreateQuestionSchema>;

export const AnswerTextSchema = requiredText(M.answerRequired, L.answer, M.answerMax);

export const AnswerQuestionSchema = z.object({ questionId: idOf(M.questionIdInvalid), answerText: AnswerTextSchema }).strict();
export type AnswerQuestionValues = z.input<typeof AnswerQuestionSchema>;

export const CloseQuestionSchema = z.object({ questionId: idOf(M.questionIdInvalid), acceptedAnswerId: idOf(M.answerIdInvalid).nullable().optional() }).strict();
export type CloseQuestionValues = z.input<typeof CloseQuestionSchema>;

export const ReopenQuestionSchema = z.object({ questionId: idOf(M.questionIdInvalid) }).strict();

export const BecomeAgentSchema = z
  .object({
    reason: requiredText(M.reasonRequired, L.reason, M.reasonMax),
    experienceAndMotivation: requiredText(M.experienceRequired, L.experience, M.experienceMax),
  })
  .strict();
export type BecomeAgentValues = z.input<typeof BecomeAgentSchema>;

/** A moderator's reason to hide (or show again) a question or an answer. */
export const ModerationReasonSchema = z.object({ reason: requiredText(M.moderationReasonRequired, L.moderationReason, M.moderationReasonMax) }).strict();
export type ModerationReasonValues = z.input<typeof ModerationReasonSchema>;

/** An admin's answer for the Land Units team. */
export const TeamAnswerSchema = z.object({ answerText: AnswerTextSchema }).strict();
export type TeamAnswerValues = z.input<typeof TeamAnswerSchema>;

export const AdminCloseQuestionSchema = z.object({ acceptedAnswerId: idOf(M.answerIdInvalid).nullable().optional() }).strict();

/** The reason of an agent decision, emailed to the applicant. */
export const AgentDecisionSchema = z.object({ reason: requiredText(M.decisionReasonRequired, L.decisionReason, M.decisionReasonMax) }).strict();
export type AgentDecisionValues = z.input<typeof AgentDecisionSchema>;
