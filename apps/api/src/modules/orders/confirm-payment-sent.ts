import type { HubspotMeta, OrderStatus } from '@landunits/domain';
import type { DbContext } from '../../platform/context';
import { forwardTracking } from '../marketing';
import { moveOrder, transitionRefused } from './store';
import type { Submission } from './order-types';
import { ownAction } from './own-action';

/**
 * POST /api/order/success_order: "I have sent the payment" for a bank buy → PaymentSent, for a
 * crypto buy → PaymentSent_FromUserCrypto (both Pending Approval). Card buys are confirmed by
 * their provider, never by the person. A tracking payload sent with it is forwarded to the
 * marketing tracker when one is configured (nothing is stored: the order keeps the one it was
 * placed with).
 */
export function confirmPaymentSent(ctx: DbContext, userId: string, orderId: string, submission: Submission, meta?: HubspotMeta) {
  return ownAction(ctx, userId, orderId, submission, 'orderSuccessData', async (tx, order, now) => {
    const to: OrderStatus = order.paymentMethod === 'Crypto' ? 'PaymentSent_FromUserCrypto' : 'PaymentSent';
    if (order.orderType !== 'BUY' || (order.paymentMethod !== 'Bank' && order.paymentMethod !== 'Crypto')) throw transitionRefused(order, to);
    // Past its deadline an unpaid buy is Expired, whether or not the job has got to it yet.
    if (order.orderStatus === 'Initiated' && order.dueAt !== null && order.dueAt <= now) throw transitionRefused({ orderStatus: 'Expired' }, to);
    // Once the person says they paid, the order waits for an admin instead of expiring.
    const moved = await moveOrder(tx, order, { to, actor: `user:${userId}`, at: now, set: { dueAt: null } });
    await forwardTracking(ctx, tx, { event: 'order_paid', orderId: order.id, meta });
    return moved;
  });
}
