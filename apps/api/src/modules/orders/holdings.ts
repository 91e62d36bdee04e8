import {
  CURRENCIES,
  currencyOf,
  divRoundHalfUp,
  landValueInCents,
  MICROS_PER_CENT,
  priceToMicros,
  purchaseLimitInCents,
  rationalToDecimal,
  supplyCapRemaining,
  UNAPPROVED_BUY_STATUSES,
  UNIT_TYPES,
  type Currency,
  type Holding,
  type MoneySettings,
  type Price,
  type UnitType,
} from '@landunits/domain';
import { and, eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../platform/db/client';
import { holdingCosts, orders } from '../../platform/db/schema';
import { sqlList } from '../../platform/db/schema/sql-list';
import { balancesOf, HELD_BUCKETS, heldUnits, systemHolder, userHolder, type Balances } from '../ledger';

/**
 * What the Units a person holds cost them (the dashboard's total_value_bought), kept per unit type
 * in `holding_costs` by the transaction that moves the Units (see schema/orders.ts).
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


/** Profit as a percent of cost with 2 decimals, half-up (away from zero); '0.00' without cost. */
export function profitPercentage(profit: bigint, cost: bigint): string {
  if (cost <= 0n) return '0.00';
  const negative = profit < 0n;
  const text = rationalToDecimal({ num: (negative ? -profit : profit) * 100n, den: cost }, 2);
  return negative && text !== '0.00' ? `-${text}` : text;
}

/** Every unit type's holding of a person, from stored balances and costs (two indexed reads, whatever the history). */
export async function holdingsOf(db: Db, userId: string, prices: Record<UnitType, Price>): Promise<Record<UnitType, Holding>> {
  const [balances, costs] = await Promise.all([balancesOf(db, userHolder(userId)), queryRows<CostRow>(db, costRowsQuery(userId))]);
  return holdingsFrom(balances, costs, prices);
}

/** What a person's Units of each type cost them, as rows (cost as text), for holdingsFrom. */
export interface CostRow {
  unitType: UnitType;
  cost: string;
}

export function costRowsQuery(userId: string | Placeholder): SQL {
  return sql`select ${holdingCosts.unitType} as "unitType", ${holdingCosts.costCents}::text as "cost" from ${holdingCosts} where ${holdingCosts.userId} = ${userId}`;
}

/** Every unit type's holding from a person's balances and cost rows, valued at `prices`. */
export function holdingsFrom(balances: Balances, costs: readonly CostRow[], prices: Record<UnitType, Price>): Record<UnitType, Holding> {
  const costOf = new Map(costs.map((c) => [c.unitType, BigInt(c.cost)]));
  const n = (v: bigint | undefined) => Number(v ?? 0n);
  return Object.fromEntries(
    UNIT_TYPES.map((type) => {
      const b = balances[type];
      const held = HELD_BUCKETS.reduce((sum, bucket) => sum + (b[bucket] ?? 0n), 0n);
      const bought = costOf.get(type) ?? 0n;
      const today = valueInCents(held, prices[type]);
      const profit = today - bought;
      const holding: Holding = {
        owned: n(b.owned),
        owned_DOUBLE_LAND: n(b.owned_DOUBLE_LAND),
        pendingBuy: n(b.pendingBuy),
        pendingSell: n(b.pendingSell),
        transferQueued: n(b.transferQueued),
        convertLocked: n(b.convertLocked),
        bonusLocked: n(b.bonusLocked),
        total_value_bought: Number(bought),
        total_value_today: Number(today),
        profit: Number(profit),
        profit_percentage: profitPercentage(profit, bought),
        currencyType: currencyOf(type),
      };
      return [type, holding];
    }),
  ) as Record<UnitType, Holding>;
}

// ── Supply and purchase limits ─────────────────────────────────────────────────────────────

/** The platform's supply account per unit type: its balance is −(Units outstanding). */
export const issuerSupply = (unitType: UnitType) => ({ holder: systemHolder('issuer'), unitType, bucket: 'supply' });

/** The most Units of a type that may be outstanding today: floor(land value × max-for-sale / price). */
export function supplyCapUnits(unitType: UnitType, price: Price, settings: MoneySettings): bigint {
  return supplyCapRemaining({
    outstandingUnits: 0,
    price,
    landValueCents: landValueInCents(currencyOf(unitType), settings),
    maxForSaleBasisPoints: settings.maxLandUnitsForSaleBasisPoints,
  });
}

/** Units still buyable under the supply cap today, per unit type, from the issuer's balances. */
export function unitsAvailableFrom(issuer: Balances, settings: MoneySettings, prices: Record<UnitType, Price>): Record<UnitType, number> {
  return Object.fromEntries(
    UNIT_TYPES.map((type) => {
      const outstanding = -(issuer[type].supply ?? 0n);
      const cap = supplyCapUnits(type, prices[type], settings);
      return [type, Number(cap > outstanding ? cap - outstanding : 0n)];
    }),
  ) as Record<UnitType, number>;
}

/** Cents of a person's buys not yet Approved/Completed/Failed/Cancelled/Expired, per currency. */
export async function unapprovedBuysInCents(db: Db, userId: string): Promise<Record<Currency, bigint>> {
  return unapprovedBuysFrom(await queryRows<UnapprovedBuyRow>(db, unapprovedBuyRowsQuery(userId)));
}

/** A person's unapproved buys summed per unit type (cents as text), for unapprovedBuysFrom. */
export interface UnapprovedBuyRow {
  unitType: UnitType;
  cents: string;
}

/**
 * The fixed conditions are written into the SQL (not bound): a prepared statement's generic plan
 * can then still use the partial index orders_user_unapproved_buys_idx.
 */
export function unapprovedBuyRowsQuery(userId: string | Placeholder): SQL {
  return sql`select ${orders.unitType} as "unitType", coalesce(sum(${orders.amountCents}), 0)::text as "cents" from ${orders}
    where ${orders.userId} = ${userId} and ${orders.orderType} = 'BUY' and ${orders.orderStatus} in (${sqlList(UNAPPROVED_BUY_STATUSES)})
    group by ${orders.unitType}`;
}

export function unapprovedBuysFrom(rows: readonly UnapprovedBuyRow[]): Record<Currency, bigint> {
  const used = Object.fromEntries(CURRENCIES.map((c) => [c, 0n])) as Record<Currency, bigint>;
  for (const row of rows) used[currencyOf(row.unitType)] += BigInt(row.cents);
  return used;
}

export interface LimitProfile {
  userType: 'USER' | 'BUSINESS';
  profileVerificationStatus: string;
  purchaseLimitOverrideCents: number | null;
}

/** The purchase limit of a person in cents of any one currency. */
export function purchaseLimitOf(user: LimitProfile, settings: MoneySettings): bigint {
  return purchaseLimitInCents(
    { userType: user.userType, profileApproved: user.profileVerificationStatus === 'Approved', overrideInCents: user.purchaseLimitOverrideCents },
    settings,
  );
}

export type { Holding };
