import { ADMIN_USER_MESSAGES as M, type AdminUserActionAnswer } from '@landunits/domain/contracts';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/http/app-error';
import type { AuditActor } from '../audit';
import { deleteUserSessions } from '../auth';
import { accountStatusOf, setAccountDisabled } from '../users';
import { actOnAccount, iso } from './store';

/** POST /api/admin/users/:id/disable: no log-in, every session ended, no Units received (admins: refused). */
export function disableAccount(ctx: AppContext, admin: AuditActor, userId: string, reason: string): Promise<AdminUserActionAnswer> {
  return actOnAccount(ctx, admin, userId, reason, async (tx, user, audit) => {
    if (user.adminRole) throw new AppError('TRANSITION_REFUSED', M.adminNotDisabled);
    if (user.disabledAt) return { message: M.alreadyDisabled, changed: false };
    const now = ctx.clock.now();
    const disabled = await setAccountDisabled(tx, user.id, { at: now, reason }, now);
    const sessionsEnded = await deleteUserSessions(tx, user.id);
    await audit({
      action: 'user.disable',
      before: { status: accountStatusOf(user), disabledAt: null },
      after: { status: 'disabled', disabledAt: iso(disabled?.disabledAt ?? now), sessionsEnded },
    });
    return { message: M.disabled, changed: true };
  });
}
