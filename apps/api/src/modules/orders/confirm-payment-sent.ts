import type { OrderStatus } from '@landunits/domain';
import type { DbContext } from '../../platform/context';
import { moveOrder, transitionRefused } from './order-store';
import type { Submission } from './order-types';
import { ownAction } from './own-action';

/**
 * POST /api/order/success_order: "I have sent the payment" for a bank buy → PaymentSent, for a
 * crypto buy → PaymentSent_FromUserCrypto (both Pending Approval). Card buys are confirmed by
 * their provider, never by the person.
 */
export function confirmPaymentSent(ctx: DbContext, userId: string, orderId: string, submission: Submission) {
  return ownAction(ctx, userId, orderId, submission, 'orderSuccessData', async (tx, order, now) => {
    const to: OrderStatus = order.paymentMethod === 'Crypto' ? 'PaymentSent_FromUserCrypto' : 'PaymentSent';
    if (order.orderType !== 'BUY' || (order.paymentMethod !== 'Bank' && order.paymentMethod !== 'Crypto')) throw transitionRefused(order, to);
    // Past its deadline an unpaid buy is Expired, whether or not the job has got to it yet.
    if (order.orderStatus === 'Initiated' && order.dueAt !== null && order.dueAt <= now) throw transitionRefused({ orderStatus: 'Expired' }, to);
    // Once the person says they paid, the order waits for an admin instead of expiring.
    return moveOrder(tx, order, { to, actor: `user:${userId}`, at: now, set: { dueAt: null } });
  });
}
