import { ADMIN_USER_MESSAGES as M, type AdminUserActionAnswer } from '@landunits/domain/contracts';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/db/client';
import { AppError } from '../../platform/http/app-error';
import { recordAudit, type AuditActor } from '../audit';
import { deleteUserSessions, requirePermissionOf, sendConfirmationLink } from '../auth';
import { accountStatusOf, lockUserById, setAccountDisabled, type UserRow } from '../users';
import { accountOr404 } from './user-detail';

/**
 * The actions on a person's account (PRODUCT-DECISIONS §12), each in one transaction with its
 * audit row: the admin's role is read again inside it (users.manage), the account is locked, and
 * an action that would change nothing answers so and writes nothing.
 */

const iso = (d: Date | null) => (d ? d.toISOString() : null);

async function lockAccount(tx: Db, userId: string): Promise<UserRow> {
  const user = await lockUserById(tx, userId);
  if (!user) throw new AppError('NOT_FOUND', M.notFound);
  return user;
}

type Act = (tx: Db, user: UserRow, audit: (event: { action: string; before: unknown; after: unknown }) => Promise<void>) => Promise<AdminUserActionAnswer>;

/** Runs one action on the account of `userId` for `admin`, with the audit row in the same transaction. */
export async function actOnAccount(ctx: AppContext, admin: AuditActor, userId: string, reason: string, act: Act): Promise<AdminUserActionAnswer> {
  const { id } = await accountOr404(ctx, userId);
  return ctx.db.transaction(async (tx) => {
    const role = await requirePermissionOf(tx, admin.userId, 'users.manage');
    const user = await lockAccount(tx, id);
    const at = ctx.clock.now();
    return act(tx, user, (event) => recordAudit(tx, { actor: { ...admin, role }, at, targetType: 'user', targetId: user.id, reason, ...event }));
  });
}

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
