import { SETTING_CHANGE_KEYS, SETTING_REQUEST_STATUSES } from '@landunits/domain';
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sqlList } from '../../platform/db/schema/sql-list';
// A foreign key only.
import { users } from '../users/schema';

/**
 * Admin-editable settings, one row per key (`money`: the money settings of the domain package,
 * checked with its schema on every read and write, with the price terms of the day before a price
 * change under `earlierPrices`; `payment-details`: the bank account, wallets and company details).
 * No row means the defaults apply. `version` goes up by one on every write so caches can tell
 * versions apart without trusting clocks.
 */
export const settings = pgTable(
  'settings',
  {
    key: text('key').primaryKey(),
    value: jsonb('value').notNull(),
    version: integer('version').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [check('settings_version_check', sql`${t.version} > 0`)],
);

/**
 * Four-eyes changes of a settings section (decision 0019). A request is made on the section's
 * `base_version` with the value before and the value proposed; a second admin approves it (the
 * value is written in the same transaction) or rejects it, or its proposer withdraws it; approving
 * one supersedes the others pending on the same key. The proposer and decider are plain ids, like
 * the audit log's actors, so "nobody approves their own" holds whatever happens to the accounts.
 */
export const settingChangeRequests = pgTable(
  'setting_change_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    key: text('key', { enum: SETTING_CHANGE_KEYS }).notNull(),
    status: text('status', { enum: SETTING_REQUEST_STATUSES }).notNull().default('Pending'),
    baseVersion: integer('base_version').notNull(),
    before: jsonb('before').notNull(),
    after: jsonb('after').notNull(),
    /** Why the proposer wants it. */
    reason: text('reason').notNull(),
    proposedBy: uuid('proposed_by').notNull(),
    proposedAt: timestamp('proposed_at', { withTimezone: true }).notNull(),
    decidedBy: uuid('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** Why it was rejected. */
    decisionReason: text('decision_reason'),
    /** The approved request that made this one obsolete. */
    supersededBy: uuid('superseded_by'),
    /** Money: the first UTC day of the approved price terms (YYYY-MM-DD), when they changed. */
    pricesFrom: text('prices_from'),
  },
  (t) => [
    index('setting_change_requests_pending_idx')
      .on(t.key, t.proposedAt)
      .where(sql`${t.status} = 'Pending'`),
    index('setting_change_requests_history_idx')
      .on(t.key, t.decidedAt.desc())
      .where(sql`${t.status} <> 'Pending'`),
    check('setting_change_requests_key_check', sql`${t.key} in (${sqlList(SETTING_CHANGE_KEYS)})`),
    check('setting_change_requests_status_check', sql`${t.status} in (${sqlList(SETTING_REQUEST_STATUSES)})`),
    check('setting_change_requests_decided_check', sql`(${t.status} = 'Pending') = (${t.decidedAt} is null)`),
  ],
);
