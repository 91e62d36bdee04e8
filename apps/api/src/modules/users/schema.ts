import { ADMIN_ROLES, CURRENCIES, VERIFICATION_STATUSES } from '@landunits/domain';
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sqlList } from '../../platform/db/schema/sql-list';

/**
 * People and businesses with an account. Admins are created by a command or invited by an owner
 * (an invited admin is a row with a role and no confirmed email until the invitation is accepted),
 * never by registering.
 */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name'),
    businessName: text('business_name'),
    userType: text('user_type', { enum: ['USER', 'BUSINESS'] }).notNull(),
    /** An admin's role (PRODUCT-DECISIONS §12); null for everyone who is not an admin. */
    adminRole: text('admin_role', { enum: ADMIN_ROLES }),
    passwordHash: text('password_hash').notNull(),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    firstLogin: boolean('first_login').notNull().default(true),
    hubspotMeta: jsonb('hubspot_meta'),
    /** Profile (KYC) and bank verification (SPEC §4); selling needs both Approved. */
    profileVerificationStatus: text('profile_verification_status', { enum: VERIFICATION_STATUSES }).notNull().default('UnVerified'),
    bankVerificationStatus: text('bank_verification_status', { enum: VERIFICATION_STATUSES }).notNull().default('UnVerified'),
    /** When the person last signed in (login, confirmation, accepted invitation); null if never since it was kept. */
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    /**
     * When an admin disabled the account (PRODUCT-DECISIONS §12): it cannot log in, its sessions
     * were ended, and it cannot receive Units. Null for every account in use.
     */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    disabledReason: text('disabled_reason'),
    /** The currency the dashboard shows the person's total in; null: GBP. */
    displayCurrency: text('display_currency', { enum: CURRENCIES }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    // The people whose verification waits for review (the admin queues and the admin home's counts).
    index('users_profile_pending_idx')
      .on(t.id)
      .where(sql`${t.profileVerificationStatus} = 'Pending'`),
    index('users_bank_pending_idx')
      .on(t.id)
      .where(sql`${t.bankVerificationStatus} = 'Pending'`),
    index('users_admin_role_idx')
      .on(t.adminRole)
      .where(sql`${t.adminRole} is not null`),
    check('users_user_type_check', sql`${t.userType} in ('USER', 'BUSINESS')`),
    check('users_admin_role_check', sql`${t.adminRole} is null or ${t.adminRole} in (${sqlList(ADMIN_ROLES)})`),
    check('users_profile_verification_status_check', sql`${t.profileVerificationStatus} in (${sqlList(VERIFICATION_STATUSES)})`),
    check('users_display_currency_check', sql`${t.displayCurrency} is null or ${t.displayCurrency} in (${sqlList(CURRENCIES)})`),
    check('users_bank_verification_status_check', sql`${t.bankVerificationStatus} in (${sqlList(VERIFICATION_STATUSES)})`),
    // The admin's search (modules/user-admin): prefixes of the email, the names and the business name.
    index('users_email_prefix_idx').using('btree', sql`lower(${t.email}) text_pattern_ops`),
    index('users_first_name_prefix_idx').using('btree', sql`lower(${t.firstName}) text_pattern_ops`),
    index('users_last_name_prefix_idx').using('btree', sql`lower(${t.lastName}) text_pattern_ops`),
    index('users_full_name_prefix_idx').using('btree', sql`lower(${t.firstName} || ' ' || coalesce(${t.lastName}, '')) text_pattern_ops`),
    index('users_business_name_prefix_idx').using('btree', sql`lower(${t.businessName}) text_pattern_ops`),
    index('users_created_idx').on(t.createdAt.desc(), t.id.desc()),
  ],
);

/**
 * An admin's purchase limit for one person in one currency (cents of that currency), replacing
 * the tier's limit there (PRODUCT-DECISIONS §4, §12). No row: the tier's limit applies.
 */
export const purchaseLimitOverrides = pgTable(
  'purchase_limit_overrides',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    currency: text('currency', { enum: CURRENCIES }).notNull(),
    cents: bigint('cents', { mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    /** The admin who set it (a plain id, like the audit log's actor); null for overrides carried over from before currencies. */
    setBy: uuid('set_by'),
    setAt: timestamp('set_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.currency] }),
    check('purchase_limit_overrides_currency_check', sql`${t.currency} in (${sqlList(CURRENCIES)})`),
    check('purchase_limit_overrides_cents_check', sql`${t.cents} >= 0`),
  ],
);
