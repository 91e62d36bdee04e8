import { SECURITY_MESSAGES } from '@landunits/domain';
import type { AppContext } from '../../platform/context';
import { inTransaction } from '../../platform/db/transaction';
import { AppError } from '../../platform/http/app-error';
import { enqueueEmail } from '../../platform/mail/outbox';
import { notify } from '../notifications';
import { lockUserById } from '../users';
import { consumeToken, issueToken, auditStaffSecurity } from './store';
import { limits } from './limits';
import { links } from './links';
import { lockMoneyUntilReset } from './money-holds';
import { endSecondSteps } from './second-step';
import { MONEY_LOCKED, notMeEmail } from './emails';
import { deleteUserSessions } from './sessions/store';

/**
 * POST /api/auth/not-me/:token, "This was not me" from a new-device email (decision 0049): in
 * one transaction the link is used up, every session and sign-in in progress ends, sales,
 * transfers and payouts are locked until the password is reset, and a reset link is emailed. The
 * link proves only that its reader has the mailbox, so it can lock the account but never unlock
 * anything: only the password reset does.
 */
export async function reportNotMe(ctx: AppContext, token: string, ip: string): Promise<{ message: string }> {
  await ctx.limiter.hit(limits.notMePerIp(ip));
  await inTransaction(ctx.db, async (tx) => {
    const userId = await consumeToken(ctx, tx, token, 'not-me');
    if (!userId) throw new AppError('TOKEN_INVALID', SECURITY_MESSAGES.notMeLinkInvalid);
    const user = await lockUserById(tx, userId);
    if (!user) throw new AppError('TOKEN_INVALID', SECURITY_MESSAGES.notMeLinkInvalid);
    const now = ctx.clock.now();
    await deleteUserSessions(tx, userId);
    await endSecondSteps(tx, userId);
    await lockMoneyUntilReset(tx, userId, now);
    const reset = await issueToken(ctx, tx, userId, 'reset');
    await enqueueEmail(ctx, tx, notMeEmail({ to: user.email, firstName: user.firstName, resetLink: links(ctx).reset(reset) }));
    await notify(tx, { userId, ...MONEY_LOCKED, at: now });
    await auditStaffSecurity(tx, user, 'notMe', now);
  });
  return { message: SECURITY_MESSAGES.notMeDone };
}
