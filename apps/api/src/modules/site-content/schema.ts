import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

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
