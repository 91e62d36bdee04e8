import type { CardProvider } from '@landunits/domain';
import type { DbContext } from '../../platform/context';
import { inTransaction } from '../../platform/db/transaction';
import { AppError } from '../../platform/http/app-error';
import { lockOwnOrder, providerPaymentDeclined, recordProviderPayment, startCardBuy, transitionRefused, type OrderRow } from '../orders';

/**
 * Starts (or resumes) the card payment of a person's own buy: locks it, checks it is a card buy of
 * `method` still waiting for payment, calls `start` only if no usable provider payment exists yet, and
 * stores the provider's id with Initiated → InProcess. `start` runs while the order is locked, so
 * two tabs cannot start two payments.
 */
export async function beginCardPayment(ctx: DbContext, userId: string, orderId: string, method: CardProvider, start: (order: OrderRow) => Promise<{ providerPaymentId: string }>): Promise<OrderRow> {
  return inTransaction(ctx.db, async (tx) => {
    const order = await lockOwnOrder(tx, orderId, userId);
    const now = ctx.clock.now();
    if (order.orderType !== 'BUY' || order.paymentMethod !== method) throw new AppError('WRONG_PAYMENT_METHOD', 'This order is not paid by this kind of card.');
    if (order.orderStatus !== 'Initiated' && order.orderStatus !== 'InProcess') throw transitionRefused(order, 'InProcess');
    if (order.dueAt !== null && order.dueAt <= now) throw transitionRefused({ orderStatus: 'Expired' }, 'InProcess');
    // A payment exists already (a second tab, a retried Pay): resumed, unless it was a Square payment
    // that ended with a declined card, when the next card makes a new one.
    if (order.providerPaymentId && !providerPaymentDeclined(order)) return order;
    const { providerPaymentId } = await start(order);
    const withId = await recordProviderPayment(tx, order, providerPaymentId);
    return order.orderStatus === 'Initiated' ? startCardBuy(tx, withId, userId, now, `${method} payment started`) : withId;
  });
}
