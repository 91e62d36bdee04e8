import { sql } from 'drizzle-orm';
import { bigint, boolean, check, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
// A foreign key only.
import { users } from '../users/schema';

/**
 * Reference codes (PRODUCT-DECISIONS §4), managed by admins. `uses` counts orders holding the code
 * (taken with a guarded update when a buy is placed, given back when it is cancelled, expires or
 * fails), so a use limit holds under concurrency.
 */
export const referenceCodes = pgTable(
  'reference_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Upper-case; compared without case. */
    code: text('code').notNull(),
    codeType: text('code_type', { enum: ['DISCOUNT', 'BONUS'] }).notNull(),
    isPercent: boolean('is_percent').notNull().default(false),
    /** DISCOUNT: percent ('12.5') or cents ('500'). */
    amount: text('amount').notNull().default('0'),
    bonusUnits: bigint('bonus_units', { mode: 'number' }).notNull().default(0),
    minPaymentAmountCents: bigint('min_payment_amount_cents', { mode: 'number' }),
    maxPaymentAmountCents: bigint('max_payment_amount_cents', { mode: 'number' }),
    validFrom: timestamp('valid_from', { withTimezone: true }),
    validUntil: timestamp('valid_until', { withTimezone: true }),
    maxUses: integer('max_uses'),
    uses: integer('uses').notNull().default(0),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reference_codes_code_key').on(t.code),
    check('reference_codes_code_check', sql`${t.code} ~ '^[A-Z0-9-]{3,32}$'`),
    check('reference_codes_type_check', sql`${t.codeType} in ('DISCOUNT', 'BONUS')`),
    check('reference_codes_uses_check', sql`${t.uses} >= 0 and (${t.maxUses} is null or ${t.uses} <= ${t.maxUses})`),
    check('reference_codes_bonus_check', sql`${t.bonusUnits} >= 0`),
  ],
);
