import { IDEA_STATUSES } from '@landunits/domain';
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sqlList } from '../../platform/db/schema/sql-list';
// Foreign keys only.
import { users } from '../users/schema';

/**
 * Community ideas (decision 0028). `support_count` is kept by the same transaction that inserts or
 * deletes a row of idea_supports (a guarded +1/−1 after an insert that took effect), so it always
 * equals the number of supports; a check keeps it from going below zero.
 */
export const ideas = pgTable(
  'ideas',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull(),
    status: text('status', { enum: IDEA_STATUSES }).notNull().default('new'),
    supportCount: integer('support_count').notNull().default(0),
    reply: text('reply'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    hidden: boolean('hidden').notNull().default(false),
    hiddenReason: text('hidden_reason'),
    isDemo: boolean('is_demo').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ideas_support_idx').on(t.hidden, t.supportCount, t.id),
    index('ideas_created_idx').on(t.hidden, t.createdAt, t.id),
    check('ideas_status_check', sql`${t.status} in (${sqlList(IDEA_STATUSES)})`),
    check('ideas_support_count_check', sql`${t.supportCount} >= 0`),
  ],
);

/** One row per person supporting an idea: the primary key makes a second support impossible. */
export const ideaSupports = pgTable(
  'idea_supports',
  {
    ideaId: bigint('idea_id', { mode: 'number' })
      .notNull()
      .references(() => ideas.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.ideaId, t.userId] }), index('idea_supports_user_idx').on(t.userId)],
);
