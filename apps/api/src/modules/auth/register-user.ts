import { AUTH_ANSWERS, type RegisterPayload } from '@landunits/domain';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import { users } from '../../platform/db/schema';
import { enqueueEmail } from '../../platform/mail/outbox';
import { alreadyRegisteredEmail, confirmEmail } from './emails';
import { hashPassword } from '../../platform/security/passwords';
import { issueToken } from './email-tokens';
import { emailActionLimits } from './limits';
import { links } from './links';

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
    const [created] = await tx
      .insert(users)
      .values({ email: input.email, ...details, createdAt: now, updatedAt: now })
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id });
    if (created) {
      const token = await issueToken(ctx, tx, created.id, 'confirm');
      await enqueueEmail(ctx, tx, confirmEmail({ to: input.email, firstName: input.firstName, link: links(ctx).confirm(token), resent: false }));
      return;
    }
    const [existing] = await tx.select().from(users).where(eq(users.email, input.email)).for('update');
    if (!existing) throw new Error('account vanished during registration');
    if (existing.emailVerifiedAt) {
      await enqueueEmail(ctx, tx, alreadyRegisteredEmail({
        to: existing.email,
        firstName: existing.firstName,
        loginLink: links(ctx).login(),
        forgotLink: links(ctx).forgot(),
      }));
      return;
    }
    // A registration that was never confirmed: the latest details win and only the newest link works.
    await tx.update(users).set({ ...details, updatedAt: now }).where(eq(users.id, existing.id));
    const token = await issueToken(ctx, tx, existing.id, 'confirm');
    await enqueueEmail(ctx, tx, confirmEmail({ to: input.email, firstName: input.firstName, link: links(ctx).confirm(token), resent: false }));
  });
  return { message: AUTH_ANSWERS.registered };
}
