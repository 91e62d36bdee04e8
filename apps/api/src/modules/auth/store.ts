import { INVITATION_LIFETIME_HOURS, type StaffSecurityEvent } from '@landunits/domain';
import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import { HOUR } from '../../platform/clock';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/db/client';
import { emailTokens } from './schema';
import { hashToken, newToken } from '../../platform/security/tokens';
import { recordAudit } from '../../platform/audit/record-audit';
import type { UserRow } from '../users';

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

/**
 * Security events of staff accounts, also written to the audit log: whoever reviews the log sees when an admin's factors changed, where they signed in
 * from, when they confirmed a decision on money and when a sign-in was stopped. The admin is both
 * the actor and the target (`admin`); the row is written in the event's own transaction.
 * A person who is not staff gets the email and the notification only. The events and their labels:
 * `STAFF_SECURITY_EVENT_LABELS` (domain).
 */
export async function auditStaffSecurity(tx: Db, user: Pick<UserRow, 'id' | 'adminRole'>, event: StaffSecurityEvent, at: Date, details?: Record<string, unknown>): Promise<void> {
  if (!user.adminRole) return;
  await recordAudit(tx, { actor: { userId: user.id, role: user.adminRole }, at, action: `security.${event}`, targetType: 'admin', targetId: user.id, after: details ?? null });
}

/**
 * Admin invitation links, on the same machinery as confirmation and reset links: 256 random bits,
 * stored as SHA-256, single use, expiring (72 hours), a newer link cancelling the older one.
 */

/** Uses an invitation link once; the invited admin's id, or undefined for an unknown, used or expired link. */
export function consumeInvitationToken(ctx: AppContext, tx: Db, token: string): Promise<string | undefined> {
  return consumeToken(ctx, tx, token, 'invite');
}

/** The invited admin of a link that still works, without using it. */
export function invitationOwner(ctx: AppContext, token: string): Promise<{ userId: string; expiresAt: Date } | undefined> {
  return validTokenOwner(ctx, token, 'invite');
}

/** When the open invitation of each of these admins stops working (absent: none open). */
export function invitationExpiries(db: Db, userIds: readonly string[], now: Date): Promise<Map<string, Date>> {
  return openTokenExpiries(db, userIds, 'invite', now);
}

/** Cancels an admin's open invitation link. */
export function revokeInvitation(tx: Db, userId: string): Promise<void> {
  return revokeTokens(tx, userId, 'invite');
}
