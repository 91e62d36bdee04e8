import type { DbContext } from '../../../platform/context';
import { AppError } from '../../../platform/http/app-error';
import { moveOrder, transitionRefused } from '../store';
import type { Submission } from '../order-types';
import { ownAction, unreserve } from '../own-action';
import { sendOrderNotice } from '../send-order-email';

export const TRANSFER_DUE_MESSAGE = 'This transfer is due and is being made; it can no longer be cancelled.';

/** POST /api/order/cancel-future-transfer: a Scheduled transfer → Cancelled, Units back to `owned`. */
export function cancelFutureTransfer(ctx: DbContext, userId: string, orderId: string, submission: Submission) {
  return ownAction(ctx, userId, orderId, submission, 'orderCancelledData', async (tx, order, now) => {
    if (order.orderType !== 'TRANSFER_FUTURE') throw transitionRefused(order, 'Cancelled');
    // From 00:00 UTC of its date the transfer is the job's to make, whether or not it has run yet.
    if (order.orderStatus === 'Scheduled' && order.dueAt !== null && order.dueAt <= now) throw new AppError('TRANSITION_REFUSED', TRANSFER_DUE_MESSAGE);
    const updated = await moveOrder(tx, order, { to: 'Cancelled', actor: `user:${userId}`, at: now, set: { dueAt: null } });
    await unreserve(tx, order, 'transferQueued');
    await sendOrderNotice(tx, now, 'transfer-cancelled', order);
    return updated;
  });
}
