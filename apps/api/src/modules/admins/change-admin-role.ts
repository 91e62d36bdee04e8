import { ADMINS_MESSAGES as M, type AdminRole } from '@landunits/domain';
import type { AdminAnswer } from '@landunits/domain/contracts';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/db/client';
import { AppError } from '../../platform/http/app-error';
import { recordAudit, type AuditActor } from '../audit';
import { invitationExpiries, requirePermissionOf } from '../auth';
import { lockAdminById, setAdminRole, type AdminRow } from '../users';
import { ensureOwnerRemains, isUuid, lockAdminManagement, statusOf, toAdminItem } from './admin-rules';

/**
 * The first steps of every change to one admin, under the admins lock: the actor's permission as it
 * is now, never themselves (403), and the admin locked (404 for anyone else).
 */
export async function lockTargetAdmin(tx: Db, admin: AuditActor, id: string, selfMessage: string): Promise<{ actor: AuditActor; target: AdminRow }> {
  await lockAdminManagement(tx);
  const actor = { ...admin, role: await requirePermissionOf(tx, admin.userId, 'admins.manage') };
  if (id === admin.userId) throw new AppError('FORBIDDEN', selfMessage);
  const target = isUuid(id) ? await lockAdminById(tx, id) : undefined;
  if (!target) throw new AppError('NOT_FOUND', M.notFound);
  return { actor, target };
}

/**
 * POST /api/admin/admins/:id/role: the new role and its audit row in one transaction. It applies
 * to the admin's next request (every request reads the role with the session). The same role again
 * changes nothing and writes nothing; the last owner keeps the role.
 */
export async function changeAdminRole(ctx: AppContext, admin: AuditActor, id: string, role: AdminRole): Promise<AdminAnswer> {
  return ctx.db.transaction(async (tx) => {
    const { actor, target } = await lockTargetAdmin(tx, admin, id, M.ownRole);
    const expiry = target.emailVerifiedAt ? null : ((await invitationExpiries(tx, [target.id], ctx.clock.now())).get(target.id) ?? null);
    if (target.adminRole === role) return { message: M.roleUnchanged, admin: toAdminItem(target, expiry, admin.userId) };
    if (target.adminRole === 'OWNER') await ensureOwnerRemains(tx, target.id);
    const now = ctx.clock.now();
    await setAdminRole(tx, target.id, role, now);
    await recordAudit(tx, {
      actor,
      at: now,
      action: 'admin.changeRole',
      targetType: 'admin',
      targetId: target.id,
      before: { email: target.email, role: target.adminRole, status: statusOf(target) },
      after: { email: target.email, role, status: statusOf(target) },
    });
    return { message: M.roleChanged, admin: toAdminItem({ ...target, adminRole: role }, expiry, admin.userId) };
  });
}
