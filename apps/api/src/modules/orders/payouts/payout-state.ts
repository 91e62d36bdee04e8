import { currencyOf, payoutNeedsSecondAdmin } from '@landunits/domain';
import type { PayoutState } from '@landunits/domain/contracts';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client';
import { findUsersByIds, type Person } from '../../users';
import type { OrderRow } from '../order-view';
import { sellPayouts } from '../schema';

/** A sale's payout row (marked paid, perhaps confirmed), or undefined before it is marked. */
export type PayoutRow = typeof sellPayouts.$inferSelect;

/** The payout of a sale in cents of its currency: (units − sell fee) × price, fixed when it was placed. */
export const payoutCentsOf = (order: Pick<OrderRow, 'amountCents'>) => order.amountCents ?? 0;

/** The payout row of one order, locked with it (the caller holds the order's row lock already). */
export async function lockPayoutRow(tx: Db, orderId: string): Promise<PayoutRow | undefined> {
  const [row] = await tx.select().from(sellPayouts).where(eq(sellPayouts.orderId, orderId)).for('update');
  return row;
}

export async function payoutRowsOf(db: Db, orderIds: readonly string[]): Promise<Map<string, PayoutRow>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(sellPayouts)
    .where(inArray(sellPayouts.orderId, [...orderIds]));
  return new Map(rows.map((row) => [row.orderId, row]));
}

/** The admins who marked or confirmed these payouts, by id. */
export function payoutAdminIds(rows: Iterable<PayoutRow>): string[] {
  return [...rows].flatMap((row) => (row.confirmedBy ? [row.markedBy, row.confirmedBy] : [row.markedBy]));
}

const nameOf = (people: ReadonlyMap<string, Person>, userId: string) => {
  const person = people.get(userId);
  return { userId, name: person ? `${person.firstName} ${person.lastName ?? ''}`.trim() : 'Unknown admin' };
};

/** A sale's payout as admins read it: amount, whether a second admin must confirm, and the mark. */
export function toPayoutState(order: OrderRow, row: PayoutRow | undefined, admins: ReadonlyMap<string, Person>, viewerId: string): PayoutState {
  const amountCents = row?.amountCents ?? payoutCentsOf(order);
  return {
    amountCents,
    currency: currencyOf(order.unitType),
    needsSecondAdmin: row?.needsSecondAdmin ?? payoutNeedsSecondAdmin(amountCents),
    mark: row
      ? {
          bankReference: row.bankReference,
          markedBy: nameOf(admins, row.markedBy),
          markedAt: row.markedAt.toISOString(),
          markedByYou: row.markedBy === viewerId,
          confirmedBy: row.confirmedBy ? nameOf(admins, row.confirmedBy) : null,
          confirmedAt: row.confirmedAt ? row.confirmedAt.toISOString() : null,
        }
      : null,
  };
}

/** The payout states of the sales among `orders`, for the admin `viewerId` (keyed by order id). */
export async function payoutStatesOf(db: Db, orders: readonly OrderRow[], viewerId: string): Promise<Map<string, PayoutState>> {
  const sales = orders.filter((order) => order.orderType === 'SELL');
  const rows = await payoutRowsOf(
    db,
    sales.map((order) => order.id),
  );
  const admins = await findUsersByIds(db, payoutAdminIds(rows.values()));
  return new Map(sales.map((order) => [order.id, toPayoutState(order, rows.get(order.id), admins, viewerId)]));
}
