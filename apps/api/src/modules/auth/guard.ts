import { AUTH_ANSWERS } from '@landunits/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/http/app-error';
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

/** The signed-in admin of a request: 401 when signed out, 403 for everyone else. */
export async function requireAdmin(ctx: AppContext, request: FastifyRequest, reply: FastifyReply): Promise<UserRow> {
  const user = await requireUser(ctx, request, reply);
  if (!user.isAdmin) throw new AppError('FORBIDDEN', ADMIN_ONLY_MESSAGE);
  return user;
}
