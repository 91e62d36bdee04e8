import { MESSAGES } from '@landunits/domain';
import { EMAIL_CHANGE_MESSAGES as M } from '@landunits/domain/contracts';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/http/app-error';
import { hashToken } from '../../platform/security/tokens';
import { findUserByEmail } from '../users';
import { emailChangeRequests as r } from './schema';

/**
 * Step 3 (GET /api/auth/verify-email-change/:token): the link opened from the new address, on any
 * device, signed in or not. It works once, within 24 hours, for an open request waiting for it, and
 * never for an address another account has.
 */
export async function verifyEmailChangeLink(ctx: AppContext, token: string): Promise<{ message: string; newEmail: string }> {
  return ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const [row] = await tx
      .update(r)
      .set({ status: 'VerifiedNewEmail', tokenHash: null, tokenExpiresAt: null, updatedAt: now })
      .where(and(eq(r.tokenHash, hashToken(token)), gt(r.tokenExpiresAt, now), isNull(r.outcome), eq(r.status, 'PendingNewEmailVerification')))
      .returning();
    if (!row?.newEmail) throw new AppError('TOKEN_INVALID', MESSAGES.tokenInvalid);
    const owner = await findUserByEmail(tx, row.newEmail);
    // Rolls the update back: the address was taken since the link was sent.
    if (owner && owner.id !== row.userId) throw new AppError('TOKEN_INVALID', MESSAGES.tokenInvalid);
    return { message: M.linkVerified, newEmail: row.newEmail };
  });
}
