import { z } from 'zod';
import { AdminIdeasQuerySchema, IDEA_STATUSES, IdeaHideInputSchema, IdeaInputSchema, IdeasQuerySchema, IdeaStatusInputSchema } from '../ideas/ideas';
import { defineRoute, IsoDateTime, MessageSchema, PAGING } from './contract';

/** Community ideas (PRODUCT-DECISIONS §11, decision 0028): the community's routes and the admins' (community.moderate). */

export const IDEAS_API = {
  ideas: '/api/community/ideas',
  support: '/api/community/ideas/:id/support',
  admin: '/api/admin/ideas',
  adminStatus: '/api/admin/ideas/:id/status',
  adminHide: '/api/admin/ideas/:id/hide',
  adminShow: '/api/admin/ideas/:id/show',
} as const;

export const IdeaViewSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  /** The author as the community sees them: first name and initial. */
  authorName: z.string(),
  mine: z.boolean(),
  supportCount: z.number().int(),
  supportedByMe: z.boolean(),
  status: z.enum(IDEA_STATUSES),
  reply: z.string().nullable(),
  repliedAt: IsoDateTime.nullable(),
  createdAt: IsoDateTime,
});
export type IdeaView = z.output<typeof IdeaViewSchema>;

export const AdminIdeaViewSchema = IdeaViewSchema.extend({
  hidden: z.boolean(),
  hiddenReason: z.string().nullable(),
});
export type AdminIdeaView = z.output<typeof AdminIdeaViewSchema>;

export const IdeasPageSchema = z.object({ ideas: z.array(IdeaViewSchema), ...PAGING });
export type IdeasPage = z.output<typeof IdeasPageSchema>;
export const AdminIdeasPageSchema = z.object({ ideas: z.array(AdminIdeaViewSchema), ...PAGING });
export type AdminIdeasPage = z.output<typeof AdminIdeasPageSchema>;

const IdeaAnswerSchema = MessageSchema.extend({ idea: IdeaViewSchema });
export type IdeaAnswer = z.output<typeof IdeaAnswerSchema>;
const AdminIdeaAnswerSchema = MessageSchema.extend({ idea: AdminIdeaViewSchema });
export type AdminIdeaAnswer = z.output<typeof AdminIdeaAnswerSchema>;

const IdParams = z.object({ id: z.string().max(30) });
const area = 'Community';
const permission = 'community.moderate' as const;

export const IDEAS_CONTRACTS = {
  list: defineRoute({
    method: 'GET',
    path: IDEAS_API.ideas,
    auth: 'user',
    area,
    summary: 'Community ideas, most supported or newest first, optionally of one status, one page of 20.',
    request: { query: IdeasQuerySchema },
    responses: { 200: IdeasPageSchema },
    errors: ['VALIDATION_FAILED'],
  }),
  submit: defineRoute({
    method: 'POST',
    path: IDEAS_API.ideas,
    auth: 'user',
    area,
    summary: 'Suggests an idea (title and description). Rate-limited.',
    request: { body: IdeaInputSchema },
    responses: { 201: IdeaAnswerSchema },
    errors: ['VALIDATION_FAILED', 'RATE_LIMITED'],
  }),
  support: defineRoute({
    method: 'POST',
    path: IDEAS_API.support,
    auth: 'user',
    area,
    summary: 'Supports an idea, once per person (again is a no-op); never one’s own. Rate-limited.',
    request: { params: IdParams },
    responses: { 200: IdeaAnswerSchema },
    errors: ['NOT_FOUND', 'CONFLICT', 'RATE_LIMITED'],
  }),
  withdraw: defineRoute({
    method: 'DELETE',
    path: IDEAS_API.support,
    auth: 'user',
    area,
    summary: 'Withdraws one’s support of an idea (a no-op when there was none). Rate-limited.',
    request: { params: IdParams },
    responses: { 200: IdeaAnswerSchema },
    errors: ['NOT_FOUND', 'RATE_LIMITED'],
  }),
  adminList: defineRoute({
    method: 'GET',
    path: IDEAS_API.admin,
    auth: 'admin',
    permission,
    area: 'Admin',
    summary: 'Every idea, hidden ones too, filtered by status and visibility, one page of 20.',
    request: { query: AdminIdeasQuerySchema },
    responses: { 200: AdminIdeasPageSchema },
    errors: ['VALIDATION_FAILED'],
  }),
  setStatus: defineRoute({
    method: 'POST',
    path: IDEAS_API.adminStatus,
    decides: { record: 'idea' },
    auth: 'admin',
    permission,
    area: 'Admin',
    summary: 'Sets an idea’s status with a reply; the author is emailed (community emails). Audited.',
    request: { params: IdParams, body: IdeaStatusInputSchema },
    responses: { 200: AdminIdeaAnswerSchema },
    errors: ['VALIDATION_FAILED', 'NOT_FOUND'],
  }),
  hide: defineRoute({
    method: 'POST',
    path: IDEAS_API.adminHide,
    auth: 'admin',
    permission,
    area: 'Admin',
    summary: 'Hides an idea from the community, with a reason. Audited.',
    request: { params: IdParams, body: IdeaHideInputSchema },
    responses: { 200: AdminIdeaAnswerSchema },
    errors: ['VALIDATION_FAILED', 'NOT_FOUND'],
  }),
  show: defineRoute({
    method: 'POST',
    path: IDEAS_API.adminShow,
    auth: 'admin',
    permission,
    area: 'Admin',
    summary: 'Shows a hidden idea again. Audited.',
    request: { params: IdParams },
    responses: { 200: AdminIdeaAnswerSchema },
    errors: ['NOT_FOUND'],
  }),
} as const;
