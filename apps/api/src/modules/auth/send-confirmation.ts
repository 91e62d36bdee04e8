import { AUTH_ANSWERS } from '@landunits/domain';
import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import { users } from '../../platform/db/schema';
import { enqueueEmail } from '../../platform/mail/outbox';
import { confirmEmail } from './emails';
import { issueToken } from './email-tokens';
import { emailActionLimits } from './limits';
import { links } from './links';

/** Resend: a new confirmation link for an account still waiting; the old link stops working. */
export async function sendConfirmation(ctx: AppContext, email: string, ip: string): Promise<{ message: string }> {
  await ctx.limiter.hit(...emailActionLimits('resend', ip, email));
  await ctx.db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(and(eq(users.email, email), isNull(users.emailVerifiedAt))).for('update');
    if (!user) return;
    const token = await issueToken(ctx, tx, user.id, 'confirm');
    await enqueueEmail(ctx, tx, confirmEmail({ to: user.email, firstName: user.firstName, link: links(ctx).confirm(token), resent: true }));
  });
  return { message: AUTH_ANSWERS.confirmationSent };
}
