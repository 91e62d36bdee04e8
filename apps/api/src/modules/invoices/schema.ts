import { INVOICE_KINDS } from '@landunits/domain';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { sqlList } from '../../platform/db/schema/sql-list';
// Foreign keys only: invoices read orders and people through those modules' indexes.
import { orders } from '../orders/schema';
import { users } from '../users/schema';

/**
 * The last number issued in each calendar year (UTC). Issuing an invoice raises it by one with a
 * guarded `update … returning` in the transaction that makes the order paid, so a rolled-back
 * payment uses no number and two payments can never get the same one (decision 0024).
 */
export const invoiceCounters = pgTable(
  'invoice_counters',
  {
    year: integer('year').primaryKey(),
    lastNumber: integer('last_number').notNull(),
  },
  (t) => [check('invoice_counters_last_number_check', sql`${t.lastNumber} >= 0`), check('invoice_counters_year_check', sql`${t.year} between 2000 and 9999`)],
);

/**
 * Every invoice (paid buy) and sale statement (completed sell) ever issued: never updated, never
 * deleted. One per order and kind; `number` is `LU-<year>-<sequence, 6 digits>`.
 */
export const invoices = pgTable(
  'invoices',
  {
    number: text('number').primaryKey(),
    year: integer('year').notNull(),
    sequence: integer('sequence').notNull(),
    kind: text('kind', { enum: INVOICE_KINDS }).notNull(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    unique('invoices_year_sequence_key').on(t.year, t.sequence),
    unique('invoices_order_kind_key').on(t.orderId, t.kind),
    index('invoices_user_issued_idx').on(t.userId, t.issuedAt.desc(), t.number.desc()),
    check('invoices_kind_check', sql`${t.kind} in (${sqlList(INVOICE_KINDS)})`),
    check('invoices_sequence_check', sql`${t.sequence} >= 1`),
    check('invoices_number_check', sql`${t.number} = 'LU-' || ${t.year} || '-' || lpad(${t.sequence}::text, greatest(6, length(${t.sequence}::text)), '0')`),
  ],
);
