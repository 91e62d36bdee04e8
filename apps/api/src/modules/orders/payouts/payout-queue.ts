import { PAYOUT_QUEUE_STATUSES, PAYOUT_SECOND_ADMIN_CENTS, unitTypeOf, type PayoutQueueQuery, type PayoutQueueStatus } from '@landunits/domain';
import type { PayoutItem, PayoutQueuePage } from '@landunits/domain/contracts';
import { and, asc, desc, eq, exists, inArray, not, type SQL } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client';
import { activeMoneyHoldsOf } from '../../auth';
import { findUsersByIds } from '../../users';
import { approvedBankDetailsOf } from '../../verification';
import { statusFields, type OrderDetails } from '../order-view';
import { payoutAdminIds, payoutRowsOf, toPayoutState } from './payout-state';
import { orders, sellPayouts } from '../schema';

/** The filters of the queue as SQL conditions on `orders`. */
function conditionsOf(db: Db, q: PayoutQueueQuery): SQL {
  const marked = exists(db.select({ one: sellPayouts.orderId }).from(sellPayouts).where(eq(sellPayouts.orderId, orders.id)));
  const conditions: (SQL | undefined)[] = [
    eq(orders.orderType, 'SELL'),
    inArray(orders.orderStatus, q.status ? [q.status] : [...PAYOUT_QUEUE_STATUSES]),
    q.currency ? eq(orders.unitType, unitTypeOf(q.currency)) : undefined,
    // A sale in the queue is unconfirmed, so a marked one waits for its second admin.
    q.needsSecondAdmin === undefined ? undefined : q.needsSecondAdmin ? marked : not(marked),
  ];
  return and(...conditions)!;
}

function orderByOf(q: PayoutQueueQuery): SQL[] {
  const direction = q.sortDirection === 'desc' ? desc : asc;
  if (q.sortBy === 'amount') return [direction(orders.amountCents), asc(orders.createdAt), asc(orders.id)];
  return [direction(orders.createdAt), direction(orders.id)];
}

const fullName = (person: { firstName: string; lastName: string | null }) => `${person.firstName} ${person.lastName ?? ''}`.trim();

/**
 * GET /api/admin/payouts: sales waiting for their payout, paged, sorted and filtered in SQL (oldest
 * first by default), each with the person, the payout in its currency, the person's approved bank
 * account (null without one), the cooling-off holding their payouts (decision 0049), and who
 * marked it paid with which reference.
 */
export async function payoutQueue(db: Db, q: PayoutQueueQuery, viewerId: string, now: Date): Promise<PayoutQueuePage> {
  const where = conditionsOf(db, q);
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(where)
      .orderBy(...orderByOf(q))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.$count(orders, where),
  ]);
  const userIds = rows.map((row) => row.userId);
  const [people, banks, holds, payouts] = await Promise.all([
    findUsersByIds(db, userIds),
    approvedBankDetailsOf(db, userIds),
    activeMoneyHoldsOf(db, userIds, now),
    payoutRowsOf(
      db,
      rows.map((row) => row.id),
    ),
  ]);
  const admins = await findUsersByIds(db, payoutAdminIds(payouts.values()));
  const items: PayoutItem[] = rows.map((row) => {
    const person = people.get(row.userId);
    const sell = (row.details as OrderDetails | null)?.sell;
    const { orderStatus, statusLabel, statusColour } = statusFields(row.orderStatus);
    return {
      orderId: row.id,
      createdAt: row.createdAt.toISOString(),
      orderStatus: orderStatus as PayoutQueueStatus,
      statusLabel,
      statusColour,
      person: { userId: row.userId, name: person ? fullName(person) : 'Unknown person', email: person?.email ?? '' },
      unitType: row.unitType,
      numberOfUnits: row.numberOfUnits,
      unitsSold: sell?.unitsSold ?? row.numberOfUnits,
      feeUnits: sell?.feeUnits ?? 0,
      pricePerUnit: row.pricePerUnit,
      bankDetails: banks.get(row.userId) ?? null,
      moneyHold: holds.get(row.userId) ?? null,
      payout: toPayoutState(row, payouts.get(row.id), admins, viewerId),
    };
  });
  return { payouts: items, total, page: q.page, pageSize: q.pageSize, secondAdminFromCents: PAYOUT_SECOND_ADMIN_CENTS };
}
