import { DOCUMENT_SLOTS } from '@landunits/domain';
import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sqlList } from '../../platform/db/schema/sql-list';
// A foreign key only: verification reads and writes people through the users module's index.
import { users } from '../users/schema';

/**
 * Profile (KYC/KYB) and bank verification (PRODUCT-DECISIONS §8). The status of each lives on the
 * user (users.profile_verification_status, users.bank_verification_status: selling, limits and the
 * dashboard read it there); the details, documents and history live here.
 */

/** The profile form as last saved (validated by profileFormSchema), one row per person. */
export const profileVerifications = pgTable('profile_verifications', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  details: jsonb('details').notNull(),
  /** The passport's expiry (USER), kept apart for the daily expiry job. */
  passportExpiryDate: date('passport_expiry_date', { mode: 'string' }),
  /** When the 30-day and 7-day expiry warnings went out for this expiry date. */
  expiryWarned30At: timestamp('expiry_warned_30_at', { withTimezone: true }),
  expiryWarned7At: timestamp('expiry_warned_7_at', { withTimezone: true }),
  submittedAt: timestamp('submitted_at', { withTimezone: true }),
  decidedAt: timestamp('decided_at', { withTimezone: true }),
  /** The last rejection's reason as the person reads it; cleared on the next submission. */
  rejectionReason: text('rejection_reason'),
  /** The document an admin asked to upload again, until it is. */
  reuploadSlot: text('reupload_slot', { enum: DOCUMENT_SLOTS }),
  reuploadReason: text('reupload_reason'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/** The bank form as last saved (validated by bankFormSchema), one row per person. */
export const bankVerifications = pgTable('bank_verifications', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  details: jsonb('details').notNull(),
  /** New sells are refused until then: bank details changed less than 48 hours ago. */
  sellHoldUntil: timestamp('sell_hold_until', { withTimezone: true }),
  submittedAt: timestamp('submitted_at', { withTimezone: true }),
  decidedAt: timestamp('decided_at', { withTimezone: true }),
  rejectionReason: text('rejection_reason'),
  reuploadSlot: text('reupload_slot', { enum: DOCUMENT_SLOTS }),
  reuploadReason: text('reupload_reason'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/**
 * Every document uploaded for a verification. The current one of a slot has no superseded_at;
 * replaced ones are kept for the admin's history.
 */
export const verificationDocuments = pgTable(
  'verification_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    slot: text('slot', { enum: DOCUMENT_SLOTS }).notNull(),
    /** The storage key (server-made). */
    fileKey: text('file_key').notNull(),
    /** The name the person's device gave the file; for display only. */
    filename: text('filename').notNull(),
    /** The type judged from the content: application/pdf, image/jpeg or image/png. */
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull(),
    supersededAt: timestamp('superseded_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('verification_documents_current_idx')
      .on(t.userId, t.slot)
      .where(sql`${t.supersededAt} is null`),
    check('verification_documents_slot_check', sql`${t.slot} in (${sqlList(DOCUMENT_SLOTS)})`),
  ],
);

export const VERIFICATION_KINDS = ['profile', 'bank'] as const;
export const VERIFICATION_EVENT_ACTIONS = ['saved', 'submitted', 'withdrawn', 'approved', 'rejected', 'reuploadRequested', 'expired', 'reopened'] as const;

/** The history of each verification: submissions, withdrawals and every decision. */
export const verificationEvents = pgTable(
  'verification_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    verification: text('verification', { enum: VERIFICATION_KINDS }).notNull(),
    action: text('action', { enum: VERIFICATION_EVENT_ACTIONS }).notNull(),
    /** The admin who decided; null for the person's own steps and the daily job. */
    actorUserId: uuid('actor_user_id'),
    /** What the person reads (a rejection's reason, a re-upload request). */
    reason: text('reason'),
    /** What only admins read. */
    internalNote: text('internal_note'),
    documentSlot: text('document_slot', { enum: DOCUMENT_SLOTS }),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('verification_events_user_idx').on(t.userId, t.verification, t.at.desc()),
    check('verification_events_kind_check', sql`${t.verification} in (${sqlList(VERIFICATION_KINDS)})`),
    check('verification_events_action_check', sql`${t.action} in (${sqlList(VERIFICATION_EVENT_ACTIONS)})`),
  ],
);
