import { EMAIL_CHANGE_MESSAGES as M, type AdminEmailChangeDetail } from '@landunits/domain/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/db/client';
import { AppError } from '../../platform/http/app-error';
import { notify } from '../notifications';
import { enqueueEmail } from '../../platform/mail/outbox';
import { recordAudit, type AuditActor } from '../audit';
import { activeMoneyHold, deleteUserSessions, requirePermissionOf, revokeResetTokens, startMoneyHold } from '../auth';
import { moveNewsletterSubscription } from '../newsletter';
import { changeUserEmail, findUsersByIds, type Person } from '../users';
import { toAdminRequest } from './admin-requests';
import { emailChangedEmail, emailChangeLinks, emailChangeRejectedEmail } from './emails';
import { emailChangeRequests as r } from './schema';
import { updateRequest, type EmailChangeRow } from './store';

type Decided = { message: string; request: AdminEmailChangeDetail['request'] };

/** The request waiting for a decision, locked; 404 for an unknown one, 409 for one not waiting. */
async function lockPending(tx: Db, id: string): Promise<{ row: EmailChangeRow; person: Person }> {
  const [row] = await tx.select().from(r).where(eq(r.id, id)).for('update');
  if (!row) throw new AppError('NOT_FOUND', M.notFound);
  if (row.outcome !== null || row.status !== 'PendingAdminApproval' || !row.newEmail) throw new AppError('TRANSITION_REFUSED', M.notDecidable);
  const person = (await findUsersByIds(tx, [row.userId])).get(row.userId);
  if (!person) throw new AppError('NOT_FOUND', M.notFound);
  return { row, person };
}

/**
 * POST /api/admin/email-changes/:id/approve: the account moves to the new address (when it is still
 * free: 409 and nothing changed otherwise), every session of the person ends, both addresses are
 * told, and the audit row is written, all in one transaction.
 */
export async function approveEmailChange(ctx: AppContext, admin: AuditActor, id: string, internalNote: string | undefined): Promise<Decided> {
  return ctx.db.transaction(async (tx) => {
    const role = await requirePermissionOf(tx, admin.userId, 'emailChanges.review');
    const { row, person } = await lockPending(tx, id);
    const now = ctx.clock.now();
    // Locked by "This was not me" (decision 0049): the request may be the intruder's, and the new
    // address could reset the password that ends the lock.
    if ((await activeMoneyHold(tx, row.userId, now))?.reason === 'not-me') throw new AppError('CONFLICT', M.accountLocked);
    const newEmail = row.newEmail as string;
    const changed = await changeUserEmail(tx, row.userId, newEmail, now);
    if (!changed) throw new AppError('CONFLICT', M.addressTaken);
    await deleteUserSessions(tx, row.userId);
    await revokeResetTokens(tx, row.userId);
    const moneyHoldUntil = await startMoneyHold(tx, row.userId, 'email-change', now);
    await moveNewsletterSubscription(tx, person.email, newEmail, now);
    const decided = await updateRequest(tx, row.id, {
      outcome: 'Approved',
      oldEmail: person.email,
      internalNote: internalNote || null,
      decidedBy: admin.userId,
      decidedAt: now,
      updatedAt: now,
    });
    const login = emailChangeLinks(ctx).login();
    for (const to of [person.email, newEmail]) {
      await enqueueEmail(ctx, tx, emailChangedEmail({ to, firstName: person.firstName, oldEmail: person.email, newEmail, login, moneyHoldUntil }));
    }
    await notify(tx, {
      userId: row.userId,
      category: 'security',
      title: 'Your email address was changed',
      body: `You now sign in with ${newEmail}.`,
      link: '/dashboard/settings/change-email',
      at: now,
    });
    await recordAudit(tx, {
      actor: { ...admin, role },
      at: now,
      action: 'emailChange.approve',
      targetType: 'emailChange',
      targetId: row.id,
      before: { email: person.email, status: row.status, outcome: null },
      after: { email: newEmail, status: row.status, outcome: 'Approved', internalNote: internalNote || null },
    });
    return { message: M.approved, request: toAdminRequest(decided, { ...person, email: newEmail }) };
  });
}

/** POST /api/admin/email-changes/:id/reject: closed with a reason, emailed to the current address. */
export async function rejectEmailChange(ctx: AppContext, admin: AuditActor, id: string, input: { reason: string; internalNote?: string | undefined }): Promise<Decided> {
  return ctx.db.transaction(async (tx) => {
    const role = await requirePermissionOf(tx, admin.userId, 'emailChanges.review');
    const { row, person } = await lockPending(tx, id);
    const now = ctx.clock.now();
    const [decided] = await tx
      .update(r)
      .set({ outcome: 'Rejected', rejectionReason: input.reason, internalNote: input.internalNote || null, decidedBy: admin.userId, decidedAt: now, updatedAt: now })
      .where(and(eq(r.id, row.id), isNull(r.outcome)))
      .returning();
    if (!decided) throw new AppError('TRANSITION_REFUSED', M.notDecidable);
    await notify(tx, { userId: person.id, category: 'security', title: 'Your email change was not approved', body: input.reason, link: '/dashboard/settings/change-email', at: ctx.clock.now() });
    await enqueueEmail(ctx, tx, emailChangeRejectedEmail({ to: person.email, firstName: person.firstName, reason: input.reason, page: emailChangeLinks(ctx).page() }));
    await recordAudit(tx, {
      actor: { ...admin, role },
      at: now,
      action: 'emailChange.reject',
      targetType: 'emailChange',
      targetId: row.id,
      before: { status: row.status, outcome: null },
      after: { status: row.status, outcome: 'Rejected', internalNote: input.internalNote || null },
      reason: input.reason,
    });
    return { message: M.rejected, request: toAdminRequest(decided, person) };
  });
}
