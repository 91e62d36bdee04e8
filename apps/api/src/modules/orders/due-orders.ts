import type { Price, UnitType } from '@landunits/domain';
import { and, asc, isNotNull, lte } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { HOUR } from '../../platform/clock';
import type { AppContext } from '../../platform/context';
import { orders } from '../../platform/db/schema';
import { inTransaction } from '../../platform/db/transaction';
import { currentPriceList } from '../pricing';
import { isActiveUser } from '../users';
import { runDueOrder, type DueOutcome } from './order-actions';
import { updateDueAt } from './order-store';

/** Orders claimed per transaction. */
export const DUE_BATCH = 100;

/**
 * One pass of the orders job: claims up to `batch` due orders with FOR UPDATE SKIP LOCKED and does
 * each one's work in the same transaction (ARCHITECTURE.md §Jobs), so instances sharing a database
 * never run an order twice, and an instance killed mid-batch leaves its orders to the next pass.
 * An order whose work throws is put off for an hour (logged), so it cannot block the rest.
 * Returns the outcomes of the orders handled.
 */
export async function runDueOrders(ctx: AppContext, log?: FastifyBaseLogger, batch = DUE_BATCH): Promise<DueOutcome[]> {
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
    const outcomes: DueOutcome[] = [];
    for (const order of due) {
      try {
        outcomes.push(await tx.transaction((sp) => runDueOrder(sp, order, { now, isActive: (id) => isActiveUser(sp, id), priceOf })));
      } catch (error) {
        log?.error({ err: error, orderId: order.id }, 'due order failed; retrying in an hour');
        await updateDueAt(tx, order.id, new Date(now.getTime() + HOUR));
      }
    }
    return outcomes;
  });
}

/** Runs passes until nothing is due (the periodic task). Returns how many orders were handled. */
export async function drainDueOrders(ctx: AppContext, log?: FastifyBaseLogger): Promise<number> {
  let handled = 0;
  for (;;) {
    const outcomes = await runDueOrders(ctx, log);
    handled += outcomes.length;
    if (outcomes.length < DUE_BATCH) return handled;
  }
}
