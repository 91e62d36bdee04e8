import { ADMINS_MESSAGES as M, type AdminRole } from '@landunits/domain';
import type { AdminAnswer } from '@landunits/domain/contracts';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/http/app-error';
import { enqueueEmail } from '../../platform/mail/outbox';
import { hashPassword } from '../../platform/security/passwords';
import { newToken } from '../../platform/security/tokens';
import { recordAudit, type AuditActor } from '../audit';
import { issueInvitationLink, requirePermissionOf } from '../auth';
import { findUsersByIds, insertInvitedAdmin, lockAccountByEmail, setAdminRole, type AdminRow } from '../users';
import { adminName, lockAdminManagement, toAdminItem } from './admin-rules';
import { invitationEmail } from './emails';

/**
 * POST /api/admin/admins/invite: an invited admin (a row with the role and no confirmed email), a
 * 72-hour single-use link by email and one audit row, in one transaction.
 *
 * - An address with an open (or expired) invitation gets a new link, with the role now chosen;
 *   the earlier link stops working (200, `admin.reinvite`).
 * - An address that belongs to an admin, or to a customer account (confirmed or still waiting for
 *   its confirmation), is refused with 409 and nothing is written: an admin account is a person's
 *   staff account, never a customer's account with more rights.
 */
export async function inviteAdmin(ctx: AppContext, admin: AuditActor, input: { email: string; role: AdminRole }): Promise<{ created: boolean; answer: AdminAnswer }> {
  // An invited admin has a password nobody knows until they choose one (a real hash, so signing in
  // with this address takes as long as with any other).
  const unusableHash = await hashPassword(newToken().token);
  return ctx.db.transaction(async (tx) => {
    await lockAdminManagement(tx);
    const actor = { ...admin, role: await requirePermissionOf(tx, admin.userId, 'admins.manage') };
    const now = ctx.clock.now();
    const existing = await lockAccountByEmail(tx, input.email);
    if (existing && !existing.adminRole) throw new AppError('CONFLICT', M.customerAccount);
    if (existing?.emailVerifiedAt) throw new AppError('CONFLICT', M.alreadyAdmin);

    let row: AdminRow;
    if (existing) {
      if (existing.adminRole !== input.role) await setAdminRole(tx, existing.id, input.role, now);
      row = { ...existing, adminRole: input.role };
    } else {
      const inserted = await insertInvitedAdmin(tx, { email: input.email, role: input.role, passwordHash: unusableHash }, now);
      // Taken a moment ago by a registration: a customer account.
      if (!inserted) throw new AppError('CONFLICT', M.customerAccount);
      row = inserted;
    }

    const { link, expiresAt } = await issueInvitationLink(ctx, tx, row.id);
    const inviter = (await findUsersByIds(tx, [admin.userId])).get(admin.userId);
    await enqueueEmail(ctx, tx, invitationEmail({ to: row.email, role: input.role, inviter: inviter ? adminName(inviter) || inviter.email : 'An owner', link, expiresAt, resent: Boolean(existing) }));
    await recordAudit(tx, {
      actor,
      at: now,
      action: existing ? 'admin.reinvite' : 'admin.invite',
      targetType: 'admin',
      targetId: row.id,
      before: existing ? { email: existing.email, role: existing.adminRole, status: 'invited' } : null,
      after: { email: row.email, role: input.role, status: 'invited', invitationExpiresAt: expiresAt.toISOString() },
    });
    return { created: !existing, answer: { message: existing ? M.reinvited : M.invited, admin: toAdminItem(row, expiresAt, admin.userId) } };
  });
}
