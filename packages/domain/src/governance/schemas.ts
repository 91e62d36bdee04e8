import { z } from 'zod';
import { VOTE_ANSWERS, VOTE_OUTCOMES } from './outcome';
import { QUIZ_ANSWER_STATES, VOTE_STATES } from './states';

/** Messages of votes and quizzes, once (the API answers them, the forms show them). */
export const GOVERNANCE_MESSAGES = {
  questionRequired: 'Write the question people vote on.',
  questionMax: 'The question must be at most 300 characters.',
  detailsMax: 'The details must be at most 5000 characters.',
  closesAtRequired: 'Choose when voting closes.',
  closesAtFuture: 'The closing time must be in the future.',
  closesAtTooFar: 'The closing time must be within a year.',
  answerRequired: 'Choose Yes or No.',
  notHolder: 'You need at least one owned Unit to vote.',
  voteClosed: 'Voting on this question has closed.',
  voteNotFound: 'This vote was not found.',
  voteCast: 'Your vote was saved. You can change it until voting closes.',
  voteCreated: 'The vote is open. Holders are being emailed.',
  voteClosedNow: 'The vote is closed and its result is published.',
  alreadyClosed: 'This vote is already closed.',
  closedSome: (n: number) => (n === 1 ? 'One vote was closed.' : `${n} votes were closed.`),
  titleRequired: 'Write the quiz title.',
  titleMax: 'The title must be at most 200 characters.',
  descriptionMax: 'The description must be at most 2000 characters.',
  questionsMin: 'Add at least one question.',
  questionsMax: 'A quiz has at most 30 questions.',
  questionTextRequired: 'Write the question.',
  questionTextMax: 'A question must be at most 500 characters.',
  optionsMin: 'Give at least two options.',
  optionsMax: 'Give at most 6 options.',
  optionRequired: 'Write the option.',
  optionMax: 'An option must be at most 200 characters.',
  rightOptionRequired: 'Mark the right option.',
  rightOptionRange: 'The right option must be one of the options.',
  quizNotFound: 'This quiz was not found.',
  quizSaved: 'The quiz was saved.',
  quizCreated: 'The quiz was saved as a draft.',
  quizPublished: 'The quiz is published.',
  quizNotDraft: 'A published quiz cannot be changed.',
  quizAlreadySubmitted: 'You have already answered this quiz.',
  answersLength: 'Answer each question of the quiz (or leave it blank).',
  answersNone: 'Answer at least one question.',
  answerOutOfRange: 'Choose one of the options.',
  quizSubmitted: 'Your answers were sent. See which were right below.',
} as const;
const M = GOVERNANCE_MESSAGES;

export const VOTE_FILTERS = ['all', 'needs-my-vote', 'open', 'closed'] as const;
export type VoteFilter = (typeof VOTE_FILTERS)[number];

const IsoDateTime = z.string();
const page = z.coerce.number().int().min(1).max(100_000).default(1);
const pageSize = z.coerce.number().int().min(1).max(50).default(10);

export const VotesQuerySchema = z.object({ filter: z.enum(VOTE_FILTERS).default('all'), page, pageSize }).strict();
export type VotesQuery = z.output<typeof VotesQuerySchema>;

export const AdminVotesQuerySchema = z.object({ page, pageSize: z.coerce.number().int().min(1).max(100).default(25) }).strict();

export const BallotSchema = z.object({ answer: z.enum(VOTE_ANSWERS, { message: M.answerRequired }) }).strict();
export type BallotValues = z.input<typeof BallotSchema>;

const text = (max: number, required: string, tooLong: string) => z.string({ message: required }).trim().min(1, required).max(max, tooLong);

/** A new vote; closesAt is an ISO time (the form sends its local time as UTC). */
export const CreateVoteSchema = z
  .object({
    question: text(300, M.questionRequired, M.questionMax),
    details: z.string().trim().max(5000, M.detailsMax).default(''),
    closesAt: z
      .string({ message: M.closesAtRequired })
      .min(1, M.closesAtRequired)
      .max(40, M.closesAtRequired)
      .refine((s) => !Number.isNaN(Date.parse(s)), M.closesAtRequired),
  })
  .strict();
export type CreateVoteValues = z.input<typeof CreateVoteSchema>;

export const VoteResultSchema = z.object({
  yes: z.number().int(),
  no: z.number().int(),
  voters: z.number().int(),
  /** Holders of at least one owned Unit at close, and everyone who voted. */
  eligible: z.number().int(),
  /** Exact decimals with two places ("66.67"), null when nobody voted. */
  yesPercentage: z.string().nullable(),
  noPercentage: z.string().nullable(),
  turnoutPercentage: z.string().nullable(),
  outcome: z.enum(VOTE_OUTCOMES),
});
export type VoteResult = z.output<typeof VoteResultSchema>;

export const VoteViewSchema = z.object({
  id: z.number().int(),
  question: z.string(),
  details: z.string(),
  closesAt: IsoDateTime,
  closedAt: IsoDateTime.nullable(),
  state: z.enum(VOTE_STATES),
  myAnswer: z.enum(VOTE_ANSWERS).nullable(),
  /** Holds at least one owned Unit now (only holders may vote). */
  canVote: z.boolean(),
  /** Published once the vote is closed; never before (shielded voting). */
  result: VoteResultSchema.nullable(),
});
export type VoteView = z.output<typeof VoteViewSchema>;

export const VotesPageSchema = z.object({ votes: z.array(VoteViewSchema), canVote: z.boolean(), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
export type VotesPage = z.output<typeof VotesPageSchema>;

export const NeedsMyVoteCountSchema = z.object({ count: z.number().int() });

export const BallotAnswerSchema = z.object({ message: z.string(), vote: VoteViewSchema });

export const AdminVoteSchema = z.object({
  id: z.number().int(),
  question: z.string(),
  details: z.string(),
  closesAt: IsoDateTime,
  closedAt: IsoDateTime.nullable(),
  createdAt: IsoDateTime,
  open: z.boolean(),
  /** How many have voted: the only figure shown before close. */
  voters: z.number().int(),
  result: VoteResultSchema.nullable(),
});
export type AdminVote = z.output<typeof AdminVoteSchema>;
export const AdminVotesPageSchema = z.object({ votes: z.array(AdminVoteSchema), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
export type AdminVotesPage = z.output<typeof AdminVotesPageSchema>;
export const AdminVoteAnswerSchema = z.object({ message: z.string(), vote: AdminVoteSchema });
export const CloseVotingAnswerSchema = z.object({ message: z.string(), closed: z.number().int() });

/* ---------------- quizzes ---------------- */

export const QuizQuestionInputSchema = z
  .object({
    text: text(500, M.questionTextRequired, M.questionTextMax),
    options: z
      .array(text(200, M.optionRequired, M.optionMax))
      .min(2, M.optionsMin)
      .max(6, M.optionsMax),
    rightOption: z.number({ message: M.rightOptionRequired }).int(M.rightOptionRange).min(0, M.rightOptionRange),
  })
  .strict()
  .refine((q) => q.rightOption < q.options.length, { message: M.rightOptionRange, path: ['rightOption'] });
export type QuizQuestionInput = z.output<typeof QuizQuestionInputSchema>;

export const QuizInputSchema = z
  .object({
    title: text(200, M.titleRequired, M.titleMax),
    description: z.string().trim().max(2000, M.descriptionMax).default(''),
    questions: z.array(QuizQuestionInputSchema).min(1, M.questionsMin).max(30, M.questionsMax),
  })
  .strict();
export type QuizInputValues = z.input<typeof QuizInputSchema>;
export type QuizInput = z.output<typeof QuizInputSchema>;

/** One answer per question: the chosen option's index, or null to leave it blank. */
export const QuizSubmissionSchema = z
  .object({ answers: z.array(z.number().int().min(0, M.answerOutOfRange).max(5, M.answerOutOfRange).nullable()).min(1, M.answersLength).max(30, M.answersLength) })
  .strict()
  .refine((s) => s.answers.some((a) => a !== null), { message: M.answersNone, path: ['answers'] });
export type QuizSubmissionValues = z.input<typeof QuizSubmissionSchema>;

export const QuizStateSchema = z.enum(['answer_not_submitted', 'all_right_answer_submitted', 'all_right_answer_not_given']);

export const QuizSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  questionCount: z.number().int(),
  publishedAt: IsoDateTime.nullable(),
  state: QuizStateSchema,
  /** After submitting: how many answers were right. */
  rightCount: z.number().int().nullable(),
});
export type QuizSummary = z.output<typeof QuizSummarySchema>;
export const QuizzesPageSchema = z.object({ quizzes: z.array(QuizSummarySchema) });

export const QuizQuestionViewSchema = z.object({
  text: z.string(),
  options: z.array(z.string()),
  /** Only after the person submitted: their choice, its state, the right option and whether they were right. */
  chosen: z.number().int().nullable(),
  answerState: z.enum(QUIZ_ANSWER_STATES),
  rightOption: z.number().int().nullable(),
  right: z.boolean().nullable(),
});
export type QuizQuestionView = z.output<typeof QuizQuestionViewSchema>;
export const QuizViewSchema = QuizSummarySchema.extend({ questions: z.array(QuizQuestionViewSchema), submittedAt: IsoDateTime.nullable() });
export type QuizView = z.output<typeof QuizViewSchema>;
export const QuizSubmitAnswerSchema = z.object({ message: z.string(), quiz: QuizViewSchema });

export const QUIZ_STATUSES = ['draft', 'published'] as const;
export const AdminQuizSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  status: z.enum(QUIZ_STATUSES),
  questions: z.array(z.object({ text: z.string(), options: z.array(z.string()), rightOption: z.number().int() })),
  createdAt: IsoDateTime,
  publishedAt: IsoDateTime.nullable(),
  submissions: z.number().int(),
  allRight: z.number().int(),
});
export type AdminQuiz = z.output<typeof AdminQuizSchema>;
export const AdminQuizzesPageSchema = z.object({ quizzes: z.array(AdminQuizSchema) });
export type AdminQuizzesPage = z.output<typeof AdminQuizzesPageSchema>;
export const AdminQuizAnswerSchema = z.object({ message: z.string(), quiz: AdminQuizSchema });
