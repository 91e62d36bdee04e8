import type { UnitType } from '@landunits/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { holdingCosts } from './schema';

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
