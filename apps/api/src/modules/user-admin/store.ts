import { hasPermission, type AdminRole } from '@landunits/domain';
import { ADMIN_USER_MESSAGES as M, type AdminUserActionAnswer } from '@landunits/domain/contracts';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/db/client';
import { AppError } from '../../platform/http/app-error';
import { recordAudit, type AuditActor } from '../audit';
import { requirePermissionOf } from '../auth';
import { findUserById, lockUserById, type UserRow } from '../users';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** The account of this id, or 404 (also for an id that is not one). */
export async function accountOr404(ctx: Pick<AppContext, 'db'>, userId: string): Promise<UserRow> {
  const user = UUID.test(userId) ? await findUserById(ctx.db, userId.toLowerCase()) : undefined;
  if (!user) throw new AppError('NOT_FOUND', M.notFound);
  return user;
}

/** Whether this role reads personal data masked (PRODUCT-DECISIONS §12: SUPPORT, and FINANCE, until a reveal). */
export const readsMasked = (role: AdminRole) => !hasPermission(role, 'users.manage');

/* ---------------- actions ---------------- */

/**
 * The actions on a person's account (PRODUCT-DECISIONS §12), each in one transaction with its
 * audit row: the admin's role is read again inside it (users.manage), the account is locked, and
 * an action that would change nothing answers so and writes nothing.
 */

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
