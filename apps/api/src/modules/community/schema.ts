import { AGENT_APPLICATION_STATUSES, ANSWER_AUTHOR_KINDS, QUESTION_STATUSES } from '@landunits/domain';
import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sqlList } from '../../platform/db/schema/sql-list';
// A foreign key only.
import { users } from '../users/schema';

/**
 * Community questions (PRODUCT-DECISIONS §11). `accepted_answer_id` names one of this question's
 * own answers: a composite foreign key (id, accepted_answer_id) → answers (question_id, id),
 * hand-written at the end of the migration. A moderator hides a question with a reason
 * (hidden_at / hidden_reason): only its author still sees it.
 */
export const communityQuestions = pgTable(
  'community_questions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    body: text('body').notNull(),
    status: text('status', { enum: QUESTION_STATUSES }).notNull().default('open'),
    acceptedAnswerId: bigint('accepted_answer_id', { mode: 'number' }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenReason: text('hidden_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('community_questions_status_created_idx').on(t.status, t.createdAt, t.id),
    index('community_questions_user_created_idx').on(t.userId, t.createdAt, t.id),
    check('community_questions_status_check', sql`${t.status} in (${sqlList(QUESTION_STATUSES)})`),
    check('community_questions_hidden_check', sql`(${t.hiddenAt} is null) = (${t.hiddenReason} is null)`),
  ],
);

/** Answers by community agents ('agent') and admins for the Land Units team ('team'). */
export const communityAnswers = pgTable(
  'community_answers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    questionId: bigint('question_id', { mode: 'number' })
      .notNull()
      .references(() => communityQuestions.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    authorKind: text('author_kind', { enum: ANSWER_AUTHOR_KINDS }).notNull(),
    body: text('body').notNull(),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenReason: text('hidden_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    // The target of the questions' accepted-answer key, and the question page's answers in order.
    uniqueIndex('community_answers_question_id_uq').on(t.questionId, t.id),
    check('community_answers_kind_check', sql`${t.authorKind} in (${sqlList(ANSWER_AUTHOR_KINDS)})`),
    check('community_answers_hidden_check', sql`(${t.hiddenAt} is null) = (${t.hiddenReason} is null)`),
  ],
);

/**
 * Applications to become a community agent. A person is an agent while they have an approved
 * application. At most one pending and one approved application per person (partial unique
 * indexes), so a double submit or a double approval cannot make two.
 */
export const agentApplications = pgTable(
  'community_agent_applications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    experienceAndMotivation: text('experience_and_motivation').notNull(),
    status: text('status', { enum: AGENT_APPLICATION_STATUSES }).notNull().default('pending'),
    decisionReason: text('decision_reason'),
    /** The admin who decided (a plain id, like the audit log). */
    decidedBy: uuid('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('community_agent_applications_one_pending_uq')
      .on(t.userId)
      .where(sql`${t.status} = 'pending'`),
    uniqueIndex('community_agent_applications_one_approved_uq')
      .on(t.userId)
      .where(sql`${t.status} = 'approved'`),
    index('community_agent_applications_status_created_idx').on(t.status, t.createdAt, t.id),
    index('community_agent_applications_user_idx').on(t.userId, t.id),
    check('community_agent_applications_status_check', sql`${t.status} in (${sqlList(AGENT_APPLICATION_STATUSES)})`),
  ],
);
