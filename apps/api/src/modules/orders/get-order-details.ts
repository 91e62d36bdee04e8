import { hasPermission, ORDER_MESSAGES, type AdminRole } from '@landunits/domain';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { orders, orderStatusHistory } from './schema';
import { AppError } from '../../platform/http/app-error';
import { findUsersByIds } from '../users';
import { ORDER_ID_PATTERN } from './order-ids';
import { toOrderView, type Direction } from './order-view';
import { shortName } from './store';

export interface Viewer {
  id: string;
  /** Admins whose role reads orders see every order, with who placed and who moved it. */
  adminRole: AdminRole | null;
}

/** Unknown ids and other people's orders get the same answer, so ids reveal nothing. */
const notFound = () => new AppError('NOT_FOUND', ORDER_MESSAGES.orderNotFound);

/**
 * GET /api/order/get_order_details/:id. The person who placed the order sees it as SENT, the
 * recipient of a transfer as RECEIVED (without the sender's email: only 'Ada L.'), an admin sees
 * every order with who placed it and who moved it. Anyone else: 404.
 */
export async function getOrderDetails(db: Db, viewer: Viewer, orderId: string) {
  if (!ORDER_ID_PATTERN.test(orderId)) throw notFound();
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw notFound();
  const direction: Direction | null = order.userId === viewer.id ? 'SENT' : order.recipientUserId === viewer.id ? 'RECEIVED' : null;
  const isAdmin = hasPermission(viewer.adminRole, 'orders.read');
  if (direction === null && !isAdmin) throw notFound();

  const history = await db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, order.id)).orderBy(asc(orderStatusHistory.id));
  const people = await findUsersByIds(db, [order.userId, ...(order.recipientUserId ? [order.recipientUserId] : [])]);
  const sender = people.get(order.userId);
  const recipient = order.recipientUserId ? people.get(order.recipientUserId) : undefined;
  const counterpartyName = direction === 'SENT' && recipient ? shortName(recipient) : direction === 'RECEIVED' && sender ? shortName(sender) : null;

  return {
    orderData: {
      ...toOrderView(order, { direction, counterpartyName }),
      statusHistory: history.map((h) => ({
        fromStatus: h.fromStatus,
        toStatus: h.toStatus,
        createdAt: h.createdAt.toISOString(),
        ...(direction === 'SENT' || isAdmin ? { reason: h.reason } : {}),
        ...(isAdmin ? { actor: h.actor } : {}),
      })),
      ...(isAdmin ? { placedBy: { userId: order.userId, email: sender?.email ?? null }, recipientUserId: order.recipientUserId } : {}),
    },
  };
}
