import { PAYOUT_MESSAGES, PAYOUT_QUEUE_STATUSES, payoutNeedsSecondAdmin, type MarkPayoutPaid, type OrderStatus } from '@landunits/domain';
import type { PayoutState } from '@landunits/domain/contracts';
import type { DbContext } from '../../../platform/context';
import type { Db } from '../../../platform/db/client';
import { AppError } from '../../../platform/http/app-error';
import { runIdempotent, type StoredResponse } from '../../../platform/http/idempotency';
import { recordAudit, type AuditActor } from '../../audit';
import { refuseDuringMoneyHold, requirePermissionOf } from '../../auth';
import { findUsersByIds } from '../../users';
import { lockApprovedBankDetails } from '../../verification';
import { issueOrderDocument } from '../issue-order-document';
import { lockOrder, moveOrder, notFound, transitionRefused } from '../store';
import type { Submission } from '../order-types';
import { toOrderView, type OrderRow, type OrderView } from '../order-view';
import { lockPayoutRow, payoutAdminIds, payoutCentsOf, toPayoutState, type PayoutRow } from './payout-state';
import { sellPayouts } from '../schema';
import { sendOrderEmail } from '../send-order-email';
import { settleSoldUnits } from '../settle-sold-units';

/** An admin acting on a payout, as the route passes them (the role is read again in the transaction). */
export type PayoutAdmin = Omit<AuditActor, 'role'>;

export type PayoutAnswer = StoredResponse<{ orderData: OrderView & { payout: PayoutState } }>;

/** A locked sale that can still be paid out, with its payout row (if marked); 404 or 409 otherwise. */
export async function lockSale(tx: Db, orderId: string): Promise<{ order: OrderRow; payout: PayoutRow | undefined }> {
  const order = await lockOrder(tx, orderId);
  if (!order) throw notFound();
  if (order.orderType !== 'SELL') throw new AppError('TRANSITION_REFUSED', PAYOUT_MESSAGES.notASale);
  return { order, payout: await lockPayoutRow(tx, orderId) };
}

/** The order as the payout routes answer it: the admin's view with its payout state. */
export async function payoutAnswer(tx: Db, order: OrderRow, payout: PayoutRow | undefined, viewerId: string) {
  const admins = await findUsersByIds(tx, payout ? payoutAdminIds([payout]) : []);
  return { orderData: { ...toOrderView(order, { direction: null }), payout: toPayoutState(order, payout, admins, viewerId) } };
}

/** What the audit row keeps of a payout: its state without the viewer-relative flag, and where the money went. */
export function auditedPayout(state: PayoutState, payout: PayoutRow | undefined) {
  if (!state.mark || !payout) return null;
  const { markedByYou: _viewer, ...mark } = state.mark;
  return { amountCents: state.amountCents, currency: state.currency, needsSecondAdmin: state.needsSecondAdmin, ...mark, bankDetails: payout.bankDetails };
}

const isQueued = (status: OrderStatus) => (PAYOUT_QUEUE_STATUSES as readonly OrderStatus[]).includes(status);

/**
 * POST /api/admin/payouts/:id/mark-paid: the admin has sent a sale's payout to the person's approved
 * bank account and records the bank's reference. The Units are all sold (AllUnitSold, if not
 * already). Under 10,000.00 the sale is Completed at once; from 10,000.00 it waits for another
 * admin's confirmation (confirm-payout.ts). One audit row, in the same transaction.
 */
export async function markPayoutPaid(ctx: DbContext, admin: PayoutAdmin, orderId: string, input: MarkPayoutPaid, submission: Submission): Promise<PayoutAnswer> {
  return runIdempotent(ctx.db, { scope: `admin:${admin.userId}`, key: submission.key, fingerprint: submission.fingerprint }, async (tx) => {
    const role = await requirePermissionOf(tx, admin.userId, 'orders.decide');
    const { order, payout: existing } = await lockSale(tx, orderId);
    if (existing) throw new AppError('TRANSITION_REFUSED', PAYOUT_MESSAGES.alreadyMarked);
    if (!isQueued(order.orderStatus)) throw transitionRefused(order, 'AllUnitSold');
    const bankDetails = await lockApprovedBankDetails(tx, order.userId);
    if (!bankDetails) throw new AppError('BANK_DETAILS_NOT_APPROVED', PAYOUT_MESSAGES.bankNotApproved);
    const now = ctx.clock.now();
    // No payout while the person's cooling-off runs (decision 0049): their bank details may be someone else's.
    await refuseDuringMoneyHold(tx, order.userId, now, 'payout');

    const actor = `admin:${admin.userId}` as const;
    const amountCents = payoutCentsOf(order);
    const needsSecondAdmin = payoutNeedsSecondAdmin(amountCents);
    const reason = `Paid out with bank reference ${input.bankReference}`;
    let current = order;
    if (order.orderStatus !== 'AllUnitSold') {
      current = await moveOrder(tx, order, { to: 'AllUnitSold', actor, at: now, reason });
      await settleSoldUnits(tx, order);
    }
    const [payout] = await tx
      .insert(sellPayouts)
      .values({
        orderId: order.id,
        amountCents,
        needsSecondAdmin,
        bankReference: input.bankReference,
        bankDetails,
        markedBy: admin.userId,
        markedAt: now,
        // Under the threshold the admin who paid is the only one needed.
        confirmedBy: needsSecondAdmin ? null : admin.userId,
        confirmedAt: needsSecondAdmin ? null : now,
      })
      .returning();
    if (!needsSecondAdmin) {
      current = await moveOrder(tx, current, { to: 'Completed', actor, at: now, reason });
      await issueOrderDocument(tx, current, now);
      await sendOrderEmail(tx, now, 'payout-sent', current);
    }

    const answer = await payoutAnswer(tx, current, payout, admin.userId);
    await recordAudit(tx, {
      actor: { ...admin, role },
      at: now,
      action: 'order.payout.markPaid',
      targetType: 'order',
      targetId: order.id,
      before: { orderStatus: order.orderStatus, payout: null },
      after: { orderStatus: current.orderStatus, payout: auditedPayout(answer.orderData.payout, payout) },
      reason,
    });
    return { status: 200, body: answer };
  });
}
