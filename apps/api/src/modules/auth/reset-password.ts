import { AUTH_ANSWERS, MESSAGES } from '@landunits/domain';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/http/app-error';
import { notify } from '../notifications';
import { enqueueEmail } from '../../platform/mail/outbox';
import { PASSWORD_CHANGED, passwordChangedEmail, resetPasswordEmail } from './emails';
import { hashPassword } from '../../platform/security/passwords';
import { consumeToken, isTokenValid, issueToken, auditStaffSecurity } from './store';
import { emailActionLimits } from './limits';
import { links } from './links';
import { deleteUserSessions } from './sessions/store';
import { endSecondSteps } from './second-step';
import { lockConfirmedUserByEmail, setPasswordHash } from '../users';
import { endLocksUntilReset, startMoneyHold } from './money-holds';

/** Forgot password: the same answer for every email; a confirmed account gets a 1-hour link. */
export async function requestPasswordReset(ctx: AppContext, email: string, ip: string): Promise<{ message: string }> {
  await ctx.limiter.hit(...emailActionLimits('forgot', ip, email));
  await ctx.db.transaction(async (tx) => {
    const user = await lockConfirmedUserByEmail(tx, email);
    if (!user) return;
    const token = await issueToken(ctx, tx, user.id, 'reset');
    await enqueueEmail(ctx, tx, resetPasswordEmail({ to: user.email, firstName: user.firstName, link: links(ctx).reset(token) }));
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
    const user = await setPasswordHash(tx, userId, passwordHash, ctx.clock.now());
    if (!user) throw new AppError('TOKEN_INVALID', MESSAGES.tokenInvalid);
    await deleteUserSessions(tx, userId);
    await endSecondSteps(tx, userId);
    await endLocksUntilReset(tx, userId, ctx.clock.now());
    const moneyHoldUntil = await startMoneyHold(tx, userId, 'password-reset', ctx.clock.now());
    await enqueueEmail(ctx, tx, passwordChangedEmail({ to: user.email, firstName: user.firstName, forgotLink: links(ctx).forgot(), moneyHoldUntil: moneyHoldUntil ?? undefined }));
    await notify(tx, { userId, ...PASSWORD_CHANGED, at: ctx.clock.now() });
    await auditStaffSecurity(tx, user, 'password.reset', ctx.clock.now());
  });
  return { message: AUTH_ANSWERS.passwordReset };
}
