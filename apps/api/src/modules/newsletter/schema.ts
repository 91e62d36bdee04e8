import { bigserial, boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
// A foreign key only: the newsletter module reads people through the users module's index.
import { users } from '../users/schema';

/**
 * Newsletter subscriptions, double opt-in: a row is created unconfirmed with the hash of the
 * emailed token; following the link confirms it. The token expires; subscribing again replaces it.
 * Leaving keeps the row with `unsubscribed_at` (the admins' list shows who left, and when);
 * subscribing again starts a new double opt-in. Status: unsubscribed when `unsubscribed_at` is
 * set, else confirmed when `confirmed_at` is set, else pending.
 */
export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Lower-cased, trimmed. */
    email: text('email').notNull(),
    tokenHash: text('token_hash'),
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('newsletter_subscribers_email_idx').on(t.email),
    uniqueIndex('newsletter_subscribers_token_idx').on(t.tokenHash),
    // The admins' list, by date.
    index('newsletter_subscribers_created_idx').on(t.createdAt, t.id),
  ],
);

/**
 * Which optional email categories a person receives (PRODUCT-DECISIONS §9); no row means all on.
 * The newsletter itself is a newsletter_subscribers row for the account's address.
 */
export const emailPreferences = pgTable('email_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  productNews: boolean('product_news').notNull().default(true),
  governance: boolean('governance').notNull().default(true),
  community: boolean('community').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});
