import type { OrderStatus, Price, UnitType } from '@landunits/domain';
import { and, asc, isNotNull, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { HOUR } from '../../platform/clock';
import type { DbContext } from '../../platform/context';
import type { Db } from '../../platform/db/client';
import { inTransaction, isRetryableTransactionError } from '../../platform/db/transaction';
import { activeMoneyHold } from '../auth';
import { addCost, takeCost, valueInCents } from '../holdings';
import { postTransfers } from '../ledger';
import { currentPriceList } from '../pricing';
import { isActiveUser } from '../users';
import { releaseBuy, unlockPaidBuy } from './buy-orders';
import type { OrderRow } from './order-view';
import { bucket, unreserve } from './own-action';
import { orders } from './schema';
import { sendOrderEmail } from './send-order-email';
import { moveOrder, updateDueAt, type Actor } from './store';

/** Orders claimed per transaction. */
export const DUE_BATCH = 100;

/**
 * One pass of the orders job: claims up to `batch` due orders with FOR UPDATE SKIP LOCKED and does
 * each one's work in the same transaction (ARCHITECTURE.md §Jobs), so instances sharing a database
 * never run an order twice, and an instance killed mid-batch leaves its orders to the next pass.
 * An order whose work throws is put off for an hour (logged), so it cannot block the rest; a
 * deadlock or serialization failure is not the order's fault: the whole batch is rolled back and
 * run again (inTransaction), as that is what PostgreSQL asks of the transaction.
 * Returns the outcomes of the orders handled.
 */
export async function runDueOrders(ctx: DbContext, log?: FastifyBaseLogger, batch = DUE_BATCH): Promise<DueOutcome[]> {
  return (await claimAndRun(ctx, log, batch)).outcomes;
}

async function claimAndRun(ctx: DbContext, log: FastifyBaseLogger | undefined, batch: number): Promise<{ claimed: number; outcomes: DueOutcome[] }> {
  const now = ctx.clock.now();
  const list = await currentPriceList(ctx.db, now);
  const priceOf = (unitType: UnitType): Price => list.body.prices[unitType].pricePerUnit;
  return inTransaction(ctx.db, async (tx) => {
    const due = await tx
      .select()
      .from(orders)
      .where(and(isNotNull(orders.dueAt), lte(orders.dueAt, now)))
      .orderBy(asc(orders.dueAt))
      .limit(batch)
      .for('update', { skipLocked: true });
    await lockParties(tx, due);
    const outcomes: DueOutcome[] = [];
    for (const order of due) {
      try {
        outcomes.push(await tx.transaction((sp) => runDueOrder(sp, order, { now, isActive: (id) => isActiveUser(sp, id), priceOf })));
      } catch (error) {
        // Lost a race with another pass (e.g. one instance's batch against another's): retry the batch.
        if (isRetryableTransactionError(error)) throw error;
        log?.error({ err: error, orderId: order.id }, 'due order failed; retrying in an hour');
        await updateDueAt(tx, order.id, new Date(now.getTime() + HOUR));
      }
    }
    return { claimed: due.length, outcomes };
  });
}

/**
 * Takes a transaction-scoped advisory lock on every person whose accounts the batch's work touches
 * (and on the issuer's supply of a unit type when an unpaid buy gives Units back to it), all at
 * once, in key order. Two instances' batches that share people then take turns instead of locking
 * those people's accounts in different orders and deadlocking halfway through (each deadlock
 * costs a deadlock_timeout and a rerun of the whole batch; see jobs-instances.test.ts).
 */
async function lockParties(tx: Db, due: readonly OrderRow[]): Promise<void> {
  const keys = new Set<string>();
  for (const order of due) {
    keys.add(`due-party:user:${order.userId}`);
    if (order.recipientUserId) keys.add(`due-party:user:${order.recipientUserId}`);
    if (order.orderType === 'BUY') keys.add(`due-party:supply:${order.unitType}`);
  }
  if (keys.size === 0) return;
  const list = sql.join(
    [...keys].map((key) => sql`${key}`),
    sql`, `,
  );
  // Sorted by the lock key itself, so every transaction takes them in the same order.
  await tx.execute(sql`select pg_advisory_xact_lock(k) from (select distinct hashtextextended(key, 0) as k from unnest(array[${list}]::text[]) as key order by k) as ordered`);
}

/** Runs passes until nothing is due or the runner stops (the periodic task). Returns how many orders were handled. */
export async function drainDueOrders(ctx: DbContext, log?: FastifyBaseLogger, stopping: () => boolean = () => false): Promise<number> {
  let handled = 0;
  for (;;) {
    // On shutdown, stop between batches: what is left stays due for the next instance.
    if (stopping()) return handled;
    const { claimed, outcomes } = await claimAndRun(ctx, log, DUE_BATCH);
    handled += outcomes.length;
    // A full batch may have more behind it, even when some of its orders were put off.
    if (claimed < DUE_BATCH) return handled;
  }
}

/* ---------------- one due order ---------------- */

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
