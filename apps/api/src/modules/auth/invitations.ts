import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/db/client';
import { consumeToken, issueExpiringToken, openTokenExpiries, revokeTokens, validTokenOwner } from './email-tokens';
import { links } from './links';

/**
 * Admin invitation links, on the same machinery as confirmation and reset links: 256 random bits,
 * stored as SHA-256, single use, expiring (72 hours), a newer link cancelling the older one.
 */

/** A new invitation link for an invited admin; an earlier one stops working. */
export async function issueInvitationLink(ctx: AppContext, tx: Db, userId: string): Promise<{ link: string; expiresAt: Date }> {
  const { token, expiresAt } = await issueExpiringToken(ctx, tx, userId, 'invite');
  return { link: links(ctx).invitation(token), expiresAt };
}

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
