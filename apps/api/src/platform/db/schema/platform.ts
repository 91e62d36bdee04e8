import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { EmailAttachment } from '../../mail/layout';

/** Small facts about this installation (e.g. when demo content was seeded). */
export const appState = pgTable('app_state', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Side effects written in the same transaction as the change that causes them and carried out by
 * the job runner, each once. A runner claims a row with a lease (decision 0033): `claim_token` names
 * the claim and `leased_until` is when another instance may take the row over (also written to
 * `next_attempt_at`, so an expired lease makes the row due again).
 */
export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull(),
    status: text('status', { enum: ['pending', 'done', 'failed', 'discarded'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    doneAt: timestamp('done_at', { withTimezone: true }),
    claimToken: text('claim_token'),
    leasedUntil: timestamp('leased_until', { withTimezone: true }),
  },
  (t) => [
    index('outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    // The queue by kind as /metrics reads it: only the rows not done (done ones are most of the table).
    index('outbox_open_kind_idx')
      .on(t.kind)
      .where(sql`${t.status} <> 'done'`),
    // The emails sent to an address, newest first (an admin's view of a person: platform/mail/history.ts).
    index('outbox_email_to_idx')
      .on(sql`lower(${t.payload} ->> 'to')`, t.id.desc())
      .where(sql`${t.kind} = 'email'`),
  ],
);

/** Emails kept for reading at /dev/mail when no SMTP server is configured (never in production). */
export const devMail = pgTable(
  'dev_mail',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    /** The files sent with it (EmailAttachment: filename, contentType, contentBase64). */
    attachments: jsonb('attachments').$type<EmailAttachment[]>().notNull().default([]),
    /** The Message-ID it was sent with (stable per outbox row: a repeated send has the same one). */
    messageId: text('message_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('dev_mail_created_idx').on(t.createdAt)],
);

/** Fixed-window counters for rate limits, shared by every instance. */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);

/**
 * Idempotency keys of money-moving requests: inserted first, in the same transaction as the
 * effect, with the answer stored for replays (see platform/http/idempotency.ts).
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    fingerprint: text('fingerprint').notNull(),
    status: integer('status'),
    /** The answer's JSON text as first sent (text, not jsonb, so a replay keeps its key order). */
    response: text('response'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);
