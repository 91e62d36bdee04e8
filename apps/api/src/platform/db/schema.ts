import { ORDER_STATUSES, ORDER_TYPES, PAYMENT_METHODS, UNIT_TYPES, VERIFICATION_STATUSES } from '@landunits/domain';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const sqlList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/**
 * Database schema. Each module owns its tables; they are gathered here so one migration history
 * serves both drivers. Migrations are generated from this file (`npm run db:generate -w
 * @landunits/api`) and committed as SQL.
 */

/** Small facts about this installation (e.g. when demo content was seeded). */
export const appState = pgTable('app_state', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

// ── Accounts ────────────────────────────────────────────────────────────────────────────────

/** People and businesses with an account; admins are created by a command, never by registering. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name'),
    businessName: text('business_name'),
    userType: text('user_type', { enum: ['USER', 'BUSINESS'] }).notNull(),
    isAdmin: boolean('is_admin').notNull().default(false),
    passwordHash: text('password_hash').notNull(),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    firstLogin: boolean('first_login').notNull().default(true),
    hubspotMeta: jsonb('hubspot_meta'),
    /** Profile (KYC) and bank verification (SPEC §4); selling needs both Approved. */
    profileVerificationStatus: text('profile_verification_status', { enum: VERIFICATION_STATUSES }).notNull().default('UnVerified'),
    bankVerificationStatus: text('bank_verification_status', { enum: VERIFICATION_STATUSES }).notNull().default('UnVerified'),
    /** An admin's purchase limit for this person, in cents of any one currency; null: the tier's. */
    purchaseLimitOverrideCents: bigint('purchase_limit_override_cents', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    check('users_user_type_check', sql`${t.userType} in ('USER', 'BUSINESS')`),
    check('users_profile_verification_status_check', sql`${t.profileVerificationStatus} in (${sqlList(VERIFICATION_STATUSES)})`),
    check('users_bank_verification_status_check', sql`${t.bankVerificationStatus} in (${sqlList(VERIFICATION_STATUSES)})`),
    check('users_purchase_limit_override_check', sql`${t.purchaseLimitOverrideCents} is null or ${t.purchaseLimitOverrideCents} >= 0`),
  ],
);

/** Server-side sessions; the cookie holds a random token whose SHA-256 is stored here. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    refreshedAt: timestamp('refreshed_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_user_id_idx').on(t.userId)],
);

/** Single-use links sent by email (confirmation, password reset), stored hashed. */
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['confirm', 'reset'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('email_tokens_token_hash_key').on(t.tokenHash), index('email_tokens_user_purpose_idx').on(t.userId, t.purpose)],
);

// ── Ledger ──────────────────────────────────────────────────────────────────────────────────

/** The kinds of Units (from the domain package); each has its own accounts and sums to zero on its own. */
export const LEDGER_UNIT_TYPES = UNIT_TYPES;

/** The buckets a person's units sit in (PRODUCT-DECISIONS §3). System accounts name their own. */
export const LEDGER_USER_BUCKETS = [
  'owned',
  'owned_DOUBLE_LAND',
  'pendingBuy',
  'pendingSell',
  'transferQueued',
  'convertLocked',
  'bonusLocked',
] as const;

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
    balance: bigint('balance', { mode: 'bigint' }).notNull().default(sql`0`),
  },
  (t) => [
    uniqueIndex('ledger_accounts_holder_unit_type_bucket_key').on(t.holder, t.unitType, t.bucket),
    check(
      'ledger_accounts_holder_check',
      sql`${t.holder} ~ '^user:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' or ${t.holder} ~ '^system:[a-z][a-z0-9_-]{0,62}$'`,
    ),
    check('ledger_accounts_unit_type_check', sql`${t.unitType} in (${sqlList(LEDGER_UNIT_TYPES)})`),
    check(
      'ledger_accounts_bucket_check',
      sql`${t.bucket} in (${sqlList(LEDGER_USER_BUCKETS)}) or (${t.holder} like 'system:%' and ${t.bucket} ~ '^[A-Za-z][A-Za-z0-9_]{0,62}$')`,
    ),
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

// ── Platform ────────────────────────────────────────────────────────────────────────────────

/**
 * Side effects written in the same transaction as the change that causes them and carried out by
 * the job runner, each once.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull(),
    status: text('status', { enum: ['pending', 'done', 'failed'] }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (t) => [index('outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`)],
);

/** Emails kept for reading at /dev/mail when no SMTP server is configured (never in production). */
export const devMail = pgTable(
  'dev_mail',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('dev_mail_created_idx').on(t.createdAt)],
);

/** Fixed-window counters for rate limits, shared by every instance. */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);

// ── Settings ────────────────────────────────────────────────────────────────────────────────

/**
 * Admin-editable settings, one row per key (`money`: the money settings of the domain package,
 * checked with its schema on every read and write). No row means the defaults apply. `version`
 * goes up by one on every write so caches can tell versions apart without trusting clocks.
 */
export const settings = pgTable(
  'settings',
  {
    key: text('key').primaryKey(),
    value: jsonb('value').notNull(),
    version: integer('version').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [check('settings_version_check', sql`${t.version} > 0`)],
);

/**
 * Idempotency keys of money-moving requests: inserted first, in the same transaction as the
 * effect, with the answer stored for replays (see platform/http/idempotency.ts).
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    fingerprint: text('fingerprint').notNull(),
    status: integer('status'),
    /** The answer's JSON text as first sent (text, not jsonb, so a replay keeps its key order). */
    response: text('response'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);

// ── Orders ──────────────────────────────────────────────────────────────────────────────────

// Imported here rather than in the header so the orders tables stay one appended block.

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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The transactions list: orders a person placed and transfers they received, newest first.
    // Sorts by units and by status have their own indexes, written by hand in migration 0008 (collation).
    index('orders_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('orders_recipient_created_idx').on(t.recipientUserId, t.createdAt.desc(), t.id.desc()).where(sql`${t.recipientUserId} is not null`),
    index('orders_due_idx').on(t.dueAt).where(sql`${t.dueAt} is not null`),
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
  ],
);

/**
 * What the Units a person holds cost them, per unit type, in cents of its currency (the dashboard's
 * total_value_bought): buys add their subtotal when approved, Units received by transfer or
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
    costCents: bigint('cost_cents', { mode: 'bigint' }).notNull().default(sql`0`),
  },
  (t) => [primaryKey({ columns: [t.userId, t.unitType] }), check('holding_costs_cost_check', sql`${t.costCents} >= 0`)],
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
    check(
      'order_status_history_actor_check',
      sql`${t.actor} = 'system' or ${t.actor} ~ '^(user|admin):[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'`,
    ),
  ],
);
