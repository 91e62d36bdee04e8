import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Database schema. Each module owns its tables; they are gathered here so one migration history
 * serves both drivers. Migrations are generated from this file (`npm run db:generate -w
 * @landunits/api`) and committed as SQL.
 */

/** Small facts about this installation (e.g. when demo content was seeded). */
export const appState = pgTable('app_state', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
