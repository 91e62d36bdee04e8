import { INVITATION_LIFETIME_HOURS } from '@landunits/domain';
import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import { HOUR } from '../../platform/clock';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/db/client';
import { emailTokens } from './schema';
import { hashToken, newToken } from '../../platform/security/tokens';

export type TokenPurpose = 'confirm' | 'reset' | 'invite' | 'not-me';

export const TOKEN_LIFETIME_MS: Record<TokenPurpose, number> = {
  confirm: 12 * HOUR,
  reset: HOUR,
  /** An admin invitation (INVITATION_LIFETIME_HOURS). */
  invite: INVITATION_LIFETIME_HOURS * HOUR,
  /** "This was not me" in a new-device email: it may be read days later. */
  'not-me': 7 * 24 * HOUR,
};

/** Issues a link token; every older unused token of the same purpose stops working (but "This was not me" links). */
export async function issueToken(ctx: AppContext, tx: Db, userId: string, purpose: TokenPurpose): Promise<string> {
  return (await issueExpiringToken(ctx, tx, userId, purpose)).token;
}

/** The same, with the moment the new link stops working. */
export async function issueExpiringToken(ctx: AppContext, tx: Db, userId: string, purpose: TokenPurpose): Promise<{ token: string; expiresAt: Date }> {
  const now = ctx.clock.now();
  // Each new-device email's "This was not me" link works on its own: a later sign-in (perhaps the
  // intruder's) must not cancel the link of an earlier one.
  if (purpose !== 'not-me') await tx.delete(emailTokens).where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)));
  const { token, hash } = newToken();
  const expiresAt = new Date(now.getTime() + TOKEN_LIFETIME_MS[purpose]);
  await tx.insert(emailTokens).values({ userId, purpose, tokenHash: hash, createdAt: now, expiresAt });
  return { token, expiresAt };
}

/**
 * Uses a token once: the guarded update succeeds for one caller only, and only before expiry.
 * Returns the user id, or undefined for an unknown, used or expired token.
 */
export async function consumeToken(ctx: AppContext, tx: Db, token: string, purpose: TokenPurpose): Promise<string | undefined> {
  const now = ctx.clock.now();
  const [row] = await tx
    .update(emailTokens)
    .set({ usedAt: now })
    .where(and(eq(emailTokens.tokenHash, hashToken(token)), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt), gt(emailTokens.expiresAt, now)))
    .returning({ userId: emailTokens.userId });
  return row?.userId;
}

/** Whether a token would be accepted now, without using it. */
export async function isTokenValid(ctx: AppContext, token: string, purpose: TokenPurpose): Promise<boolean> {
  return Boolean(await validTokenOwner(ctx, token, purpose));
}

/** The user id and expiry of a token that would be accepted now, without using it. */
export async function validTokenOwner(ctx: AppContext, token: string, purpose: TokenPurpose): Promise<{ userId: string; expiresAt: Date } | undefined> {
  const now = ctx.clock.now();
  const [row] = await ctx.db
    .select({ userId: emailTokens.userId, expiresAt: emailTokens.expiresAt })
    .from(emailTokens)
    .where(and(eq(emailTokens.tokenHash, hashToken(token)), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt), gt(emailTokens.expiresAt, now)));
  return row;
}

/** When the open (unused, unexpired) links of `purpose` of these people stop working, by user id. */
export async function openTokenExpiries(db: Db, userIds: readonly string[], purpose: TokenPurpose, now: Date): Promise<Map<string, Date>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: emailTokens.userId, expiresAt: emailTokens.expiresAt })
    .from(emailTokens)
    .where(and(inArray(emailTokens.userId, [...userIds]), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt), gt(emailTokens.expiresAt, now)));
  return new Map(rows.map((row) => [row.userId, row.expiresAt]));
}

/** Cancels every unused link of `purpose` of a person. */
export async function revokeTokens(tx: Db, userId: string, purpose: TokenPurpose): Promise<void> {
  await tx.delete(emailTokens).where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)));
}

/**
 * Cancels every unused password-reset link of a person: after a password or email change, a link
 * already sent (perhaps to a mailbox the person no longer controls) must not take the account.
 */
export async function revokeResetTokens(tx: Db, userId: string): Promise<void> {
  await tx.delete(emailTokens).where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, 'reset'), isNull(emailTokens.usedAt)));
}
