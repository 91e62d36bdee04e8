import { AUTH_ANSWERS, type RegisterPayload } from '@landunits/domain';
import type { AppContext } from '../../platform/context';
import { enqueueEmail } from '../../platform/mail/outbox';
import { alreadyRegisteredEmail, confirmEmail, invitationWaitingEmail } from './emails';
import { hashPassword } from '../../platform/security/passwords';
import { issueToken } from './store';
import { emailActionLimits } from './limits';
import { links } from './links';
import { insertPendingUser, lockUserByEmail, replaceUserDetails } from '../users';

/**
 * Registers an account waiting for email confirmation. The answer is the same for a new email, a
 * pending one (its details are replaced and a fresh link sent) and a confirmed one (its owner is
 * told someone tried), so nobody learns who has an account.
 */
export async function registerUser(ctx: AppContext, input: RegisterPayload, ip: string): Promise<{ message: string }> {
  await ctx.limiter.hit(...emailActionLimits('register', ip, input.email));
  const passwordHash = await hashPassword(input.password);
  const details = {
    firstName: input.firstName,
    lastName: input.lastName ?? null,
    businessName: input.businessName ?? null,
    userType: input.userType,
    passwordHash,
  };

  await ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const created = await insertPendingUser(tx, input.email, details, now);
    if (created) {
      const token = await issueToken(ctx, tx, created.id, 'confirm');
      await enqueueEmail(ctx, tx, confirmEmail({ to: input.email, firstName: input.firstName, link: links(ctx).confirm(token), resent: false }));
      return;
    }
    const existing = await lockUserByEmail(tx, input.email);
    if (!existing) throw new Error('account vanished during registration');
    if (existing.emailVerifiedAt) {
      await enqueueEmail(
        ctx,
        tx,
        alreadyRegisteredEmail({
          to: existing.email,
          firstName: existing.firstName,
          loginLink: links(ctx).login(),
          forgotLink: links(ctx).forgot(),
        }),
      );
      return;
    }
    if (existing.adminRole) {
      // An invited admin: the invitation link is their way in; registering changes nothing.
      await enqueueEmail(ctx, tx, invitationWaitingEmail({ to: existing.email }));
      return;
    }
    // A registration that was never confirmed: the latest details win and only the newest link works.
    await replaceUserDetails(tx, existing.id, details, now);
    const token = await issueToken(ctx, tx, existing.id, 'confirm');
    await enqueueEmail(ctx, tx, confirmEmail({ to: input.email, firstName: input.firstName, link: links(ctx).confirm(token), resent: false }));
  });
  return { message: AUTH_ANSWERS.registered };
}
