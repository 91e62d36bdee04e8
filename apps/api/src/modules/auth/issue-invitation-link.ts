import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/db/client';
import { issueExpiringToken } from './store';
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
