import { ADMIN_USER_MESSAGES as M, type AdminUserActionAnswer } from '@landunits/domain/contracts';
import type { AppContext } from '../../platform/context';
import type { AuditActor } from '../audit';
import { accountStatusOf, setAccountDisabled } from '../users';
import { actOnAccount, iso } from './store';

/** POST /api/admin/users/:id/enable: the account can log in and receive Units again. */
export function enableAccount(ctx: AppContext, admin: AuditActor, userId: string, reason: string): Promise<AdminUserActionAnswer> {
  return actOnAccount(ctx, admin, userId, reason, async (tx, user, audit) => {
    if (!user.disabledAt) return { message: M.notDisabled, changed: false };
    const enabled = await setAccountDisabled(tx, user.id, null, ctx.clock.now());
    await audit({
      action: 'user.enable',
      before: { status: 'disabled', disabledAt: iso(user.disabledAt), disabledReason: user.disabledReason },
      after: { status: enabled ? accountStatusOf(enabled) : 'active', disabledAt: null },
    });
    return { message: M.enabled, changed: true };
  });
}
