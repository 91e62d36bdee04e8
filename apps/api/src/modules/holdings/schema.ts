import { UNIT_TYPES } from '@landunits/domain';
import { sql } from 'drizzle-orm';
import { bigint, check, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
// A foreign key only.
import { users } from '../users/schema';

/** The ledger's unit types (the domain's). */
const LEDGER_UNIT_TYPES = UNIT_TYPES;

/**
 * What the Units a person holds cost them, per unit type, in cents of its currency (the dashboard's
 * total_value_bought): buys add what was paid, fees included, when approved, Units received by transfer or
 * conversion add their value on that day, Units leaving take their average cost with them. Kept up
 * to date in the transaction that moves the Units, so the dashboard never sums history.
 */
export const holdingCosts = pgTable(
  'holding_costs',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    unitType: text('unit_type', { enum: LEDGER_UNIT_TYPES }).notNull(),
    costCents: bigint('cost_cents', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
  },
  (t) => [primaryKey({ columns: [t.userId, t.unitType] }), check('holding_costs_cost_check', sql`${t.costCents} >= 0`)],
);
