import { ORDER_STATUSES, ORDER_TYPES, PAYMENT_METHODS, PAYOUT_SECOND_ADMIN_CENTS, UNIT_TYPES } from '@landunits/domain';
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, date, index, jsonb, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sqlList } from '../../platform/db/schema/sql-list';
// Foreign keys only: orders reach people and codes through those modules' indexes.
import { referenceCodes } from '../reference-codes/schema';
import { users } from '../users/schema';

/** The ledger's unit types (the domain's). */
const LEDGER_UNIT_TYPES = UNIT_TYPES;

/**
 * Orders of every type (SPEC §3). The id is a ULID made by the server, so ids sort by creation.
 * Units move only through ledger postings; this row says what was asked for and where it stands.
 * `payment_method` is a column (not only inside payment_details) so the transactions list can
 * filter on it; it is `None` for every order that brings no money in.
 */
export const orders = pgTable(
  'orders',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    orderType: text('order_type', { enum: ORDER_TYPES }).notNull(),
    orderStatus: text('order_status', { enum: ORDER_STATUSES }).notNull(),
    paymentMethod: text('payment_method', { enum: PAYMENT_METHODS }).notNull().default('None'),
    unitType: text('unit_type', { enum: LEDGER_UNIT_TYPES }).notNull(),
    numberOfUnits: bigint('number_of_units', { mode: 'number' }).notNull(),
    recipientUserId: uuid('recipient_user_id').references(() => users.id),
    recipientEmail: text('recipient_email'),
    scheduledDate: date('scheduled_date', { mode: 'string' }),
    paymentDetails: jsonb('payment_details'),
    /** Today's price of `unit_type` when the order was placed (6 places). */
    pricePerUnit: numeric('price_per_unit', { precision: 18, scale: 6 }),
    /** Payment in cents of the order's currency (buys: what is paid; sells: the payout); counts against purchase limits. */
    amountCents: bigint('amount_cents', { mode: 'number' }),
    /** The rest of the order as shown (fee snapshot, buy reference, sale and conversion figures). */
    details: jsonb('details'),
    /** CONVERT: the unit type and Units received. */
    convertUnitType: text('convert_unit_type', { enum: LEDGER_UNIT_TYPES }),
    convertUnits: bigint('convert_units', { mode: 'number' }),
    /**
     * When the jobs runner must next act on this order (a buy expires, a scheduled transfer runs,
     * converted Units unlock); null when nothing is due. Claimed with FOR UPDATE SKIP LOCKED.
     */
    dueAt: timestamp('due_at', { withTimezone: true }),
    /** hubspotMetaData sent with the order, kept until a marketing tracker is configured. */
    meta: jsonb('meta'),
    /** BUY: the reference code applied (its terms are copied into details.buy.referenceCodeDetails). */
    referenceCodeId: uuid('reference_code_id').references(() => referenceCodes.id),
    /** BUY with a BONUS code: Units granted on approval, reserved with the buy in pendingBuy. */
    bonusUnits: bigint('bonus_units', { mode: 'number' }),
    /** BUY under the LU2X offer: half price, Units held in owned_DOUBLE_LAND and freed in monthly tranches. */
    isDoubleLand: boolean('is_double_land').notNull().default(false),
    /** Card buys: the provider's payment id (Stripe PaymentIntent, Square payment). */
    providerPaymentId: text('provider_payment_id'),
    /** Why the order needs an admin's eye (e.g. a provider reported another amount); null when all is well. */
    paymentFlag: text('payment_flag'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The transactions list: orders a person placed and transfers they received, newest first.
    // Sorts by units and by status have their own indexes, written by hand in migration 0008 (collation).
    index('orders_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('orders_recipient_created_idx')
      .on(t.recipientUserId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.recipientUserId} is not null`),
    index('orders_due_idx')
      .on(t.dueAt)
      .where(sql`${t.dueAt} is not null`),
    // Orders waiting for an admin, oldest first.
    index('orders_awaiting_admin_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.orderStatus} in ('PaymentSent', 'PaymentSent_FromUserCrypto', 'FundsWaitingApproval', 'PartialComplete', 'AllUnitSold')`),
    // A person's buys that still count against the purchase limit.
    index('orders_user_unapproved_buys_idx')
      .on(t.userId)
      .where(sql`${t.orderType} = 'BUY' and ${t.orderStatus} in ('Initiated', 'InProcess', 'PaymentSent', 'PaymentSent_FromUserCrypto')`),
    check('orders_id_check', sql`${t.id} ~ '^[0-7][0-9A-HJKMNP-TV-Z]{25}$'`),
    check('orders_order_type_check', sql`${t.orderType} in (${sqlList(ORDER_TYPES)})`),
    check('orders_order_status_check', sql`${t.orderStatus} in (${sqlList(ORDER_STATUSES)})`),
    check('orders_payment_method_check', sql`${t.paymentMethod} in (${sqlList(PAYMENT_METHODS)})`),
    check('orders_unit_type_check', sql`${t.unitType} in (${sqlList(LEDGER_UNIT_TYPES)})`),
    check('orders_number_of_units_check', sql`${t.numberOfUnits} > 0 and ${t.numberOfUnits} <= 9007199254740991`),
    check('orders_recipient_check', sql`${t.recipientUserId} is null or ${t.recipientUserId} <> ${t.userId}`),
    check('orders_convert_unit_type_check', sql`${t.convertUnitType} is null or ${t.convertUnitType} in (${sqlList(LEDGER_UNIT_TYPES)})`),
    check('orders_convert_units_check', sql`${t.convertUnits} is null or ${t.convertUnits} > 0`),
    check('orders_amount_cents_check', sql`${t.amountCents} is null or ${t.amountCents} >= 0`),
    check('orders_bonus_units_check', sql`${t.bonusUnits} is null or ${t.bonusUnits} > 0`),
    uniqueIndex('orders_provider_payment_idx')
      .on(t.paymentMethod, t.providerPaymentId)
      .where(sql`${t.providerPaymentId} is not null`),
    // A person's buys with bonus Units (the dashboard's locked bonus list).
    index('orders_user_bonus_idx')
      .on(t.userId)
      .where(sql`${t.bonusUnits} is not null`),
    // A person's LU2X buys (their unlock schedule).
    index('orders_user_double_land_idx')
      .on(t.userId)
      .where(sql`${t.isDoubleLand}`),
    index('orders_flagged_idx')
      .on(t.createdAt)
      .where(sql`${t.paymentFlag} is not null`),
  ],
);

/** Every status an order has been in: who moved it, when, from and to. Written in the same transaction as the change. */
export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id),
    fromStatus: text('from_status', { enum: ORDER_STATUSES }),
    toStatus: text('to_status', { enum: ORDER_STATUSES }).notNull(),
    /** `user:<uuid>`, `admin:<uuid>` or `system`. */
    actor: text('actor').notNull(),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('order_status_history_order_idx').on(t.orderId, t.id),
    check('order_status_history_from_status_check', sql`${t.fromStatus} is null or ${t.fromStatus} in (${sqlList(ORDER_STATUSES)})`),
    check('order_status_history_to_status_check', sql`${t.toStatus} in (${sqlList(ORDER_STATUSES)})`),
    check('order_status_history_actor_check', sql`${t.actor} = 'system' or ${t.actor} ~ '^(user|admin):[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'`),
  ],
);

/**
 * Offer-wide counters (the LU2X offer's Units sold), moved only by guarded updates
 * (`… set sold_units = sold_units + n where sold_units + n <= cap`) in the buy's transaction.
 */
export const offerCounters = pgTable(
  'offer_counters',
  {
    name: text('name').primaryKey(),
    soldUnits: bigint('sold_units', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('offer_counters_sold_check', sql`${t.soldUnits} >= 0`)],
);

/**
 * Sale payouts under the four-eyes rule (PRODUCT-DECISIONS §12): who marked a sale paid, with the
 * bank's reference and the approved bank account it went to, and who confirmed it. A payout of
 * 10,000.00 or more (`needs_second_admin`) is confirmed by another admin than the one who marked
 * it, which the database checks as well; a smaller one is confirmed by its marker at once.
 * Written in the transaction of the order's status change, under the order's row lock.
 */
export const sellPayouts = pgTable(
  'sell_payouts',
  {
    orderId: text('order_id')
      .primaryKey()
      .references(() => orders.id),
    /** The payout in cents of the order's currency when it was marked paid. */
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    needsSecondAdmin: boolean('needs_second_admin').notNull(),
    bankReference: text('bank_reference').notNull(),
    /** The approved bank details the payout was sent to, as they were when it was marked paid. */
    bankDetails: jsonb('bank_details').notNull(),
    markedBy: uuid('marked_by').notNull(),
    markedAt: timestamp('marked_at', { withTimezone: true }).notNull(),
    confirmedBy: uuid('confirmed_by'),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  },
  (t) => [
    check('sell_payouts_amount_check', sql`${t.amountCents} >= 0`),
    check('sell_payouts_second_admin_check', sql`${t.needsSecondAdmin} = (${t.amountCents} >= ${sql.raw(String(PAYOUT_SECOND_ADMIN_CENTS))})`),
    check('sell_payouts_confirmed_check', sql`(${t.confirmedBy} is null) = (${t.confirmedAt} is null)`),
    check('sell_payouts_four_eyes_check', sql`not ${t.needsSecondAdmin} or ${t.confirmedBy} is null or ${t.confirmedBy} <> ${t.markedBy}`),
    check('sell_payouts_reference_check', sql`length(${t.bankReference}) between 4 and 64`),
  ],
);
