import { AUTH_ANSWERS } from '@landunits/domain';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/db/client';
import { enqueueEmail } from '../../platform/mail/outbox';
import { confirmEmail } from './emails';
import { issueToken } from './store';
import { emailActionLimits } from './limits';
import { links } from './links';
import { lockUnconfirmedUserByEmail, type UserRow } from '../users';

/** Resend: a new confirmation link for an account still waiting; the old link stops working. */
export async function sendConfirmation(ctx: AppContext, email: string, ip: string): Promise<{ message: string }> {
  await ctx.limiter.hit(...emailActionLimits('resend', ip, email));
  await ctx.db.transaction(async (tx) => {
    const user = await lockUnconfirmedUserByEmail(tx, email);
    if (!user) return;
    await sendConfirmationLink(ctx, tx, user);
  });
  return { message: AUTH_ANSWERS.confirmationSent };
}

/**
 * A new confirmation link for a locked account still waiting (the earlier one stops working),
 * emailed in the caller's transaction; also an admin's resend (modules/user-admin).
 */
export async function sendConfirmationLink(ctx: AppContext, tx: Db, user: Pick<UserRow, 'id' | 'email' | 'firstName'>): Promise<void> {
  const token = await issueToken(ctx, tx, user.id, 'confirm');
  await enqueueEmail(ctx, tx, confirmEmail({ to: user.email, firstName: user.firstName, link: links(ctx).confirm(token), resent: true }));
}
