import { ADMIN_FORBIDDEN_MESSAGE, ADMIN_SECOND_FACTORS, AUTH_ANSWERS, hasPermission, SECURITY_MESSAGES, type AdminPermission, type AdminRole } from '@landunits/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/db/client';
import { AppError } from '../../platform/http/app-error';
import { findAdminRole } from '../users';
import { findSessionUser, type Authenticated, type UserRow } from './sessions/store';
import { SESSION_COOKIE, setSessionCookie } from './sessions/cookies';
import { requireStepUp } from './step-up/store';

/** The session of a request and its person, refreshing the session cookie when it was extended. */
export async function optionalSession(ctx: AppContext, request: FastifyRequest, reply: FastifyReply): Promise<Authenticated | undefined> {
  const found = await findSessionUser(ctx, request.cookies[SESSION_COOKIE]);
  if (found?.refreshedToken) setSessionCookie(reply, ctx, found.refreshedToken);
  return found;
}

export async function requireSession(ctx: AppContext, request: FastifyRequest, reply: FastifyReply): Promise<Authenticated> {
  const found = await optionalSession(ctx, request, reply);
  if (!found) throw new AppError('UNAUTHORIZED', AUTH_ANSWERS.signedOut);
  return found;
}

/** The signed-in user of a request. */
export async function optionalUser(ctx: AppContext, request: FastifyRequest, reply: FastifyReply): Promise<UserRow | undefined> {
  return (await optionalSession(ctx, request, reply))?.user;
}

export async function requireUser(ctx: AppContext, request: FastifyRequest, reply: FastifyReply): Promise<UserRow> {
  return (await requireSession(ctx, request, reply)).user;
}

export const ADMIN_ONLY_MESSAGE = 'Only administrators can do this.';

/** A signed-in admin, with the role their permissions come from. */
export type AdminUser = UserRow & { adminRole: AdminRole };

/**
 * The one check of every admin route: the signed-in admin whose role has `permission`
 * (packages/domain/src/admin/permissions.ts) in a session that passed an authenticator code
 * (docs/decisions/0046). 401 when signed out, 403 for people who are not admins, 403
 * SECOND_FACTOR_REQUIRED for an admin's password-only session, 403 for a role without it.
 */
export async function requirePermission(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, permission: AdminPermission): Promise<AdminUser> {
  const session = await requireSession(ctx, request, reply);
  const { user } = session;
  if (user.adminRole) requireAdminSecondFactor(session);
  return { ...user, adminRole: checkedRole(user.adminRole, permission) };
}

/**
 * An admin's decision on money (an order's approval or rejection, a payout, bank details approved
 * for payouts, a purchase limit, a change of money settings or payment details): the permission,
 * and a step-up from this session within the last five minutes (decision 0050), else 403
 * STEP_UP_REQUIRED.
 */
export async function requireMoneyPermission(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, permission: AdminPermission): Promise<AdminUser> {
  const session = await requireSession(ctx, request, reply);
  const { user } = session;
  if (user.adminRole) requireAdminSecondFactor(session);
  const admin = { ...user, adminRole: checkedRole(user.adminRole, permission) };
  await requireStepUp(ctx, ctx.db, session, 'admin-money');
  return admin;
}

/** Whether a session may use admin permissions: it passed an authenticator code (a recovery code is not enough). */
export const passedAdminSecondFactor = (session: Pick<Authenticated, 'secondFactor'> | undefined): boolean => Boolean(session?.secondFactor && ADMIN_SECOND_FACTORS.includes(session.secondFactor));

/** 403 SECOND_FACTOR_REQUIRED for a session that may not use admin permissions. */
export function requireAdminSecondFactor(session: Pick<Authenticated, 'secondFactor'>): void {
  if (!passedAdminSecondFactor(session)) throw new AppError('SECOND_FACTOR_REQUIRED', SECURITY_MESSAGES.adminSecondFactor);
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
