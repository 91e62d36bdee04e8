import type { SecondFactorKind } from '@landunits/domain';
import { and, desc, eq, gt, ne, sql } from 'drizzle-orm';
import { DAY } from '../../../platform/clock';
import type { AppContext } from '../../../platform/context';
import { perDatabase, type Db } from '../../../platform/db/client';
// The session lookup joins the account in the same prepared statement (every signed-in request
// asks it): a read-only join on the users module's table, the one place auth reads it.
// eslint-disable-next-line import-x/no-restricted-paths
import { users } from '../../users/schema';
import type { UserRow } from '../../users';
import { sessions } from '../schema';
import { hashToken, newToken } from '../../../platform/security/tokens';
import Bowser from 'bowser';

export const SESSION_LIFETIME_MS = 30 * DAY;
/** A session used after this long since its last refresh gets 30 more days. */
const REFRESH_AFTER_MS = DAY;

export type { UserRow };

/** Where a session was opened from, and how it passed its second step (none: password only). */
export interface SessionClient {
  userAgent?: string | undefined;
  ipAddress?: string | undefined;
  secondFactor?: SecondFactorKind | undefined;
}

/** Opens a session for a user (a new random token every time). */
export async function createSession(ctx: AppContext, tx: Db, userId: string, client: SessionClient = {}): Promise<string> {
  const { token, hash } = newToken();
  const now = ctx.clock.now();
  await tx.insert(sessions).values({
    userId,
    tokenHash: hash,
    createdAt: now,
    refreshedAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + SESSION_LIFETIME_MS),
    userAgent: client.userAgent?.slice(0, 500) ?? null,
    ipAddress: client.ipAddress ?? null,
    secondFactor: client.secondFactor ?? null,
  });
  return token;
}

export interface Authenticated {
  user: UserRow;
  sessionId: string;
  /** How the session passed its second step; null: password only. */
  secondFactor: SecondFactorKind | null;
  /** Set when the session was extended and the cookie should be sent again. */
  refreshedToken?: string;
}

/** "Last active" is kept to this precision: a busy session writes its row at most this often. */
const LAST_SEEN_PRECISION_MS = 5 * 60_000;

/** Every signed-in request asks it: a prepared statement. */
const sessionUserStatement = perDatabase((db) =>
  db
    .select({ user: users, sessionId: sessions.id, refreshedAt: sessions.refreshedAt, lastSeenAt: sessions.lastSeenAt, secondFactor: sessions.secondFactor })
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
  const found = { user: row.user, sessionId: row.sessionId, secondFactor: row.secondFactor };
  const refresh = now.getTime() - row.refreshedAt.getTime() >= REFRESH_AFTER_MS;
  const seen = !row.lastSeenAt || now.getTime() - row.lastSeenAt.getTime() >= LAST_SEEN_PRECISION_MS;
  if (!refresh && !seen) return found;
  await ctx.db
    .update(sessions)
    .set({ lastSeenAt: now, ...(refresh ? { refreshedAt: now, expiresAt: new Date(now.getTime() + SESSION_LIFETIME_MS) } : {}) })
    .where(eq(sessions.id, row.sessionId));
  return refresh ? { ...found, refreshedToken: token } : found;
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

/** A person's sessions still open at `now`, newest first (their security page, an admin's view of the account). */
export async function listUserSessions(db: Db, userId: string, now: Date) {
  return db
    .select({
      id: sessions.id,
      createdAt: sessions.createdAt,
      lastSeenAt: sql<Date>`coalesce(${sessions.lastSeenAt}, ${sessions.refreshedAt})`.mapWith(sessions.refreshedAt),
      expiresAt: sessions.expiresAt,
      userAgent: sessions.userAgent,
      ipAddress: sessions.ipAddress,
      secondFactor: sessions.secondFactor,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.createdAt))
    .limit(50);
}

/** Ends one session of a person (never another person's); answers whether it was open at `now` (an expired row is deleted too). */
export async function deleteUserSession(db: Db, userId: string, sessionId: string, now: Date): Promise<boolean> {
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.id, sessionId)))
    .returning({ expiresAt: sessions.expiresAt });
  return ended.some((s) => s.expiresAt > now);
}

/** Ends every session of a person but `keepId`; answers how many were open at `now` (expired rows are deleted too). */
export async function deleteOtherSessions(db: Db, userId: string, keepId: string, now: Date): Promise<number> {
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keepId)))
    .returning({ expiresAt: sessions.expiresAt });
  return ended.filter((s) => s.expiresAt > now).length;
}

/** Records that a session has passed its second step (an admin who has just set up their app). */
export async function markSessionSecondFactor(db: Db, sessionId: string, kind: SecondFactorKind): Promise<void> {
  await db.update(sessions).set({ secondFactor: kind }).where(eq(sessions.id, sessionId));
}

/** After a second factor is removed, no session of the person counts as having passed it (or, without `kind`, any). */
export async function clearSessionsSecondFactor(db: Db, userId: string, kind?: SecondFactorKind): Promise<void> {
  await db
    .update(sessions)
    .set({ secondFactor: null })
    .where(and(eq(sessions.userId, userId), kind ? eq(sessions.secondFactor, kind) : undefined));
}

/** "Chrome on macOS"; "Unknown device" when the browser did not say. */
export function describeDevice(userAgent: string | null | undefined): string {
  if (!userAgent) return 'Unknown device';
  const parsed = Bowser.parse(userAgent);
  const browser = parsed.browser.name;
  const os = parsed.os.name;
  if (browser && os) return `${browser} on ${os}`;
  return browser ?? os ?? 'Unknown device';
}
