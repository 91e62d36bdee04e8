import { doubleLandUnlockState, MONEY_MESSAGES, UNIT_TYPES, type UnitType } from '@landunits/domain';
import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../platform/db/client';
import { orders } from './schema';

/**
 * A person's LU2X Units (PRODUCT-DECISIONS §4): per unit type, how many are still locked in
 * `owned_DOUBLE_LAND`, and when and how many unlock next. Read from their paid LU2X buys
 * (index orders_user_double_land_idx); the due-orders job does the unlocking itself.
 */
export interface DoubleLandStatus {
  lockedUnits: number;
  /** The next tranche's start (00:00 UTC, 1st of a month), ISO; null when nothing is locked. */
  nextUnlockAt: string | null;
  /** Units that unlock then (over every purchase unlocking at that moment). */
  nextUnlockUnits: number;
}

const EMPTY: DoubleLandStatus = { lockedUnits: 0, nextUnlockAt: null, nextUnlockUnits: 0 };

export async function doubleLandStatusOf(db: Db, userId: string, now: Date): Promise<Record<UnitType, DoubleLandStatus>> {
  return doubleLandStatusFrom(await queryRows<DoubleLandRow>(db, doubleLandRowsQuery(userId)), now);
}

/** A person's paid LU2X buys as rows, for doubleLandStatusFrom. */
export interface DoubleLandRow {
  unitType: UnitType;
  units: string;
  /** When the buy was paid (ISO), from the order's details; null on a damaged row. */
  purchasedAt: string | null;
}

/** Fixed conditions written into the SQL: a generic plan still uses orders_user_double_land_idx. */
export function doubleLandRowsQuery(userId: string | Placeholder): SQL {
  return sql`select ${orders.unitType} as "unitType", ${orders.numberOfUnits}::text as "units", ${orders.details} -> 'doubleLand' ->> 'purchasedAt' as "purchasedAt"
    from ${orders} where ${orders.userId} = ${userId} and ${orders.isDoubleLand} and ${orders.orderStatus} in ('Approved', 'Completed')`;
}

export function doubleLandStatusFrom(rows: readonly DoubleLandRow[], now: Date): Record<UnitType, DoubleLandStatus> {
  const status = Object.fromEntries(UNIT_TYPES.map((t) => [t, { ...EMPTY }])) as Record<UnitType, DoubleLandStatus>;
  const tranches = new Map<UnitType, Map<number, number>>();
  for (const row of rows) {
    if (!row.purchasedAt) continue;
    const purchase = { units: BigInt(row.units), purchasedAt: new Date(row.purchasedAt) };
    const state = doubleLandUnlockState(purchase, now);
    status[row.unitType].lockedUnits += Number(state.lockedUnits);
    if (!state.nextUnlockAt) continue;
    const after = doubleLandUnlockState(purchase, state.nextUnlockAt);
    const byDate = tranches.get(row.unitType) ?? new Map<number, number>();
    byDate.set(state.nextUnlockAt.getTime(), (byDate.get(state.nextUnlockAt.getTime()) ?? 0) + Number(after.unlockedUnits - state.unlockedUnits));
    tranches.set(row.unitType, byDate);
  }
  for (const [unitType, byDate] of tranches) {
    const first = Math.min(...byDate.keys());
    status[unitType].nextUnlockAt = new Date(first).toISOString();
    status[unitType].nextUnlockUnits = byDate.get(first) ?? 0;
  }
  return status;
}

/**
 * The message for a sale or transfer of more Units than are free while LU2X Units are locked
 * (null when none are): how many can move now and when more unlock.
 */
export async function lockedDoubleLandMessage(db: Db, userId: string, unitType: UnitType, ownedUnits: bigint, now: Date): Promise<string | null> {
  const status = (await doubleLandStatusOf(db, userId, now))[unitType];
  if (status.lockedUnits === 0 || !status.nextUnlockAt) return null;
  return MONEY_MESSAGES.doubleLandLocked(ownedUnits, status.nextUnlockUnits, status.nextUnlockAt);
}
