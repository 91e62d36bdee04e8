import { EMAIL_CHANGE_STATUSES } from '@landunits/domain';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sqlList } from '../../platform/db/schema/sql-list';
// A foreign key only: email change reads and writes people through the users module's index.
import { users } from '../users/schema';

export const EMAIL_CHANGE_OUTCOMES = ['Approved', 'Rejected'] as const;

/**
 * Email change requests (SPEC §4 steps, PRODUCT-DECISIONS §9). A request is open until the person
 * cancels it (status CancelledByUser) or an admin decides it (outcome); one open request per person.
 */
export const emailChangeRequests = pgTable(
  'email_change_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: EMAIL_CHANGE_STATUSES }).notNull(),
    /** The address the person asked for (lower-cased). */
    newEmail: text('new_email'),
    /** SHA-256 of the link's token sent to the new address; cleared once used. */
    tokenHash: text('token_hash'),
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }),
    /** The supporting identity document (storage key, encrypted at rest). */
    documentKey: text('document_key'),
    documentName: text('document_name'),
    documentContentType: text('document_content_type'),
    documentSize: integer('document_size'),
    outcome: text('outcome', { enum: EMAIL_CHANGE_OUTCOMES }),
    /** Why an admin rejected it, as the person reads it. */
    rejectionReason: text('rejection_reason'),
    /** What only admins read. */
    internalNote: text('internal_note'),
    decidedBy: uuid('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** The address before the change, kept once approved. */
    oldEmail: text('old_email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('email_change_requests_open_idx')
      .on(t.userId)
      .where(sql`${t.outcome} is null and ${t.status} <> 'CancelledByUser'`),
    uniqueIndex('email_change_requests_token_idx').on(t.tokenHash),
    /** The person's newest request, read on every GET /api/user. */
    index('email_change_requests_user_idx').on(t.userId, t.createdAt.desc()),
    index('email_change_requests_queue_idx')
      .on(t.updatedAt)
      .where(sql`${t.outcome} is null and ${t.status} = 'PendingAdminApproval'`),
    check('email_change_requests_status_check', sql`${t.status} in (${sqlList(EMAIL_CHANGE_STATUSES)})`),
    check('email_change_requests_outcome_check', sql`${t.outcome} is null or ${t.outcome} in (${sqlList(EMAIL_CHANGE_OUTCOMES)})`),
  ],
);
