import { ADMIN_ROLES, VERIFICATION_STATUSES } from '@landunits/domain';
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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
    /** An admin's purchase limit for this person, in cents of any one currency; null: the tier's. */
    purchaseLimitOverrideCents: bigint('purchase_limit_override_cents', { mode: 'number' }),
    /** When the person last signed in (login, confirmation, accepted invitation); null if never since it was kept. */
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    // The people whose verification waits for review (the admin queues and the admin home's counts).
    index('users_profile_pending_idx').on(t.id).where(sql`${t.profileVerificationStatus} = 'Pending'`),
    index('users_bank_pending_idx').on(t.id).where(sql`${t.bankVerificationStatus} = 'Pending'`),
    index('users_admin_role_idx').on(t.adminRole).where(sql`${t.adminRole} is not null`),
    check('users_user_type_check', sql`${t.userType} in ('USER', 'BUSINESS')`),
    check('users_admin_role_check', sql`${t.adminRole} is null or ${t.adminRole} in (${sqlList(ADMIN_ROLES)})`),
    check('users_profile_verification_status_check', sql`${t.profileVerificationStatus} in (${sqlList(VERIFICATION_STATUSES)})`),
    check('users_bank_verification_status_check', sql`${t.bankVerificationStatus} in (${sqlList(VERIFICATION_STATUSES)})`),
    check('users_purchase_limit_override_check', sql`${t.purchaseLimitOverrideCents} is null or ${t.purchaseLimitOverrideCents} >= 0`),
  ],
);
