import type { DbContext } from '../../platform/context';
import { releaseBuy } from './buy-orders';
import { moveOrder, transitionRefused } from './store';
import type { Submission } from './order-types';
import type { OrderRow } from './order-view';
import { ownAction } from './own-action';

/** Stops a card payment already started at its provider, so it cannot be taken after the order is cancelled. */
export type CancelAtProvider = (order: OrderRow) => Promise<void>;

/**
 * POST /api/order/cancel_order: an Initiated (or, for cards, InProcess) buy → Cancelled, its
 * reservation released. A card payment started at the provider is cancelled there first, while
 * the order is locked, so a payment cannot complete on a cancelled order unnoticed.
 */
export function cancelBuy(ctx: DbContext, userId: string, orderId: string, submission: Submission, cancelAtProvider?: CancelAtProvider) {
  return ownAction(ctx, userId, orderId, submission, 'orderCancelledData', async (tx, order, now) => {
    if (order.orderType !== 'BUY') throw transitionRefused(order, 'Cancelled');
    // Past its deadline an unpaid buy is Expired (the job's to record), whether or not the job has got to it yet.
    if ((order.orderStatus === 'Initiated' || order.orderStatus === 'InProcess') && order.dueAt !== null && order.dueAt <= now) {
      throw transitionRefused({ orderStatus: 'Expired' }, 'Cancelled');
    }
    if (order.providerPaymentId && order.orderStatus === 'InProcess' && cancelAtProvider) await cancelAtProvider(order);
    const updated = await moveOrder(tx, order, { to: 'Cancelled', actor: `user:${userId}`, at: now, set: { dueAt: null } });
    await releaseBuy(tx, order);
    return updated;
  });
}
