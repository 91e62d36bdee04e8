import { ADMINS_MESSAGES as M } from '@landunits/domain';
import type { AppContext } from '../../platform/context';
import { recordAudit, type AuditActor } from '../audit';
import { deleteUserSessions } from '../auth';
import { deleteInvitedAdmin, setAdminRole } from '../users';
import { lockTargetAdmin } from './change-admin-role';
import { ensureOwnerRemains } from './admin-rules';

/**
 * POST /api/admin/admins/:id/remove. An active admin loses the role and every session at once (the
 * account stays, without admin rights, so their name stays on their audit rows); an invitation not
 * yet accepted is cancelled (the row and its link are deleted). One audit row either way; never
 * yourself, never the last owner.
 */
export async function removeAdmin(ctx: AppContext, admin: AuditActor, id: string): Promise<{ message: string }> {
  return ctx.db.transaction(async (tx) => {
    const { actor, target } = await lockTargetAdmin(tx, admin, id, M.removeSelf);
    const now = ctx.clock.now();
    const before = { email: target.email, role: target.adminRole, status: target.emailVerifiedAt ? 'active' : 'invited' };
    if (!target.emailVerifiedAt) {
      await deleteInvitedAdmin(tx, target.id);
      await recordAudit(tx, { actor, at: now, action: 'admin.cancelInvitation', targetType: 'admin', targetId: target.id, before, after: null });
      return { message: M.invitationCancelled };
    }
    if (target.adminRole === 'OWNER') await ensureOwnerRemains(tx, target.id);
    await setAdminRole(tx, target.id, null, now);
    await deleteUserSessions(tx, target.id);
    await recordAudit(tx, { actor, at: now, action: 'admin.remove', targetType: 'admin', targetId: target.id, before, after: { email: target.email, role: null, status: 'removed' } });
    return { message: M.removed };
  });
}
