import { and, eq, gt, isNull } from 'drizzle-orm';
import { HOUR } from '../../platform/clock';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/db/client';
import { emailTokens } from './schema';
import { hashToken, newToken } from '../../platform/security/tokens';

export type TokenPurpose = 'confirm' | 'reset';

export const TOKEN_LIFETIME_MS: Record<TokenPurpose, number> = {
  confirm: 12 * HOUR,
  reset: HOUR,
};

/** Issues a link token; every older unused token of the same purpose stops working. */
export async function issueToken(ctx: AppContext, tx: Db, userId: string, purpose: TokenPurpose): Promise<string> {
  const now = ctx.clock.now();
  await tx.delete(emailTokens).where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)));
  const { token, hash } = newToken();
  await tx.insert(emailTokens).values({ userId, purpose, tokenHash: hash, createdAt: now, expiresAt: new Date(now.getTime() + TOKEN_LIFETIME_MS[purpose]) });
  return token;
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
  const now = ctx.clock.now();
  const [row] = await ctx.db
    .select({ id: emailTokens.id })
    .from(emailTokens)
    .where(and(eq(emailTokens.tokenHash, hashToken(token)), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt), gt(emailTokens.expiresAt, now)));
  return Boolean(row);
}

/**
 * Cancels every unused password-reset link of a person: after a password or email change, a link
 * already sent (perhaps to a mailbox the person no longer controls) must not take the account.
 */
export async function revokeResetTokens(tx: Db, userId: string): Promise<void> {
  await tx.delete(emailTokens).where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, 'reset'), isNull(emailTokens.usedAt)));
}
