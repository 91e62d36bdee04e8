import type { AdminUserDetail } from '@landunits/domain/contracts';
import type { AppContext } from '../../platform/context';
import { recordAudit, type AuditActor } from '../audit';
import { userDetail } from './show-user-detail';
import { accountOr404, readsMasked } from './store';

/**
 * POST /api/admin/users/:id/reveal: the person's page unmasked, in this answer only (nothing is
 * remembered: the next read is masked again). The reveal and its reason are committed to the
 * audit log first, so the answer's audit trail shows it. For a role that reads unmasked anyway it
 * is a no-op and writes nothing.
 */
export async function revealPersonalData(ctx: AppContext, admin: AuditActor, userId: string, reason: string): Promise<AdminUserDetail> {
  const user = await accountOr404(ctx, userId);
  if (readsMasked(admin.role)) {
    await ctx.db.transaction(async (tx) => {
      await recordAudit(tx, { actor: admin, at: ctx.clock.now(), action: 'user.reveal', targetType: 'user', targetId: user.id, before: { masked: true }, after: { masked: false }, reason });
    });
  }
  return userDetail(ctx, admin, user.id, { unmasked: true });
}
