import { z } from 'zod';
import { AcceptInvitationSchema, ADMINS_MESSAGES, ChangeAdminRoleSchema, InviteAdminSchema } from '../admin/admins';
import { ADMIN_ROLES } from '../admin/permissions';
import { TokenParamsSchema, SignInAnswerSchema } from './auth';
import { defineRoute, IsoDateTime, MessageSchema, PAGING } from './contract';

/**
 * Managing admins (permission `admins.manage`, the owner's) and the invited admin's acceptance
 * link (docs/decisions/0014): list, invite, change a role, remove.
 */

export const ADMIN_STATUSES = ['invited', 'active'] as const;
export type AdminStatus = (typeof ADMIN_STATUSES)[number];
export const ADMIN_SORTS = ['name', 'email', 'role', 'status', 'lastSignInAt', 'createdAt'] as const;

/** GET /api/admin/admins: search, filters, sort and paging, all on the server. */
export const AdminListQuerySchema = z
  .object({
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(25),
    /** Part of a name or an email address. */
    q: z.string().trim().max(100).optional(),
    role: z.enum(ADMIN_ROLES).optional(),
    status: z.enum(ADMIN_STATUSES).optional(),
    sortBy: z.enum(ADMIN_SORTS).default('name'),
    sortDirection: z.enum(['asc', 'desc']).default('asc'),
  })
  .strict();
export type AdminListQuery = z.output<typeof AdminListQuerySchema>;

export const AdminListItemSchema = z.object({
  id: z.string(),
  email: z.string(),
  /** The name the admin chose; empty until an invitation is accepted. */
  name: z.string(),
  role: z.enum(ADMIN_ROLES),
  status: z.enum(ADMIN_STATUSES),
  /** When the invitation link stops working; null once accepted, or when the link has expired. */
  invitationExpiresAt: IsoDateTime.nullable(),
  lastSignInAt: IsoDateTime.nullable(),
  createdAt: IsoDateTime,
  /** The admin asking: their own row has no role controls. */
  you: z.boolean(),
});
export type AdminListItem = z.output<typeof AdminListItemSchema>;

export const AdminListSchema = z.object({ admins: z.array(AdminListItemSchema), ...PAGING });
export type AdminList = z.output<typeof AdminListSchema>;

export const AdminAnswerSchema = z.object({ message: z.string(), admin: AdminListItemSchema });
export type AdminAnswer = z.output<typeof AdminAnswerSchema>;

/** GET /api/auth/admin-invitation/:token: who is invited, and as what. */
export const InvitationViewSchema = z.object({ email: z.string(), role: z.enum(ADMIN_ROLES), expiresAt: IsoDateTime });
export type InvitationView = z.output<typeof InvitationViewSchema>;

/** An admin's id: the server answers 404 NOT_FOUND for anything but the id of an admin (a malformed one included). */
const IdParams = z.object({ id: z.string() });
const area = 'Admins';
const permission = 'admins.manage';

export const ADMINS_CONTRACTS = {
  list: defineRoute({
    method: 'GET',
    path: '/api/admin/admins',
    auth: 'admin',
    permission,
    area,
    summary: 'Admins and open invitations with their role, status and last sign-in; searched, filtered, sorted and paged.',
    request: { query: AdminListQuerySchema },
    responses: { 200: AdminListSchema },
    errors: ['VALIDATION_FAILED'],
  }),
  invite: defineRoute({
    method: 'POST',
    path: '/api/admin/admins/invite',
    auth: 'admin',
    permission,
    area,
    summary:
      'Invites an admin by email with a role: a 72-hour, single-use link to choose a password. Inviting an address with an open invitation sends a new link (201 new, 200 sent again); an address of a customer account or an admin is refused (409).',
    request: { body: InviteAdminSchema },
    responses: { 201: AdminAnswerSchema, 200: AdminAnswerSchema },
    errors: ['VALIDATION_FAILED', 'CONFLICT'],
  }),
  changeRole: defineRoute({
    method: 'POST',
    path: '/api/admin/admins/:id/role',
    decides: { record: 'account', ownMessage: ADMINS_MESSAGES.ownRole },
    auth: 'admin',
    permission,
    area,
    summary: 'Changes an admin’s role, at once (sessions read the role on every request). Not your own (403); never the last owner’s (409).',
    request: { params: IdParams, body: ChangeAdminRoleSchema },
    responses: { 200: AdminAnswerSchema },
    errors: ['VALIDATION_FAILED', 'NOT_FOUND', 'CONFLICT'],
  }),
  remove: defineRoute({
    method: 'POST',
    path: '/api/admin/admins/:id/remove',
    decides: { record: 'account', ownMessage: ADMINS_MESSAGES.removeSelf },
    auth: 'admin',
    permission,
    area,
    summary:
      'Removes an admin: the role is taken away and every session ends (the account stays, without admin rights); an open invitation is cancelled. Not yourself (403); never the last owner (409).',
    request: { params: IdParams },
    responses: { 200: MessageSchema },
    errors: ['NOT_FOUND', 'CONFLICT'],
  }),
  checkInvitation: defineRoute({
    method: 'GET',
    path: '/api/auth/admin-invitation/:token',
    auth: 'public',
    area,
    summary: 'Whether an invitation link still works, and for which address and role.',
    request: { params: TokenParamsSchema },
    responses: { 200: InvitationViewSchema },
    errors: ['VALIDATION_FAILED', 'TOKEN_INVALID'],
    cache: 'no-store',
  }),
  acceptInvitation: defineRoute({
    method: 'POST',
    path: '/api/auth/admin-invitation/:token',
    auth: 'public',
    area,
    summary: 'Accepts an invitation (once, within 72 hours): sets the name and password and signs the new admin in.',
    request: { params: TokenParamsSchema, body: AcceptInvitationSchema },
    responses: { 200: SignInAnswerSchema.extend({ message: z.string() }) },
    errors: ['VALIDATION_FAILED', 'TOKEN_INVALID'],
    cache: 'no-store',
  }),
} as const;
