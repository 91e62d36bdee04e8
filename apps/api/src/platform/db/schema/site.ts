import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';

/** News categories (SPEC §3: name, slug), listed at /news/category/{slug}. */
export const newsCategories = pgTable(
  'news_categories',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('news_categories_slug_idx').on(t.slug),
    check('news_categories_slug_format', sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
  ],
);

/**
 * News items (SPEC §3: image, title, desc, link). `image` is a path the product serves itself
 * (e.g. /media/news/forest.svg); `link` is where "Read more" leads (an article elsewhere or a page
 * of this site). `isDemo` marks seeded demo entries.
 */
export const newsItems = pgTable(
  'news_items',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => newsCategories.id),
    title: text('title').notNull(),
    description: text('description').notNull(),
    image: text('image').notNull(),
    imageAlt: text('image_alt').notNull().default(''),
    link: text('link').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    isDemo: boolean('is_demo').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Newest first, with the id breaking ties: the order of /news and of each category.
    index('news_items_published_idx').on(t.publishedAt.desc(), t.id.desc()),
    index('news_items_category_idx').on(t.categoryId, t.publishedAt.desc(), t.id.desc()),
  ],
);

/** The people shown at /team, in `position` order. `isDemo` marks seeded demo entries. */
export const teamMembers = pgTable('team_members', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  name: text('name').notNull(),
  role: text('role').notNull(),
  bio: text('bio').notNull().default(''),
  position: integer('position').notNull().default(0),
  isDemo: boolean('is_demo').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

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

/** Messages sent with the contact form, kept and emailed to the support address. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    /** The signed-in user who sent it, if any. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('contact_messages_created_idx').on(t.createdAt)],
);
