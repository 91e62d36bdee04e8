import { transferLimitExceededMessage } from '@landunits/domain';
import { and, eq, gt, inArray, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { AppError } from '../../platform/http/app-error';
import { lockTransferSafeguards } from '../auth';
import type { StepUpCheck } from './order-types';
import { orders } from './schema';

/** The step-up threshold and the daily limit count what a person sent in this window (decisions 0050, 0051). */
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

/**
 * A transfer's checks against the person's own safeguards, in the transfer's transaction: their
 * safeguards row is locked first (before any balance), so two transfers of one person run these
 * checks one after the other and see each other. `check` is given the transfer's Units (and
 * whether its order is written already) and refuses with 409 LIMIT_EXCEEDED past the daily limit,
 * or takes the step-up proof past the threshold.
 */
export async function guardTransfers(tx: Db, userId: string, now: Date): Promise<{ check: (transfer: { units: bigint; written: boolean }, stepUp: StepUpCheck) => Promise<void> }> {
  const safeguards = await lockTransferSafeguards(tx, userId, now);
  return {
    check: async ({ units, written }, stepUp) => {
      const counted = await unitsSentRecently(tx, userId, now);
      const before = written ? counted - units : counted;
      const limit = safeguards.dailyLimit;
      if (limit !== null && before + units > BigInt(limit)) {
        const left = BigInt(limit) - before;
        throw new AppError('LIMIT_EXCEEDED', transferLimitExceededMessage(limit, left > 0n ? left : 0n));
      }
      if (before + units > BigInt(safeguards.stepUpAbove)) await stepUp(tx, 'transfer');
    },
  };
}
