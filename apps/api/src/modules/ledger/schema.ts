import { UNIT_TYPES } from '@landunits/domain';
import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sqlList } from '../../platform/db/schema/sql-list';

/** The kinds of Units (from the domain package); each has its own accounts and sums to zero on its own. */
export const LEDGER_UNIT_TYPES = UNIT_TYPES;

/** The buckets a person's units sit in (PRODUCT-DECISIONS §3). System accounts name their own. */
export const LEDGER_USER_BUCKETS = ['owned', 'owned_DOUBLE_LAND', 'pendingBuy', 'pendingSell', 'transferQueued', 'convertLocked', 'bonusLocked'] as const;

/**
 * One row per holder × unit type × bucket, holding its balance (maintained by guarded updates in
 * the same transaction as the entries that explain it). holder is `user:<uuid>` for a person and
 * `system:<name>` for the platform's own accounts (issuer supply, fees, payouts, offers); system
 * accounts may go below zero (the issuer's balance is minus everything issued), people's never.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    holder: text('holder').notNull(),
    unitType: text('unit_type', { enum: LEDGER_UNIT_TYPES }).notNull(),
    bucket: text('bucket').notNull(),
    balance: bigint('balance', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
  },
  (t) => [
    uniqueIndex('ledger_accounts_holder_unit_type_bucket_key').on(t.holder, t.unitType, t.bucket),
    check('ledger_accounts_holder_check', sql`${t.holder} ~ '^user:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' or ${t.holder} ~ '^system:[a-z][a-z0-9_-]{0,62}$'`),
    check('ledger_accounts_unit_type_check', sql`${t.unitType} in (${sqlList(LEDGER_UNIT_TYPES)})`),
    check('ledger_accounts_bucket_check', sql`${t.bucket} in (${sqlList(LEDGER_USER_BUCKETS)}) or (${t.holder} like 'system:%' and ${t.bucket} ~ '^[A-Za-z][A-Za-z0-9_]{0,62}$')`),
    check('ledger_accounts_user_balance_check', sql`${t.holder} like 'system:%' or ${t.balance} >= 0`),
  ],
);

/**
 * Append-only journal: each row moves `units` from debit_account (its balance goes down) to
 * credit_account (its balance goes up). A trigger refuses UPDATE, DELETE and TRUNCATE; corrections
 * are new, reversing entries.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: text('order_id'),
    debitAccount: bigint('debit_account', { mode: 'number' })
      .notNull()
      .references(() => ledgerAccounts.id),
    creditAccount: bigint('credit_account', { mode: 'number' })
      .notNull()
      .references(() => ledgerAccounts.id),
    units: bigint('units', { mode: 'bigint' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ledger_entries_order_id_idx').on(t.orderId),
    index('ledger_entries_debit_account_idx').on(t.debitAccount),
    index('ledger_entries_credit_account_idx').on(t.creditAccount),
    check('ledger_entries_units_check', sql`${t.units} > 0`),
    check('ledger_entries_distinct_accounts_check', sql`${t.debitAccount} <> ${t.creditAccount}`),
  ],
);
