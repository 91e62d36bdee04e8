import type { OrderStatus, Price, UnitType } from '@landunits/domain';
import type { Db } from '../../platform/db/client';
import { HOUR } from '../../platform/clock';
import { activeMoneyHold } from '../auth';
import { addCost, takeCost, valueInCents } from '../holdings';
import { postTransfers } from '../ledger';
import { releaseBuy, unlockPaidBuy } from './buy-orders';
import { moveOrder, updateDueAt } from './order-store';
import type { OrderRow } from './order-view';
import { bucket, unreserve } from './own-action';
import { sendOrderEmail } from './send-order-email';
import type { Actor } from './status-history';

const SYSTEM: Actor = 'system';

/**
 * Does what is due on one locked order: an unpaid buy expires, a scheduled transfer runs (or fails
 * when its recipient is gone, or waits while its sender's money is held), converted Units unlock. Anything else just stops being due.
 */
export interface DueContext {
  now: Date;
  /** Whether a person still has an active account. */
  isActive: (userId: string) => Promise<boolean>;
  /** Today's price of a unit type. */
  priceOf: (unitType: UnitType) => Price;
}

export type DueOutcome = 'expired' | 'transferred' | 'held' | 'failed' | 'unlocked' | 'cleared';

/** Paid buys stay due while they have bonus or LU2X Units to unlock. */
const PAID_BUY_STATUSES: readonly OrderStatus[] = ['Approved', 'Completed'];

export async function runDueOrder(tx: Db, order: OrderRow, { now, isActive, priceOf }: DueContext): Promise<DueOutcome> {
  if (order.orderType === 'BUY' && (order.orderStatus === 'Initiated' || order.orderStatus === 'InProcess')) {
    await moveOrder(tx, order, { to: 'Expired', actor: SYSTEM, at: now, reason: 'Not paid in time', set: { dueAt: null } });
    await releaseBuy(tx, order);
    return 'expired';
  }
  if (order.orderType === 'BUY' && PAID_BUY_STATUSES.includes(order.orderStatus)) {
    await unlockPaidBuy(tx, order, now);
    return 'unlocked';
  }
  if (order.orderType === 'TRANSFER_FUTURE' && order.orderStatus === 'Scheduled') {
    const recipientId = order.recipientUserId;
    if (!recipientId || !(await isActive(recipientId))) {
      await moveOrder(tx, order, { to: 'Failed', actor: SYSTEM, at: now, reason: 'The recipient no longer has an active account', set: { dueAt: null } });
      await unreserve(tx, order, 'transferQueued');
      await sendOrderEmail(tx, now, 'scheduled-transfer-failed', order);
      return 'failed';
    }
    // The sender's cooling-off or "This was not me" lock (decision 0049): the transfer waits, looked
    // at again every hour until the hold ends; its Units stay queued.
    const hold = await activeMoneyHold(tx, order.userId, now);
    if (hold) {
      await updateDueAt(tx, order.id, new Date(Math.min(Date.parse(hold.until), now.getTime() + HOUR)));
      return 'held';
    }
    await moveOrder(tx, order, { to: 'Completed', actor: SYSTEM, at: now, set: { dueAt: null } });
    await postTransfers(tx, [{ from: bucket(order.userId, order.unitType, 'transferQueued'), to: bucket(recipientId, order.unitType, 'owned'), units: order.numberOfUnits, orderId: order.id }]);
    await takeCost(tx, order.userId, order.unitType, BigInt(order.numberOfUnits));
    await addCost(tx, recipientId, order.unitType, valueInCents(BigInt(order.numberOfUnits), priceOf(order.unitType)));
    await sendOrderEmail(tx, now, 'scheduled-transfer-done', order);
    return 'transferred';
  }
  if (order.orderType === 'CONVERT' && order.orderStatus === 'Completed' && order.convertUnitType && order.convertUnits) {
    await updateDueAt(tx, order.id, null);
    await postTransfers(tx, [
      { from: bucket(order.userId, order.convertUnitType, 'convertLocked'), to: bucket(order.userId, order.convertUnitType, 'owned'), units: order.convertUnits, orderId: order.id },
    ]);
    await sendOrderEmail(tx, now, 'converted-units-unlocked', order);
    return 'unlocked';
  }
  await updateDueAt(tx, order.id, null);
  return 'cleared';
}
