import { IN_APP_CATEGORIES, NOTIFICATION_CATEGORIES } from '@landunits/domain';
import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sqlList } from '../../platform/db/schema/sql-list';
// A foreign key only.
import { users } from '../users/schema';

/**
 * The in-app notification centre (decision 0030): one row per notification of a person, plain text
 * with an in-app link; read once `read_at` is set. Paged newest first by id; the partial index
 * answers the bell's unread count.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    category: text('category', { enum: NOTIFICATION_CATEGORIES }).notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    link: text('link').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.id.desc()),
    index('notifications_unread_idx')
      .on(t.userId, t.id.desc())
      .where(sql`${t.readAt} is null`),
    check('notifications_category_check', sql`${t.category} in (${sqlList(IN_APP_CATEGORIES)})`),
  ],
);

/**
 * Which categories a person sees in the notification centre; no row means all on. The optional
 * emails' switches stay in the newsletter module's email_preferences (one source of truth).
 */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  orders: boolean('orders').notNull().default(true),
  security: boolean('security').notNull().default(true),
  community: boolean('community').notNull().default(true),
  governance: boolean('governance').notNull().default(true),
  chat: boolean('chat').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});
