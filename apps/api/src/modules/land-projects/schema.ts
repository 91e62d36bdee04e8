import { PROJECT_STATES } from '@landunits/domain';
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, date, index, integer, numeric, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sqlList } from '../../platform/db/schema/sql-list';
// A foreign key only: the image is one of the website's images, named by its content.
import { siteImages } from '../site-content/schema';

/**
 * Land projects (decision 0028). The area is an exact decimal of hectares; the impact figures are
 * whole numbers. The image is an uploaded site image (`image_id`) or, for demo projects, an
 * illustration the web app serves (`image`). At most one running project is the public teaser
 * (a partial unique index).
 */
export const landProjects = pgTable(
  'land_projects',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    location: text('location').notNull(),
    areaHectares: numeric('area_hectares', { precision: 9, scale: 2 }).notNull(),
    description: text('description').notNull(),
    image: text('image'),
    imageId: text('image_id').references(() => siteImages.sha256),
    imageAlt: text('image_alt').notNull().default(''),
    co2Tonnes: integer('co2_tonnes'),
    treesPlanted: integer('trees_planted'),
    hedgerowMetres: integer('hedgerow_metres'),
    state: text('state', { enum: PROJECT_STATES }).notNull().default('open'),
    finishedOn: date('finished_on', { mode: 'string' }),
    isTeaser: boolean('is_teaser').notNull().default(false),
    isDemo: boolean('is_demo').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('land_projects_one_teaser_idx')
      .on(t.isTeaser)
      .where(sql`${t.isTeaser}`),
    index('land_projects_state_idx').on(t.state, t.id),
    check('land_projects_state_check', sql`${t.state} in (${sqlList(PROJECT_STATES)})`),
    check('land_projects_area_positive', sql`${t.areaHectares} > 0`),
    check('land_projects_teaser_running', sql`not ${t.isTeaser} or ${t.state} = 'open'`),
    check('land_projects_figures', sql`coalesce(${t.co2Tonnes}, 0) >= 0 and coalesce(${t.treesPlanted}, 0) >= 0 and coalesce(${t.hedgerowMetres}, 0) >= 0`),
  ],
);

/** Dated status updates of a project: its timeline. */
export const landProjectUpdates = pgTable(
  'land_project_updates',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    projectId: bigint('project_id', { mode: 'number' })
      .notNull()
      .references(() => landProjects.id, { onDelete: 'cascade' }),
    happenedOn: date('happened_on', { mode: 'string' }).notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('land_project_updates_project_idx').on(t.projectId, t.happenedOn, t.id)],
);
