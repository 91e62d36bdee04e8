import { z } from 'zod';
import {
  CategoryAnswerSchema,
  CategoryInputSchema,
  CategoryListQuerySchema,
  CategoryListSchema,
  ImageUploadedSchema,
  NewsInputSchema,
  NewsItemAnswerSchema,
  NewsListQuerySchema,
  NewsListSchema,
  TeamListSchema,
  TeamMemberAnswerSchema,
  TeamMemberInputSchema,
  TeamOrderSchema,
} from './content';
import { defineRoute, MessageSchema } from './contract';

/** The routes of the admin's website content (schemas and messages in content.ts; decision 0020). */

const area = 'Admin';
const permission = 'content.manage' as const;

const IdParams = z.object({ id: z.string() });

const news = '/api/admin/site/news';
const categories = '/api/admin/site/news-categories';
const team = '/api/admin/site/team';

export const CONTENT_API = { news, categories, team, teamOrder: '/api/admin/site/team-order', images: '/api/admin/site/images' } as const;

export const CONTENT_CONTRACTS = {
  listNews: defineRoute({
    method: 'GET', path: news, auth: 'admin', permission, area,
    summary: 'News articles, drafts included: paged, filtered by state, category and words, sorted.',
    request: { query: NewsListQuerySchema },
    responses: { 200: NewsListSchema },
    errors: ['VALIDATION_FAILED'],
  }),
  getNews: defineRoute({
    method: 'GET', path: `${news}/:id`, auth: 'admin', permission, area, summary: 'One news article with its body.',
    request: { params: IdParams },
    responses: { 200: NewsItemAnswerSchema },
    errors: ['NOT_FOUND'],
  }),
  createNews: defineRoute({
    method: 'POST', path: news, auth: 'admin', permission, area, summary: 'Writes a news article, as a draft or published.',
    request: { body: NewsInputSchema },
    responses: { 201: NewsItemAnswerSchema },
    errors: ['VALIDATION_FAILED'],
  }),
  updateNews: defineRoute({
    method: 'PUT', path: `${news}/:id`, auth: 'admin', permission, area, summary: 'Replaces a news article’s content and status.',
    request: { params: IdParams, body: NewsInputSchema },
    responses: { 200: NewsItemAnswerSchema },
    errors: ['VALIDATION_FAILED', 'NOT_FOUND'],
  }),
  publishNews: defineRoute({
    method: 'POST', path: `${news}/:id/publish`, auth: 'admin', permission, area, summary: 'Publishes an article (now, or at its publish date).',
    request: { params: IdParams },
    responses: { 200: NewsItemAnswerSchema },
    errors: ['NOT_FOUND'],
  }),
  unpublishNews: defineRoute({
    method: 'POST', path: `${news}/:id/unpublish`, auth: 'admin', permission, area, summary: 'Takes an article off the site (back to draft).',
    request: { params: IdParams },
    responses: { 200: NewsItemAnswerSchema },
    errors: ['NOT_FOUND'],
  }),
  deleteNews: defineRoute({
    method: 'DELETE', path: `${news}/:id`, auth: 'admin', permission, area, summary: 'Deletes an article for good (its last content stays in the audit log).',
    request: { params: IdParams },
    responses: { 200: MessageSchema },
    errors: ['NOT_FOUND'],
  }),
  listCategories: defineRoute({
    method: 'GET', path: categories, auth: 'admin', permission, area, summary: 'News categories with how many articles each has: paged, filtered, sorted.',
    request: { query: CategoryListQuerySchema },
    responses: { 200: CategoryListSchema },
    errors: ['VALIDATION_FAILED'],
  }),
  createCategory: defineRoute({
    method: 'POST', path: categories, auth: 'admin', permission, area, summary: 'Adds a news category (slug unique).',
    request: { body: CategoryInputSchema },
    responses: { 201: CategoryAnswerSchema },
    errors: ['VALIDATION_FAILED', 'CONFLICT'],
  }),
  updateCategory: defineRoute({
    method: 'PUT', path: `${categories}/:id`, auth: 'admin', permission, area, summary: 'Renames a news category or changes its slug.',
    request: { params: IdParams, body: CategoryInputSchema },
    responses: { 200: CategoryAnswerSchema },
    errors: ['VALIDATION_FAILED', 'NOT_FOUND', 'CONFLICT'],
  }),
  deleteCategory: defineRoute({
    method: 'DELETE', path: `${categories}/:id`, auth: 'admin', permission, area, summary: 'Deletes a news category that has no articles (409 otherwise).',
    request: { params: IdParams },
    responses: { 200: MessageSchema },
    errors: ['NOT_FOUND', 'CONFLICT'],
  }),
  listTeam: defineRoute({
    method: 'GET', path: team, auth: 'admin', permission, area, summary: 'The team in the order of /team.',
    responses: { 200: TeamListSchema },
    errors: [],
  }),
  createMember: defineRoute({
    method: 'POST', path: team, auth: 'admin', permission, area, summary: 'Adds a team member at the end of the team.',
    request: { body: TeamMemberInputSchema },
    responses: { 201: TeamMemberAnswerSchema },
    errors: ['VALIDATION_FAILED', 'CONFLICT'],
  }),
  updateMember: defineRoute({
    method: 'PUT', path: `${team}/:id`, auth: 'admin', permission, area, summary: 'Changes a team member’s name, role, biography or photo.',
    request: { params: IdParams, body: TeamMemberInputSchema },
    responses: { 200: TeamMemberAnswerSchema },
    errors: ['VALIDATION_FAILED', 'NOT_FOUND'],
  }),
  deleteMember: defineRoute({
    method: 'DELETE', path: `${team}/:id`, auth: 'admin', permission, area, summary: 'Removes a team member.',
    request: { params: IdParams },
    responses: { 200: MessageSchema },
    errors: ['NOT_FOUND'],
  }),
  orderTeam: defineRoute({
    method: 'PUT', path: '/api/admin/site/team-order', auth: 'admin', permission, area, summary: 'Puts the team in a new order (every member once).',
    request: { body: TeamOrderSchema },
    responses: { 200: TeamListSchema },
    errors: ['VALIDATION_FAILED', 'CONFLICT'],
  }),
  uploadImage: defineRoute({
    method: 'POST', path: '/api/admin/site/images', auth: 'admin', permission, area,
    summary: 'Uploads a JPEG or PNG for an article or a team photo (multipart field image); stored re-encoded without metadata.',
    request: { multipart: { fields: z.object({}), files: ['image'] } },
    responses: { 201: ImageUploadedSchema },
    errors: ['VALIDATION_FAILED', 'RATE_LIMITED'],
  }),
} as const;
