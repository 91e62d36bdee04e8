import {
  currencyOf,
  divRoundHalfUp,
  landValueInCents,
  MICROS_PER_CENT,
  priceToMicros,
  rationalToDecimal,
  supplyCapRemaining,
  UNIT_TYPES,
  type Holding,
  type MoneySettings,
  type Price,
  type UnitType,
} from '@landunits/domain';
import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { HELD_BUCKETS, heldBeforeDebitExpression, systemHolder, userHolder, type Balances } from '../ledger';
import { holdingCosts } from './schema';

/* ---------------- cost basis ---------------- */

/**
 * What the Units a person holds cost them (the dashboard's total_value_bought), kept per unit type
 * in `holding_costs` by the transaction that moves the Units (see schema.ts).
 */

/** Value of `units` at `price`, in cents, half-up. */
export function valueInCents(units: bigint, price: Price): bigint {
  return divRoundHalfUp(units * priceToMicros(price), MICROS_PER_CENT);
}

/* ---------------- the holdings read model ---------------- */

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

/* ---------------- supply ---------------- */

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

/* ---------------- the immediate transfer's cost changes ---------------- */

/**
 * The cost-basis changes of an immediate transfer as CTE bodies, for the transfer's single
 * statement (orders' transfer-now.ts): the sender's Units take their average cost with them, the
 * recipient's gain their value today. Each acts only when `when` (a condition on the statement's
 * earlier CTEs, e.g. the new order exists) holds.
 */

/** `update holding_costs …` for the sender, who held `units` more before the debit. */
export function senderCostCte(input: { userId: string; unitType: UnitType; units: bigint; when: SQL }): SQL {
  const { userId, unitType, units } = input;
  return sql`update holding_costs
        set cost_cents = case when held.v <= ${units.toString()}::bigint then 0
                              else greatest(0, cost_cents - (cost_cents * ${units.toString()}::bigint * 2 + held.v) / (held.v * 2)) end
        from (select ${heldBeforeDebitExpression(userHolder(userId), unitType, 'owned', units, HELD_BUCKETS)} as v) held
        where user_id = ${userId}::uuid and unit_type = ${unitType} and ${input.when}`;
}

/** `insert into holding_costs …` for the recipient: `valueCents` more, selected from `source` (one row when it acts). */
export function recipientCostCte(input: { userId: string; unitType: UnitType; valueCents: bigint; source: SQL }): SQL {
  const value = input.valueCents.toString();
  return sql`insert into holding_costs (user_id, unit_type, cost_cents)
        select ${input.userId}::uuid, ${input.unitType}, ${value}::bigint from ${input.source} where ${value}::bigint > 0
        on conflict (user_id, unit_type) do update set cost_cents = holding_costs.cost_cents + excluded.cost_cents`;
}
