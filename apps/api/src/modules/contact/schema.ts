import { CONTACT_MESSAGE_STATUSES } from '@landunits/domain/contracts';
import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sqlList } from '../../platform/db/schema/sql-list';
// A foreign key only.
import { users } from '../users/schema';

/**
 * Messages sent with the contact form, kept and emailed to the support address. Admins answer
 * them (status new → answered, by a reply emailed to the sender) and close them.
 */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    /** The signed-in user who sent it, if any. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: CONTACT_MESSAGE_STATUSES }).notNull().default('new'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The last change of status (a reply, closing, reopening). */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('contact_messages_created_idx').on(t.createdAt),
    // The admins' inbox by status, and the home's count of new messages with the oldest one.
    index('contact_messages_status_created_idx').on(t.status, t.createdAt, t.id),
    check('contact_messages_status_check', sql`${t.status} in (${sqlList(CONTACT_MESSAGE_STATUSES)})`),
  ],
);

/** Every reply an admin emailed to a message's sender: who, when and what. */
export const contactReplies = pgTable(
  'contact_replies',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    messageId: bigint('message_id', { mode: 'number' })
      .notNull()
      .references(() => contactMessages.id, { onDelete: 'cascade' }),
    /** The admin who wrote it: a plain id (like the audit log), so the reply outlives the account. */
    adminUserId: uuid('admin_user_id').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('contact_replies_message_idx').on(t.messageId, t.id)],
);
