import type { UnitType } from '@landunits/domain';
import { sql, type SQL } from 'drizzle-orm';
import { HELD_BUCKETS, heldBeforeDebitExpression, userHolder } from '../ledger';

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
