import { MONEY_MESSAGES, doubleLandRemaining } from '@landunits/domain';
import { eq, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../platform/db/client';
import { offerCounters } from './schema';
import { AppError } from '../../platform/http/app-error';

/** The LU2X double-land offer's counter (PRODUCT-DECISIONS §4): Units sold under it, across unit types. */
export const DOUBLE_LAND_OFFER = 'LU2X';

/** Units sold under the offer so far (open and paid LU2X buys). */
export async function doubleLandSold(db: Db): Promise<bigint> {
  const [row] = await queryRows<{ sold: string | null }>(db, sql`select ${doubleLandSoldExpression()} as "sold"`);
  return BigInt(row?.sold ?? 0);
}

/** The LU2X Units sold so far as a scalar subquery (text; null before the first sale). */
export function doubleLandSoldExpression(): SQL {
  return sql`(select ${offerCounters.soldUnits}::text from ${offerCounters} where ${offerCounters.name} = ${DOUBLE_LAND_OFFER})`;
}

/**
 * Takes `units` from the offer within its cap, in the buy's transaction (a guarded update: two
 * buys cannot both take the last Units). 409 'Maximum remaining units in the LU2X offer: N' otherwise.
 */
export async function takeDoubleLandUnits(tx: Db, units: bigint, capUnits: number): Promise<void> {
  const taken = await tx
    .update(offerCounters)
    .set({ soldUnits: sql`${offerCounters.soldUnits} + ${units.toString()}::bigint` })
    .where(sql`${offerCounters.name} = ${DOUBLE_LAND_OFFER} and ${offerCounters.soldUnits} + ${units.toString()}::bigint <= ${capUnits}`)
    .returning({ sold: offerCounters.soldUnits });
  if (taken.length === 0) {
    const message = MONEY_MESSAGES.doubleLandRemaining(doubleLandRemaining({ soldUnits: await doubleLandSold(tx), capUnits }));
    throw new AppError('LIMIT_EXCEEDED', message, { numberOfUnits: message });
  }
}

/** An LU2X buy that will not happen gives its Units back to the offer. */
export async function giveBackDoubleLandUnits(tx: Db, units: bigint): Promise<void> {
  await tx
    .update(offerCounters)
    .set({ soldUnits: sql`greatest(${offerCounters.soldUnits} - ${units.toString()}::bigint, 0)` })
    .where(eq(offerCounters.name, DOUBLE_LAND_OFFER));
}
