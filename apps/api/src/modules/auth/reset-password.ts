import { AUTH_ANSWERS, MESSAGES } from '@landunits/domain';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import { users } from '../../platform/db/schema';
import { AppError } from '../../platform/http/app-error';
import { enqueueEmail } from '../../platform/mail/outbox';
import { hashPassword } from '../../platform/security/passwords';
import { consumeToken, isTokenValid, issueToken } from './email-tokens';
import { emailActionLimits } from './limits';
import { links } from './links';
import { deleteUserSessions } from './sessions';

/** Forgot password: the same answer for every email; a confirmed account gets a 1-hour link. */
export async function requestPasswordReset(ctx: AppContext, email: string, ip: string): Promise<{ message: string }> {
  await ctx.limiter.hit(...emailActionLimits('forgot', ip, email));
  await ctx.db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(and(eq(users.email, email), isNotNull(users.emailVerifiedAt))).for('update');
    if (!user) return;
    const token = await issueToken(ctx, tx, user.id, 'reset');
    await enqueueEmail(ctx, tx, { template: 'reset-password', to: user.email, firstName: user.firstName, link: links(ctx).reset(token) });
  });
  return { message: AUTH_ANSWERS.forgotSent };
}

export async function checkResetToken(ctx: AppContext, token: string): Promise<{ valid: true }> {
  if (!(await isTokenValid(ctx, token, 'reset'))) throw new AppError('TOKEN_INVALID', MESSAGES.tokenInvalid);
  return { valid: true };
}

/** Sets a new password with a reset link (once), ends every session and tells the owner. */
export async function resetPassword(ctx: AppContext, token: string, password: string): Promise<{ message: string }> {
  if (!(await isTokenValid(ctx, token, 'reset'))) throw new AppError('TOKEN_INVALID', MESSAGES.tokenInvalid);
  const passwordHash = await hashPassword(password);
  await ctx.db.transaction(async (tx) => {
    const userId = await consumeToken(ctx, tx, token, 'reset');
    if (!userId) throw new AppError('TOKEN_INVALID', MESSAGES.tokenInvalid);
    const [user] = await tx.update(users).set({ passwordHash, updatedAt: ctx.clock.now() }).where(eq(users.id, userId)).returning();
    if (!user) throw new AppError('TOKEN_INVALID', MESSAGES.tokenInvalid);
    await deleteUserSessions(tx, userId);
    await enqueueEmail(ctx, tx, { template: 'password-changed', to: user.email, firstName: user.firstName, forgotLink: links(ctx).forgot() });
  });
  return { message: AUTH_ANSWERS.passwordReset };
}

