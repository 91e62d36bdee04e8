import { ACCOUNT_MESSAGES } from '@landunits/domain';
import { ACCOUNT_SETTINGS_ANSWERS } from '@landunits/domain/contracts';
import { and, eq, ne } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import { inTransaction } from '../../platform/db/transaction';
import { AppError } from '../../platform/http/app-error';
import { notify } from '../notifications';
import { enqueueEmail } from '../../platform/mail/outbox';
import { hashPassword, verifyPassword } from '../../platform/security/passwords';
import { hashToken } from '../../platform/security/tokens';
import { setPasswordHash, type UserRow } from '../users';
import { PASSWORD_CHANGED, passwordChangedEmail } from './emails';
import { revokeResetTokens, auditStaffSecurity } from './store';
import { endSecondSteps } from './second-step';
import { limits } from './limits';
import { links } from './links';
import { sessions } from './schema';

const wrong = (field: 'currentPassword' | 'newPassword', message: string) => new AppError('VALIDATION_FAILED', message, { [field]: message });

/**
 * Changes a signed-in person's password: the current one is checked like at login (and wrong
 * guesses are limited per account like failed logins), the new one must differ. Every other session
 * ends (the one making the change stays) and the owner is emailed, always (a security email).
 */
export async function changePassword(ctx: AppContext, user: UserRow, currentSessionToken: string, input: { currentPassword: string; newPassword: string }): Promise<{ message: string }> {
  const failures = limits.passwordChangeFailuresPerAccount(user.id);
  await ctx.limiter.check(failures);
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    await ctx.limiter.count(failures);
    throw wrong('currentPassword', ACCOUNT_MESSAGES.currentPasswordWrong);
  }
  if (input.newPassword === input.currentPassword) throw wrong('newPassword', ACCOUNT_MESSAGES.newPasswordSame);
  const passwordHash = await hashPassword(input.newPassword);
  await inTransaction(ctx.db, async (tx) => {
    const updated = await setPasswordHash(tx, user.id, passwordHash, ctx.clock.now());
    if (!updated) throw new Error(`user ${user.id} not found`);
    await tx.delete(sessions).where(and(eq(sessions.userId, user.id), ne(sessions.tokenHash, hashToken(currentSessionToken))));
    await revokeResetTokens(tx, user.id);
    await endSecondSteps(tx, user.id);
    await enqueueEmail(ctx, tx, passwordChangedEmail({ to: updated.email, firstName: updated.firstName, forgotLink: links(ctx).forgot(), kept: 'this one' }));
    await notify(tx, { userId: user.id, ...PASSWORD_CHANGED, at: ctx.clock.now() });
    await auditStaffSecurity(tx, user, 'password.changed', ctx.clock.now());
  });
  return { message: ACCOUNT_SETTINGS_ANSWERS.passwordChanged };
}
