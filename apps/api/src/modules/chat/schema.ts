import { CHAT_SIDES, CHAT_STATUSES } from '@landunits/domain';
import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sqlList } from '../../platform/db/schema/sql-list';
// Foreign keys only.
import { users } from '../users/schema';

/**
 * The live sales chat (decision 0029). A conversation belongs to a signed-in person (user_id) or
 * to a visitor (name, email, consent, and the SHA-256 of the token in their `chat_visitor`
 * cookie); at most one is open per person and per visitor token (partial unique indexes). The
 * read marks are message ids: each side has read everything up to its mark. `emailed_up_to_id`
 * is the last agent message the unseen-reply email covered.
 */
export const chatConversations = pgTable(
  'chat_conversations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    visitorName: text('visitor_name'),
    visitorEmail: text('visitor_email'),
    consentAt: timestamp('consent_at', { withTimezone: true }),
    visitorTokenHash: text('visitor_token_hash'),
    /** The emailed resume link's token (SHA-256), good until resume_expires_at, used once. */
    resumeTokenHash: text('resume_token_hash'),
    resumeExpiresAt: timestamp('resume_expires_at', { withTimezone: true }),
    status: text('status', { enum: CHAT_STATUSES }).notNull().default('open'),
    assignedAdminId: uuid('assigned_admin_id').references(() => users.id, { onDelete: 'set null' }),
    customerLastReadId: bigint('customer_last_read_id', { mode: 'number' }).notNull().default(0),
    agentLastReadId: bigint('agent_last_read_id', { mode: 'number' }).notNull().default(0),
    emailedUpToId: bigint('emailed_up_to_id', { mode: 'number' }).notNull().default(0),
    /** The oldest customer message not answered yet; null when the agents spoke last. */
    waitingSince: timestamp('waiting_since', { withTimezone: true }),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('chat_conversations_open_user_key')
      .on(t.userId)
      .where(sql`${t.status} = 'open' and ${t.userId} is not null`),
    uniqueIndex('chat_conversations_open_visitor_key')
      .on(t.visitorTokenHash)
      .where(sql`${t.status} = 'open' and ${t.visitorTokenHash} is not null`),
    uniqueIndex('chat_conversations_resume_key').on(t.resumeTokenHash),
    index('chat_conversations_user_idx').on(t.userId, t.id),
    index('chat_conversations_inbox_idx').on(t.status, t.waitingSince, t.id),
    check('chat_conversations_status_check', sql`${t.status} in (${sqlList(CHAT_STATUSES)})`),
    check('chat_conversations_owner_check', sql`(${t.userId} is not null) or (${t.visitorTokenHash} is not null and ${t.visitorEmail} is not null and ${t.consentAt} is not null)`),
  ],
);

/** Messages: text only, ids increasing (the streams' event ids); a client's id once per conversation. */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    conversationId: bigint('conversation_id', { mode: 'number' })
      .notNull()
      .references(() => chatConversations.id, { onDelete: 'cascade' }),
    from: text('from', { enum: CHAT_SIDES }).notNull(),
    authorAdminId: uuid('author_admin_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    clientId: uuid('client_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('chat_messages_conversation_idx').on(t.conversationId, t.id),
    uniqueIndex('chat_messages_client_key').on(t.conversationId, t.clientId),
    check('chat_messages_from_check', sql`${t.from} in (${sqlList(CHAT_SIDES)})`),
  ],
);

export const chatCannedReplies = pgTable('chat_canned_replies', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  title: text('title').notNull(),
  body: text('body').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
