import { PAYOUT_MESSAGES } from '@landunits/domain';
import { and, eq, isNull } from 'drizzle-orm';
import type { DbContext } from '../../../platform/context';
import { AppError } from '../../../platform/http/app-error';
import { runIdempotent } from '../../../platform/http/idempotency';
import { recordAudit } from '../../audit';
import { requirePermissionOf } from '../../auth';
import { auditedPayout, lockSale, payoutAnswer, type PayoutAdmin, type PayoutAnswer } from './mark-payout-paid';
import { issueOrderDocument } from '../issue-order-document';
import { moveOrder, transitionRefused } from '../store';
import type { Submission } from '../order-types';
import { sellPayouts } from '../schema';
import { sendOrderEmail } from '../send-order-email';

/**
 * POST /api/admin/payouts/:id/confirm: the second pair of eyes on a payout of 10,000.00 or more.
 * Another admin than the one who marked it paid confirms it and the sale is Completed. Checked
 * under the order's row lock (and the payout row's), so two confirmations cannot both succeed:
 * the second finds the sale Completed. The marking admin is refused with SECOND_ADMIN_REQUIRED.
 */
export async function confirmPayout(ctx: DbContext, admin: PayoutAdmin, orderId: string, submission: Submission): Promise<PayoutAnswer> {
  return runIdempotent(ctx.db, { scope: `admin:${admin.userId}`, key: submission.key, fingerprint: submission.fingerprint }, async (tx) => {
    const role = await requirePermissionOf(tx, admin.userId, 'orders.decide');
    const { order, payout } = await lockSale(tx, orderId);
    if (!payout) {
      if (order.orderStatus === 'AllUnitSold' || order.orderStatus === 'FundsWaitingApproval' || order.orderStatus === 'PartialComplete') {
        throw new AppError('TRANSITION_REFUSED', PAYOUT_MESSAGES.notMarked);
      }
      throw transitionRefused(order, 'Completed');
    }
    if (payout.confirmedBy || order.orderStatus !== 'AllUnitSold') throw new AppError('TRANSITION_REFUSED', PAYOUT_MESSAGES.alreadyConfirmed);
    if (payout.markedBy === admin.userId) throw new AppError('SECOND_ADMIN_REQUIRED', PAYOUT_MESSAGES.sameAdmin);

    const now = ctx.clock.now();
    const before = await payoutAnswer(tx, order, payout, admin.userId);
    const [confirmed] = await tx
      .update(sellPayouts)
      .set({ confirmedBy: admin.userId, confirmedAt: now })
      .where(and(eq(sellPayouts.orderId, order.id), isNull(sellPayouts.confirmedBy)))
      .returning();
    if (!confirmed) throw new Error(`Payout ${order.id} was confirmed while locked`);
    const completed = await moveOrder(tx, order, { to: 'Completed', actor: `admin:${admin.userId}`, at: now, reason: 'Payout confirmed by a second admin' });
    await issueOrderDocument(tx, completed, now);
    await sendOrderEmail(tx, now, 'payout-sent', completed);

    const answer = await payoutAnswer(tx, completed, confirmed, admin.userId);
    await recordAudit(tx, {
      actor: { ...admin, role },
      at: now,
      action: 'order.payout.confirm',
      targetType: 'order',
      targetId: order.id,
      before: { orderStatus: order.orderStatus, payout: auditedPayout(before.orderData.payout, payout) },
      after: { orderStatus: completed.orderStatus, payout: auditedPayout(answer.orderData.payout, confirmed) },
      reason: `Second admin confirmed the payout with bank reference ${payout.bankReference}`,
    });
    return { status: 200, body: answer };
  });
}
