import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Images uploaded for the website (news articles, team photos), named by the SHA-256 of their
 * stored content: the public address of an image never changes what it shows, so it is cached
 * for a year. Only images listed here are served publicly, never any other stored file.
 */
export const siteImages = pgTable(
  'site_images',
  {
    sha256: text('sha256').primaryKey(),
    /** The object in the file store (kind `site-image`). */
    key: text('key').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('site_images_sha256_format', sql`${t.sha256} ~ '^[a-f0-9]{64}$'`), check('site_images_content_type', sql`${t.contentType} in ('image/png', 'image/jpeg')`)],
);

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
  (t) => [uniqueIndex('news_categories_slug_idx').on(t.slug), check('news_categories_slug_format', sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`)],
);

/**
 * News items (SPEC §3: image, title, desc, link), written by admins. The site shows an item when it
 * is `published` and its `published_at` has come. Its image is an uploaded one (`image_id`) or, for
 * demo items, an illustration the web app serves (`image`, e.g. /media/news/forest.svg). `body` is
 * plain text (paragraphs split by blank lines); `link` is where "Read more" leads when there is no
 * body. `isDemo` marks seeded demo entries.
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
    body: text('body').notNull().default(''),
    image: text('image'),
    imageId: text('image_id').references(() => siteImages.sha256),
    imageAlt: text('image_alt').notNull().default(''),
    link: text('link'),
    status: text('status', { enum: ['draft', 'published'] })
      .notNull()
      .default('published'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    isDemo: boolean('is_demo').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('news_items_status', sql`${t.status} in ('draft', 'published')`),
    check('news_items_published_has_date', sql`${t.status} = 'draft' or ${t.publishedAt} is not null`),
    check('news_items_has_image', sql`${t.image} is not null or ${t.imageId} is not null`),
    // Newest first, with the id breaking ties: the order of /news and of each category.
    index('news_items_published_idx')
      .on(t.publishedAt.desc(), t.id.desc())
      .where(sql`${t.status} = 'published'`),
    index('news_items_category_idx')
      .on(t.categoryId, t.publishedAt.desc(), t.id.desc())
      .where(sql`${t.status} = 'published'`),
    // The admin's list and the "is this category in use" check, drafts included.
    index('news_items_category_all_idx').on(t.categoryId),
  ],
);

/** The people shown at /team, in `position` order. `isDemo` marks seeded demo entries. */
export const teamMembers = pgTable('team_members', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  name: text('name').notNull(),
  role: text('role').notNull(),
  bio: text('bio').notNull().default(''),
  photoId: text('photo_id').references(() => siteImages.sha256),
  position: integer('position').notNull().default(0),
  isDemo: boolean('is_demo').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
