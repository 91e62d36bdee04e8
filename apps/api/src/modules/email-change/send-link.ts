import { ACCOUNT_MESSAGES } from '@landunits/domain';
import { EMAIL_CHANGE_MESSAGES as M, type EmailChangeAnswer } from '@landunits/domain/contracts';
import { HOUR } from '../../platform/clock';
import type { AppContext } from '../../platform/context';
import { AppError, VALIDATION_MESSAGE } from '../../platform/http/app-error';
import { enqueueEmail } from '../../platform/mail/outbox';
import { newToken } from '../../platform/security/tokens';
import { findUserByEmail, type UserRow } from '../users';
import { changeRequestedEmail, emailChangeLinks, verifyNewAddressEmail } from './emails';
import { sendLinkLimit } from './limits';
import { lockOpenRequestAt, toEmailChangeView, updateRequest } from './store';

export const LINK_LIFETIME_MS = 24 * HOUR;

/**
 * Step 2 (PUT /api/user/send-verification-link-email-change/), also the Resend: a new 24-hour link
 * to the new address (any earlier link stops working) and a warning to the current address. An
 * address that belongs to another account gets the same answer but no link: the request can
 * never be confirmed (PRODUCT-DECISIONS §9), and nobody learns whose address it is.
 */
export async function sendEmailChangeLink(ctx: AppContext, user: UserRow, newEmail: string): Promise<EmailChangeAnswer> {
  if (newEmail === user.email) throw new AppError('VALIDATION_FAILED', VALIDATION_MESSAGE, { newEmail: ACCOUNT_MESSAGES.newEmailSame });
  await ctx.limiter.hit(sendLinkLimit(user.id));
  const links = emailChangeLinks(ctx);
  const row = await ctx.db.transaction(async (tx) => {
    const open = await lockOpenRequestAt(tx, user.id, ['PasswordVerified', 'PendingNewEmailVerification'], M.notAtNewEmailStep);
    const now = ctx.clock.now();
    const owner = await findUserByEmail(tx, newEmail);
    const { token, hash } = newToken();
    const updated = await updateRequest(tx, open.id, {
      status: 'PendingNewEmailVerification',
      newEmail,
      tokenHash: hash,
      tokenExpiresAt: new Date(now.getTime() + LINK_LIFETIME_MS),
      updatedAt: now,
    });
    if (!owner) await enqueueEmail(ctx, tx, verifyNewAddressEmail({ to: newEmail, firstName: user.firstName, link: links.verify(token) }));
    await enqueueEmail(ctx, tx, changeRequestedEmail({ to: user.email, firstName: user.firstName, page: links.page() }));
    return updated;
  });
  return { message: M.linkSent, emailChange: toEmailChangeView(row) };
}
