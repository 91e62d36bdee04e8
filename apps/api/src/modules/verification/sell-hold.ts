import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { AppError } from '../../platform/http/app-error';
import { formatMoment } from './emails';
import { bankVerifications } from './schema';

/** New sells wait this long after bank details change (PRODUCT-DECISIONS §8). */
export const SELL_HOLD_MS = 48 * 60 * 60 * 1000;

export const sellHoldMessage = (until: Date) => `Your bank details changed recently. You can sell again from ${formatMoment(until)}.`;

/** When selling opens again for this person, or null when no hold applies at `now`. */
export async function sellHoldUntil(db: Db, userId: string, now: Date): Promise<Date | null> {
  const [row] = await db.select({ until: bankVerifications.sellHoldUntil }).from(bankVerifications).where(eq(bankVerifications.userId, userId));
  return row?.until && row.until > now ? row.until : null;
}

/** Refuses a new sell (409) while the bank details' 48-hour hold runs. */
export async function refuseSellDuringHold(db: Db, userId: string, now: Date): Promise<void> {
  const until = await sellHoldUntil(db, userId, now);
  if (until) throw new AppError('CONFLICT', sellHoldMessage(until));
}
