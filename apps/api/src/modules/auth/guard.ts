import { ADMIN_FORBIDDEN_MESSAGE, AUTH_ANSWERS, hasPermission, type AdminPermission, type AdminRole } from '@landunits/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/db/client';
import { AppError } from '../../platform/http/app-error';
import { findAdminRole } from '../users';
import { findSessionUser, SESSION_COOKIE, setSessionCookie, type UserRow } from './sessions';

/** The signed-in user of a request, refreshing the session cookie when it was extended. */
export async function optionalUser(ctx: AppContext, request: FastifyRequest, reply: FastifyReply): Promise<UserRow | undefined> {
  const found = await findSessionUser(ctx, request.cookies[SESSION_COOKIE]);
  if (found?.refreshedToken) setSessionCookie(reply, ctx, found.refreshedToken);
  return found?.user;
}

export async function requireUser(ctx: AppContext, request: FastifyRequest, reply: FastifyReply): Promise<UserRow> {
  const user = await optionalUser(ctx, request, reply);
  if (!user) throw new AppError('UNAUTHORIZED', AUTH_ANSWERS.signedOut);
  return user;
}

export const ADMIN_ONLY_MESSAGE = 'Only administrators can do this.';

/** A signed-in admin, with the role their permissions come from. */
export type AdminUser = UserRow & { adminRole: AdminRole };

/**
 * The one check of every admin route: the signed-in admin whose role has `permission`
 * (packages/domain/src/admin/permissions.ts). 401 when signed out, 403 for people who are not
 * admins and for admins whose role does not allow it.
 */
export async function requirePermission(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, permission: AdminPermission): Promise<AdminUser> {
  const user = await requireUser(ctx, request, reply);
  return { ...user, adminRole: checkedRole(user.adminRole, permission) };
}

/** The role, when it allows `permission`; 403 otherwise (not an admin, or a role without it). */
function checkedRole(role: AdminRole | null, permission: AdminPermission): AdminRole {
  if (!role) throw new AppError('FORBIDDEN', ADMIN_ONLY_MESSAGE);
  if (!hasPermission(role, permission)) throw new AppError('FORBIDDEN', ADMIN_FORBIDDEN_MESSAGE);
  return role;
}

/**
 * The same check inside a use-case's own transaction, for writes that must see the role as it is
 * when they happen (a role removed a moment ago no longer writes). Returns the role for the audit row.
 */
export async function requirePermissionOf(db: Db, userId: string, permission: AdminPermission): Promise<AdminRole> {
  return checkedRole(await findAdminRole(db, userId), permission);
}
