import type { UnitType } from '@landunits/domain';
import type { DbContext } from '../../platform/context';
import type { Db } from '../../platform/db/client';
import { runIdempotent, type StoredResponse } from '../../platform/http/idempotency';
import { postTransfers, userHolder } from '../ledger';
import { findUsersByIds } from '../users';
import { lockOwnOrder, shortName } from './store';
import type { Submission } from './order-types';
import { toOrderView, type OrderRow, type OrderView } from './order-view';

/**
 * What happens to an order after it is placed (PRODUCT-DECISIONS §3): the person's own actions
 * (confirm-payment-sent.ts, cancel-buy.ts, cancel-future-transfer.ts), an admin's decisions
 * (decide-order.ts) and the jobs (run-due-orders.ts). Each locks the order row, checks the
 * transition, moves the Units and writes the status history in one transaction. This file holds
 * what they share.
 */

const own = (userId: string) => ({ holder: userHolder(userId) });
export const bucket = (userId: string, unitType: UnitType, name: string) => ({ ...own(userId), unitType, bucket: name });

/** A sale or scheduled transfer that will not happen: its Units go back to `owned`. */
export async function unreserve(tx: Db, order: OrderRow, from: 'pendingSell' | 'transferQueued'): Promise<void> {
  await postTransfers(tx, [{ from: bucket(order.userId, order.unitType, from), to: bucket(order.userId, order.unitType, 'owned'), units: order.numberOfUnits, orderId: order.id }]);
}

export type ActionBody<K extends string> = { [key in K]: OrderView };

export async function ownAction<K extends string>(
  ctx: DbContext,
  userId: string,
  orderId: string,
  submission: Submission,
  answerKey: K,
  act: (tx: Db, order: OrderRow, now: Date) => Promise<OrderRow>,
): Promise<StoredResponse<ActionBody<K>>> {
  return runIdempotent(ctx.db, { scope: `user:${userId}`, key: submission.key, fingerprint: submission.fingerprint }, async (tx) => {
    const order = await lockOwnOrder(tx, orderId, userId);
    const updated = await act(tx, order, ctx.clock.now());
    // A transfer's answer names its recipient as create_order and the details call do ('Bob B.').
    const recipient = updated.recipientUserId ? (await findUsersByIds(tx, [updated.recipientUserId])).get(updated.recipientUserId) : undefined;
    const view = toOrderView(updated, { direction: 'SENT', counterpartyName: recipient ? shortName(recipient) : null });
    return { status: 200, body: { [answerKey]: view } as ActionBody<K> };
  });
}
