import { and, eq, gt, inArray, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { orders } from './schema';

/** The step-up threshold counts what a person sent in this window (decision 0050). */
export const TRANSFER_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * Units of every type the person transferred or scheduled in the 24 hours before `now` (failed or
 * cancelled ones left out): with a new transfer, what the step-up threshold is compared with, so
 * a balance cannot leave in many transfers each under it.
 */
export async function unitsSentRecently(db: Db, userId: string, now: Date): Promise<bigint> {
  const [row] = await db
    .select({ units: sql<string>`coalesce(sum(${orders.numberOfUnits}), 0)::text` })
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        inArray(orders.orderType, ['TRANSFER', 'TRANSFER_FUTURE']),
        gt(orders.createdAt, new Date(now.getTime() - TRANSFER_WINDOW_MS)),
        notInArray(orders.orderStatus, ['Cancelled', 'Failed']),
      ),
    );
  return BigInt(row?.units ?? '0');
}
