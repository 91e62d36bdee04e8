import { SESSION_HINT_COOKIE } from '@landunits/domain';
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { DAY } from '../../platform/clock';
import type { AppContext } from '../../platform/context';
import { perDatabase, type Db } from '../../platform/db/client';
// The session lookup joins the account in the same prepared statement (every signed-in request
// asks it): a read-only join on the users module's table, the one place auth reads it.
// eslint-disable-next-line import-x/no-restricted-paths
import { users } from '../users/schema';
import type { UserRow } from '../users';
import { sessions } from './schema';
import { hashToken, newToken } from '../../platform/security/tokens';

export const SESSION_COOKIE = 'lu_session';
export const SESSION_LIFETIME_MS = 30 * DAY;
/** A session used after this long since its last refresh gets 30 more days. */
const REFRESH_AFTER_MS = DAY;

export type { UserRow };

/** Opens a session for a user (a new random token every time) and flips their first-login flag. */
export async function createSession(ctx: AppContext, tx: Db, userId: string): Promise<string> {
  const { token, hash } = newToken();
  const now = ctx.clock.now();
  await tx.insert(sessions).values({ userId, tokenHash: hash, createdAt: now, refreshedAt: now, expiresAt: new Date(now.getTime() + SESSION_LIFETIME_MS) });
  return token;
}

export interface Authenticated {
  user: UserRow;
  /** Set when the session was extended and the cookie should be sent again. */
  refreshedToken?: string;
}

/** Every signed-in request asks it: a prepared statement. */
const sessionUserStatement = perDatabase((db) =>
  db
    .select({ user: users, sessionId: sessions.id, refreshedAt: sessions.refreshedAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), gt(sessions.expiresAt, sql`${sql.placeholder('now')}::timestamptz`)))
    .prepare('session_user'),
);

export async function findSessionUser(ctx: AppContext, token: string | undefined): Promise<Authenticated | undefined> {
  if (!token || token.length > 100) return undefined;
  const now = ctx.clock.now();
  const [row] = await sessionUserStatement(ctx.db).execute({ tokenHash: hashToken(token), now: now.toISOString() });
  // Disabling an account deletes its sessions; a disabled account is refused here all the same.
  if (!row || !row.user.emailVerifiedAt || row.user.disabledAt) return undefined;
  if (now.getTime() - row.refreshedAt.getTime() < REFRESH_AFTER_MS) return { user: row.user };
  await ctx.db
    .update(sessions)
    .set({ refreshedAt: now, expiresAt: new Date(now.getTime() + SESSION_LIFETIME_MS) })
    .where(eq(sessions.id, row.sessionId));
  return { user: row.user, refreshedToken: token };
}

export async function deleteSession(ctx: AppContext, token: string | undefined): Promise<void> {
  if (!token || token.length > 100) return;
  await ctx.db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
}

/** Ends every session of a person; answers how many there were. */
export async function deleteUserSessions(tx: Db, userId: string): Promise<number> {
  const ended = await tx.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id });
  return ended.length;
}

/** A person's sessions still open at `now`, newest first (for an admin's view of the account). */
export async function listUserSessions(db: Db, userId: string, now: Date) {
  return db
    .select({ id: sessions.id, createdAt: sessions.createdAt, lastSeenAt: sessions.refreshedAt, expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.createdAt))
    .limit(50);
}

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
