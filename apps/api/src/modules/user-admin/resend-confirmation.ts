import { ADMIN_USER_MESSAGES as M, type AdminUserActionAnswer } from '@landunits/domain/contracts';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/http/app-error';
import type { AuditActor } from '../audit';
import { sendConfirmationLink } from '../auth';
import { actOnAccount } from './store';

/** POST /api/admin/users/:id/resend-confirmation: a new link for an account not yet confirmed. */
export function resendConfirmation(ctx: AppContext, admin: AuditActor, userId: string, reason: string): Promise<AdminUserActionAnswer> {
  return actOnAccount(ctx, admin, userId, reason, async (tx, user, audit) => {
    if (user.emailVerifiedAt) throw new AppError('TRANSITION_REFUSED', M.alreadyConfirmed);
    if (user.disabledAt) throw new AppError('TRANSITION_REFUSED', M.confirmationDisabled);
    await sendConfirmationLink(ctx, tx, user);
    await audit({ action: 'user.resendConfirmation', before: { status: 'unconfirmed' }, after: { status: 'unconfirmed', confirmationEmailQueued: true } });
    return { message: M.confirmationSent, changed: true };
  });
}
