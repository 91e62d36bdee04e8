import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
// A foreign key only.
import { users } from '../users/schema';

/**
 * Admin-editable settings, one row per key (`money`: the money settings of the domain package,
 * checked with its schema on every read and write). No row means the defaults apply. `version`
 * goes up by one on every write so caches can tell versions apart without trusting clocks.
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
