import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
// Foreign keys only.
import { users } from '../users/schema';

/**
 * Votes (decision 0027): a question an admin publishes with a closing time. The result columns
 * stay null until the vote is closed; closing is one guarded update (`closed_at is null`), so the
 * outcome is fixed once.
 */
export const votes = pgTable(
  'votes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    question: text('question').notNull(),
    details: text('details').notNull().default(''),
    closesAt: timestamp('closes_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** The admin who opened it: a plain id, like the audit log. */
    createdBy: uuid('created_by').notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    yesCount: integer('yes_count'),
    noCount: integer('no_count'),
    /** Holders of an owned Unit at close, plus everyone who voted. */
    eligibleCount: integer('eligible_count'),
    /** voteResultYesPercentage: exact, two decimals; null when nobody voted. */
    yesPercentage: numeric('yes_percentage', { precision: 5, scale: 2 }),
    outcome: text('outcome'),
  },
  (t) => [
    index('votes_open_closes_at_idx')
      .on(t.closesAt)
      .where(sql`${t.closedAt} is null`),
    index('votes_closes_at_idx').on(t.closesAt, t.id),
    check('votes_outcome_check', sql`${t.outcome} is null or ${t.outcome} in ('Yes', 'No', 'Not Decided')`),
    check('votes_closed_result_check', sql`(${t.closedAt} is null) = (${t.outcome} is null)`),
  ],
);

/** One ballot per person and vote (the primary key), changed in place until the vote closes. */
export const voteBallots = pgTable(
  'vote_ballots',
  {
    voteId: bigint('vote_id', { mode: 'number' })
      .notNull()
      .references(() => votes.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    answer: text('answer').notNull(),
    castAt: timestamp('cast_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ name: 'vote_ballots_pkey', columns: [t.voteId, t.userId] }), index('vote_ballots_user_idx').on(t.userId), check('vote_ballots_answer_check', sql`${t.answer} in ('y', 'n')`)],
);

/** A stored quiz question: its text, options and the index of the right option. */
export interface StoredQuizQuestion {
  text: string;
  options: string[];
  rightOption: number;
}

/** Quizzes: written as drafts, frozen once published (submissions refer to question positions). */
export const quizzes = pgTable(
  'quizzes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    questions: jsonb('questions').$type<StoredQuizQuestion[]>().notNull(),
    status: text('status').notNull().default('draft'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
  },
  (t) => [index('quizzes_status_published_idx').on(t.status, t.publishedAt), check('quizzes_status_check', sql`${t.status} in ('draft', 'published')`)],
);

/** One submission per person and quiz (the primary key): the chosen option per question, marked. */
export const quizSubmissions = pgTable(
  'quiz_submissions',
  {
    quizId: bigint('quiz_id', { mode: 'number' })
      .notNull()
      .references(() => quizzes.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    answers: jsonb('answers').$type<(number | null)[]>().notNull(),
    rightCount: integer('right_count').notNull(),
    questionCount: integer('question_count').notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ name: 'quiz_submissions_pkey', columns: [t.quizId, t.userId] }), index('quiz_submissions_user_idx').on(t.userId)],
);
