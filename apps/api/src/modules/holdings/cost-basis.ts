import { divRoundHalfUp, MICROS_PER_CENT, priceToMicros, type Price, type UnitType } from '@landunits/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { heldUnits, userHolder } from '../ledger';
import { holdingCosts } from './schema';

/**
 * What the Units a person holds cost them (the dashboard's total_value_bought), kept per unit type
 * in `holding_costs` by the transaction that moves the Units (see schema.ts).
 */

/** Value of `units` at `price`, in cents, half-up. */
export function valueInCents(units: bigint, price: Price): bigint {
  return divRoundHalfUp(units * priceToMicros(price), MICROS_PER_CENT);
}

/** Adds `cents` to what a person's Units of this type cost. */
export async function addCost(tx: Db, userId: string, unitType: UnitType, cents: bigint): Promise<void> {
  if (cents <= 0n) return;
  await tx
    .insert(holdingCosts)
    .values({ userId, unitType, costCents: cents })
    .onConflictDoUpdate({
      target: [holdingCosts.userId, holdingCosts.unitType],
      set: { costCents: sql`${holdingCosts.costCents} + ${cents.toString()}::bigint` },
    });
}

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
