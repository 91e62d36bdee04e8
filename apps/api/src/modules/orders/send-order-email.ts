import type { OrderStatus } from '@landunits/domain';
import type { Db } from '../../platform/db/client';
import { enqueueEmail } from '../../platform/mail/outbox';
import type { EmailMessage } from '../../platform/mail/layout';
import { notify, type Notification } from '../notifications';
import { currentMoneySettings } from '../pricing';
import { findUsersByIds, type Person } from '../users';
import { composeOrderEmails, orderNotice, type OrderEmailEvent, type OrderNoticeEvent } from './emails';
import type { OrderRow } from './order-view';

/**
 * Queues the emails of a money event in the transaction of that event (`tx`), so they are sent
 * once if it commits and never if it rolls back; a replayed request runs no transaction and sends
 * nothing. One short call at each event site.
 */
export async function sendOrderEmail(tx: Db, at: Date, event: OrderEmailEvent | null, order: OrderRow): Promise<void> {
  if (!event) return;
  const people = await findUsersByIds(tx, order.recipientUserId ? [order.userId, order.recipientUserId] : [order.userId]);
  const owner = people.get(order.userId);
  if (!owner) throw new Error(`order ${order.id} has no owner`);
  const bank = event === 'buy-placed' && order.paymentMethod === 'Bank' ? (await currentMoneySettings(tx, at)).adminBankDetails : undefined;
  const recipient = order.recipientUserId ? people.get(order.recipientUserId) : undefined;
  const messages = composeOrderEmails(event, order, { owner, recipient, bank });
  for (const message of messages) await enqueueEmail({ clock: { now: () => at } }, tx, message);
  for (const notification of orderNotifications(messages, order, [owner, recipient], at)) await notify(tx, notification);
}

/**
 * The same events in the notification centre (orders: the email is always sent, in-app is a
 * switch): one notification per email, for the person it is sent to, titled as the email.
 */
export function orderNotifications(messages: readonly EmailMessage[], order: Pick<OrderRow, 'id'>, people: readonly (Person | undefined)[], at: Date): Notification[] {
  return messages.flatMap((message) => {
    const person = people.find((p) => p?.email === message.to);
    return person
      ? [{ userId: person.id, category: 'orders' as const, title: message.subject, body: `Order ${order.id}. Your transaction history has the details.`, link: '/dashboard/my-transactions', at }]
      : [];
  });
}

/** An order event without an email (a conversion placed, a transfer scheduled or cancelled), in the owner's notification centre. */
export async function sendOrderNotice(tx: Db, at: Date, event: OrderNoticeEvent, order: OrderRow): Promise<void> {
  await notify(tx, { userId: order.userId, category: 'orders', ...orderNotice(event, order), link: '/dashboard/my-transactions', at });
}

/** The email an admin's decision sends: a buy's payment approved or refused, a sale's payout sent. */
export function adminDecisionEmail(order: Pick<OrderRow, 'orderType'>, to: OrderStatus): OrderEmailEvent | null {
  if (order.orderType === 'BUY') return to === 'Approved' ? 'payment-approved' : to === 'Failed' ? 'payment-failed' : null;
  if (order.orderType === 'SELL' && to === 'Completed') return 'payout-sent';
  return null;
}
