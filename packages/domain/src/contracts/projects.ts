import { z } from 'zod';
import { PROJECT_STATES, ProjectInputSchema, ProjectsQuerySchema, ProjectUpdateInputSchema } from '../projects/projects';
import { defineRoute, IsoDateTime, MessageSchema } from './contract';

/** Land projects (PRODUCT-DECISIONS §11, decision 0028): read by people, one teaser for visitors, written by admins (content.manage). */

export const PROJECTS_API = {
  projects: '/api/community/projects',
  teaser: '/api/site/project-teaser',
  admin: '/api/admin/projects',
  adminOne: '/api/admin/projects/:id',
  adminFinish: '/api/admin/projects/:id/finish',
  adminReopen: '/api/admin/projects/:id/reopen',
  adminTeaser: '/api/admin/projects/:id/teaser',
  adminUpdates: '/api/admin/projects/:id/updates',
  adminUpdate: '/api/admin/projects/:id/updates/:updateId',
} as const;

const FiguresSchema = z.object({ co2Tonnes: z.number().int().nullable(), treesPlanted: z.number().int().nullable(), hedgerowMetres: z.number().int().nullable() });

export const ProjectUpdateViewSchema = z.object({ id: z.number().int(), date: z.string(), text: z.string() });
export type ProjectUpdateView = z.output<typeof ProjectUpdateViewSchema>;

export const ProjectViewSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  location: z.string(),
  /** Exact decimal string, e.g. "40.00". */
  areaHectares: z.string(),
  description: z.string(),
  /** The image's address and its description, when the project has one. */
  image: z.object({ url: z.string(), alt: z.string(), imageId: z.string().nullable() }).nullable(),
  impact: FiguresSchema,
  state: z.enum(PROJECT_STATES),
  /** The day it was marked finished (YYYY-MM-DD). */
  finishedOn: z.string().nullable(),
  isTeaser: z.boolean(),
  isDemo: z.boolean(),
  /** Newest first. */
  updates: z.array(ProjectUpdateViewSchema),
  createdAt: IsoDateTime,
});
export type ProjectView = z.output<typeof ProjectViewSchema>;

export const ProjectsListSchema = z.object({ projects: z.array(ProjectViewSchema) });
export type ProjectsList = z.output<typeof ProjectsListSchema>;

/** What visitors see: one running project, without its updates. */
export const ProjectTeaserSchema = z.object({
  project: ProjectViewSchema.omit({ updates: true, isTeaser: true, finishedOn: true }).extend({ latestUpdate: ProjectUpdateViewSchema.nullable() }).nullable(),
});
export type ProjectTeaser = z.output<typeof ProjectTeaserSchema>;

const ProjectAnswerSchema = MessageSchema.extend({ project: ProjectViewSchema });
export type ProjectAnswer = z.output<typeof ProjectAnswerSchema>;

/** Any text: the server answers 404 for an id that is not a number (it names no project). */
const IdParams = z.object({ id: z.string() });
const UpdateParams = z.object({ id: z.string(), updateId: z.string() });
const area = 'Admin';
const permission = 'content.manage' as const;

export const PROJECTS_CONTRACTS = {
  list: defineRoute({
    method: 'GET',
    path: PROJECTS_API.projects,
    auth: 'user',
    area: 'Community',
    summary: 'Land projects (running, finished or all) with their dated updates, newest first.',
    request: { query: ProjectsQuerySchema },
    responses: { 200: ProjectsListSchema },
    errors: ['VALIDATION_FAILED'],
  }),
  teaser: defineRoute({
    method: 'GET',
    path: PROJECTS_API.teaser,
    auth: 'public',
    area: 'Website',
    summary: 'The one land project shown to visitors (null when none is chosen or it finished).',
    /** The server renders the home page with it: kept five minutes like the site's other public data. */
    cache: 'public, max-age=300',
    responses: { 200: ProjectTeaserSchema },
    errors: [],
  }),
  adminList: defineRoute({
    method: 'GET',
    path: PROJECTS_API.admin,
    auth: 'admin',
    permission,
    area,
    summary: 'Every land project with its updates.',
    responses: { 200: ProjectsListSchema },
    errors: [],
  }),
  create: defineRoute({
    method: 'POST',
    path: PROJECTS_API.admin,
    auth: 'admin',
    permission,
    area,
    summary: 'Adds a running land project (the image uploaded first at /api/admin/site/images). Audited.',
    request: { body: ProjectInputSchema },
    responses: { 201: ProjectAnswerSchema },
    errors: ['VALIDATION_FAILED'],
  }),
  update: defineRoute({
    method: 'PUT',
    path: PROJECTS_API.adminOne,
    auth: 'admin',
    permission,
    area,
    summary: 'Saves a project’s details (imageId null keeps its image). Audited.',
    request: { params: IdParams, body: ProjectInputSchema },
    responses: { 200: ProjectAnswerSchema },
    errors: ['VALIDATION_FAILED', 'NOT_FOUND'],
  }),
  finish: defineRoute({
    method: 'POST',
    path: PROJECTS_API.adminFinish,
    auth: 'admin',
    permission,
    area,
    summary: 'Marks a project finished (it moves to Closed projects and stops being the teaser). Audited.',
    request: { params: IdParams },
    responses: { 200: ProjectAnswerSchema },
    errors: ['NOT_FOUND', 'TRANSITION_REFUSED'],
  }),
  reopen: defineRoute({
    method: 'POST',
    path: PROJECTS_API.adminReopen,
    auth: 'admin',
    permission,
    area,
    summary: 'Marks a finished project running again. Audited.',
    request: { params: IdParams },
    responses: { 200: ProjectAnswerSchema },
    errors: ['NOT_FOUND', 'TRANSITION_REFUSED'],
  }),
  setTeaser: defineRoute({
    method: 'POST',
    path: PROJECTS_API.adminTeaser,
    auth: 'admin',
    permission,
    area,
    summary: 'Chooses the running project shown on the public site (one at a time). Audited.',
    request: { params: IdParams },
    responses: { 200: ProjectAnswerSchema },
    errors: ['NOT_FOUND', 'TRANSITION_REFUSED'],
  }),
  addUpdate: defineRoute({
    method: 'POST',
    path: PROJECTS_API.adminUpdates,
    auth: 'admin',
    permission,
    area,
    summary: 'Adds a dated status update to a project. Audited.',
    request: { params: IdParams, body: ProjectUpdateInputSchema },
    responses: { 201: ProjectAnswerSchema },
    errors: ['VALIDATION_FAILED', 'NOT_FOUND'],
  }),
  editUpdate: defineRoute({
    method: 'PUT',
    path: PROJECTS_API.adminUpdate,
    auth: 'admin',
    permission,
    area,
    summary: 'Changes a dated status update. Audited.',
    request: { params: UpdateParams, body: ProjectUpdateInputSchema },
    responses: { 200: ProjectAnswerSchema },
    errors: ['VALIDATION_FAILED', 'NOT_FOUND'],
  }),
} as const;
