import { bigserial, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Newsletter subscriptions, double opt-in: a row is created unconfirmed with the hash of the
 * emailed token; following the link confirms it. The token expires; subscribing again replaces it.
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('newsletter_subscribers_email_idx').on(t.email),
    uniqueIndex('newsletter_subscribers_token_idx').on(t.tokenHash),
  ],
);
