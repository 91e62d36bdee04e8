import { currencyOf, rationalToDecimal, UNIT_TYPES, type Holding, type Price, type UnitType } from '@landunits/domain';
import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { HELD_BUCKETS, type Balances } from '../ledger';
import { valueInCents } from './cost-basis';
import { holdingCosts } from './schema';

/**
 * The dashboard's read model of holdings: a person's balances per bucket with what their Units
 * cost them and are worth today. `costRowsQuery` is a fragment the dashboard's one statement
 * embeds; `holdingsFrom` maps its rows.
 */

/** Profit as a percent of cost with 2 decimals, half-up (away from zero); '0.00' without cost. */
export function profitPercentage(profit: bigint, cost: bigint): string {
  if (cost <= 0n) return '0.00';
  const negative = profit < 0n;
  const text = rationalToDecimal({ num: (negative ? -profit : profit) * 100n, den: cost }, 2);
  return negative && text !== '0.00' ? `-${text}` : text;
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
        units_valued: n(held),
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

export type { Holding };
