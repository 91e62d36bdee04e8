import { SESSION_HINT_COOKIE } from '@landunits/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../../platform/context';
import { newToken } from '../../../platform/security/tokens';
import { SESSION_LIFETIME_MS } from './store';

export const SESSION_COOKIE = 'lu_session';

export function setSessionCookie(reply: FastifyReply, ctx: AppContext, token: string): void {
  const options = { sameSite: 'lax', secure: ctx.config.httpsOnly, path: '/', maxAge: SESSION_LIFETIME_MS / 1000 } as const;
  reply.setCookie(SESSION_COOKIE, token, { ...options, httpOnly: true });
  reply.setCookie(SESSION_HINT_COOKIE, '1', { ...options, httpOnly: false });
}

export function clearSessionCookie(reply: FastifyReply, ctx: AppContext): void {
  const options = { sameSite: 'lax', secure: ctx.config.httpsOnly, path: '/' } as const;
  reply.clearCookie(SESSION_COOKIE, { ...options, httpOnly: true });
  reply.clearCookie(SESSION_HINT_COOKIE, { ...options, httpOnly: false });
}

export const DEVICE_COOKIE = 'lu_device';
const DEVICE_COOKIE_DAYS = 400;

/** The request's device id (the cookie), or a new one to set. */
export function deviceTokenOf(request: FastifyRequest): { token: string; isNew: boolean } {
  const existing = request.cookies[DEVICE_COOKIE];
  if (existing && /^[A-Za-z0-9_-]{43}$/.test(existing)) return { token: existing, isNew: false };
  return { token: newToken().token, isNew: true };
}

export function setDeviceCookie(reply: FastifyReply, ctx: AppContext, token: string): void {
  reply.setCookie(DEVICE_COOKIE, token, { sameSite: 'lax', secure: ctx.config.httpsOnly, path: '/', httpOnly: true, maxAge: DEVICE_COOKIE_DAYS * 24 * 3600 });
}
