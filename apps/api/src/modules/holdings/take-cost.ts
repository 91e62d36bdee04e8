import { divRoundHalfUp, type UnitType } from '@landunits/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { heldUnits, userHolder } from '../ledger';
import { holdingCosts } from './schema';

/**
 * `units` of this type have just left a person's holding (already posted): their average cost
 * leaves with them, cost × units / units held before, half-up. Returns the cost taken, in cents.
 */
export async function takeCost(tx: Db, userId: string, unitType: UnitType, units: bigint): Promise<bigint> {
  const [row] = await tx
    .select({ cost: holdingCosts.costCents })
    .from(holdingCosts)
    .where(and(eq(holdingCosts.userId, userId), eq(holdingCosts.unitType, unitType)))
    .for('update');
  if (!row || row.cost === 0n) return 0n;
  const heldBefore = (await heldUnits(tx, userHolder(userId), unitType)) + units;
  const taken = units >= heldBefore ? row.cost : divRoundHalfUp(row.cost * units, heldBefore);
  await tx
    .update(holdingCosts)
    .set({ costCents: sql`${holdingCosts.costCents} - ${taken.toString()}::bigint` })
    .where(and(eq(holdingCosts.userId, userId), eq(holdingCosts.unitType, unitType)));
  return taken;
}
