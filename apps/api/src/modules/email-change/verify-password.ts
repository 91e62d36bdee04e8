import { EMAIL_CHANGE_MESSAGES as M, type EmailChangeAnswer } from '@landunits/domain/contracts';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/http/app-error';
import { verifyPassword } from '../../platform/security/passwords';
import type { UserRow } from '../users';
import { passwordFailuresLimit } from './limits';
import { emailChangeRequests } from './schema';
import { lockOpenRequest, toEmailChangeView, updateRequest, type EmailChangeRow } from './store';

/**
 * Step 1 (PUT /api/user/verify-password-email-change/): the current password, checked with the
 * login's hashing and limited like failed logins. A request starts at PendingPasswordVerification
 * and moves to PasswordVerified here; an open request still at step 1 or 2 is reused.
 */
export async function verifyPasswordForEmailChange(ctx: AppContext, user: UserRow, password: string): Promise<EmailChangeAnswer> {
  const failures = passwordFailuresLimit(user.id);
  await ctx.limiter.check(failures);
  if (!(await verifyPassword(user.passwordHash, password))) {
    await ctx.limiter.count(failures);
    throw new AppError('VALIDATION_FAILED', M.passwordWrong, { password: M.passwordWrong });
  }
  const row = await ctx.db.transaction(async (tx): Promise<EmailChangeRow> => {
    const now = ctx.clock.now();
    const open = await lockOpenRequest(tx, user.id);
    if (open) {
      if (open.status !== 'PendingPasswordVerification' && open.status !== 'PasswordVerified') throw new AppError('TRANSITION_REFUSED', M.notAtPasswordStep);
      return updateRequest(tx, open.id, { status: 'PasswordVerified', updatedAt: now });
    }
    const [created] = await tx.insert(emailChangeRequests).values({ userId: user.id, status: 'PendingPasswordVerification', createdAt: now, updatedAt: now }).onConflictDoNothing().returning();
    // Two first steps at once: the other one opened the request; this one reuses it.
    const opened = created ?? (await lockOpenRequest(tx, user.id));
    if (!opened) throw new AppError('TRANSITION_REFUSED', M.noOpenRequest);
    return updateRequest(tx, opened.id, { status: 'PasswordVerified', updatedAt: now });
  });
  return { message: M.passwordVerified, emailChange: toEmailChangeView(row) };
}
