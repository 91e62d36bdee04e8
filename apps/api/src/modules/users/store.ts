import { type AdminRole, type Currency, type VerificationStatus } from '@landunits/domain';
import type { AccountStatus } from '@landunits/domain/contracts';
import { and, asc, eq, inArray, isNotNull, isNull, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { purchaseLimitOverrides, users } from './schema';

/* ---------------- the account row and what others see of it ---------------- */

export type UserRow = typeof users.$inferSelect;

/** The user object the web app receives (SPEC §3): never the password hash or internal flags. */
export function toUserView(user: UserRow) {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName ?? '',
    userType: user.userType,
    role: user.adminRole ? ('ADMIN' as const) : user.userType,
    /** Which admin sections the person may use (PRODUCT-DECISIONS §12); null for non-admins. */
    adminRole: user.adminRole ?? null,
    firstLogin: user.firstLogin,
    profileVerificationStatus: user.profileVerificationStatus,
    bankVerificationStatus: user.bankVerificationStatus,
    ...(user.businessName ? { businessName: user.businessName } : {}),
  };
}
export type UserView = ReturnType<typeof toUserView>;

/** What other modules may know of a person: who they are and how to name them, nothing about their account. */
export interface Person {
  id: string;
  email: string;
  firstName: string;
  lastName: string | null;
}

export const personColumns = { id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName };

/** Active, waiting for the email confirmation, or disabled by an admin (disabled wins). */
export function accountStatusOf(user: Pick<UserRow, 'emailVerifiedAt' | 'disabledAt'>): AccountStatus {
  if (user.disabledAt) return 'disabled';
  return user.emailVerifiedAt ? 'active' : 'unconfirmed';
}

/* ---------------- sign-up and sign-in ---------------- */

/**
 * The account rows the sign-up and sign-in steps read and change (the auth module's use-cases
 * call these; no other module writes `users`). Pass the caller's transaction to act inside it.
 */

/** What registration sets on an account (and replaces on one never confirmed). */
export interface AccountDetails {
  firstName: string;
  lastName: string | null;
  businessName: string | null;
  userType: 'USER' | 'BUSINESS';
  passwordHash: string;
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.email, email));
  return user;
}

export async function findUserById(db: Db, userId: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  return user;
}

/** The account of this email, locked for the rest of the transaction. */
export async function lockUserByEmail(tx: Db, email: string): Promise<UserRow | undefined> {
  const [user] = await tx.select().from(users).where(eq(users.email, email)).for('update');
  return user;
}

/**
 * A registration of this email still waiting for its confirmation, locked. An invited admin is
 * not one: their invitation link is the only way in.
 */
export async function lockUnconfirmedUserByEmail(tx: Db, email: string): Promise<UserRow | undefined> {
  const [user] = await tx
    .select()
    .from(users)
    .where(and(eq(users.email, email), isNull(users.emailVerifiedAt), isNull(users.adminRole)))
    .for('update');
  return user;
}

/** A confirmed account of this email, locked. */
export async function lockConfirmedUserByEmail(tx: Db, email: string): Promise<UserRow | undefined> {
  const [user] = await tx
    .select()
    .from(users)
    .where(and(eq(users.email, email), isNotNull(users.emailVerifiedAt)))
    .for('update');
  return user;
}

/** A new account waiting for confirmation; undefined when the email is taken. */
export async function insertPendingUser(tx: Db, email: string, details: AccountDetails, now: Date): Promise<{ id: string } | undefined> {
  const [created] = await tx
    .insert(users)
    .values({ email, ...details, createdAt: now, updatedAt: now })
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id });
  return created;
}

export async function replaceUserDetails(tx: Db, userId: string, details: AccountDetails, now: Date): Promise<void> {
  await tx
    .update(users)
    .set({ ...details, updatedAt: now })
    .where(eq(users.id, userId));
}

/** Deletes an account of this email that was never confirmed (never an admin). */
export async function deleteUnconfirmedUser(db: Db, email: string): Promise<void> {
  await db.delete(users).where(and(eq(users.email, email), isNull(users.emailVerifiedAt), isNull(users.adminRole)));
}

export async function markEmailConfirmed(tx: Db, userId: string, now: Date, hubspotMeta: unknown): Promise<void> {
  await tx
    .update(users)
    .set({ emailVerifiedAt: now, updatedAt: now, ...(hubspotMeta ? { hubspotMeta } : {}) })
    .where(eq(users.id, userId));
}

export async function clearFirstLogin(tx: Db, userId: string): Promise<void> {
  await tx.update(users).set({ firstLogin: false }).where(eq(users.id, userId));
}

/** A sign-in: when it happened (the admins list shows it) and the first-login flag cleared. */
export async function recordSignIn(tx: Db, userId: string, now: Date): Promise<void> {
  await tx.update(users).set({ firstLogin: false, lastSignInAt: now }).where(eq(users.id, userId));
}

export async function setPasswordHash(tx: Db, userId: string, passwordHash: string, now: Date): Promise<UserRow | undefined> {
  const [user] = await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId)).returning();
  return user;
}

/* ---------------- verification statuses ---------------- */

/**
 * The two verification statuses live on the account (selling, limits and the dashboard read them
 * there); the verification module changes them through these, inside its own transaction.
 */

/** The account, locked for the rest of the transaction (verification steps serialise on it). */
export async function lockUserById(tx: Db, userId: string): Promise<UserRow | undefined> {
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  return user;
}

/**
 * The account, share-locked for the rest of the transaction: verification changes (which take the
 * row for update) wait, so a sale checks statuses that cannot change under it, while sales of the
 * same person still run side by side.
 */
export async function shareLockUserById(tx: Db, userId: string): Promise<UserRow | undefined> {
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('share');
  return user;
}

export async function setVerificationStatuses(tx: Db, userId: string, statuses: { profile?: VerificationStatus; bank?: VerificationStatus }, now: Date): Promise<void> {
  await tx
    .update(users)
    .set({
      ...(statuses.profile ? { profileVerificationStatus: statuses.profile } : {}),
      ...(statuses.bank ? { bankVerificationStatus: statuses.bank } : {}),
      updatedAt: now,
    })
    .where(eq(users.id, userId));
}

/** Of these people, the ones whose bank verification is Approved now (payouts go only to them). */
export async function bankApprovedAmong(db: Db, userIds: readonly string[]): Promise<Set<string>> {
  const unique = [...new Set(userIds)];
  if (unique.length === 0) return new Set();
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, unique), eq(users.bankVerificationStatus, 'Approved')));
  return new Set(rows.map((row) => row.id));
}

/* ---------------- admin accounts ---------------- */

/**
 * The admin accounts as the admins module manages them: the list, invited rows (a role and no
 * confirmed email until the invitation is accepted), role changes and removals. Pass the caller's
 * transaction to act inside it.
 */

export interface AdminRow {
  id: string;
  email: string;
  firstName: string;
  lastName: string | null;
  adminRole: AdminRole;
  emailVerifiedAt: Date | null;
  lastSignInAt: Date | null;
  createdAt: Date;
}

export const adminColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  adminRole: users.adminRole,
  emailVerifiedAt: users.emailVerifiedAt,
  lastSignInAt: users.lastSignInAt,
  createdAt: users.createdAt,
};

export const toAdminRow = (row: Omit<AdminRow, 'adminRole'> & { adminRole: AdminRole | null }): AdminRow => ({ ...row, adminRole: row.adminRole ?? 'OWNER' });

/** One admin (active or invited), locked for the rest of the transaction; undefined for anyone else. */
export async function lockAdminById(tx: Db, id: string): Promise<AdminRow | undefined> {
  const [row] = await tx
    .select(adminColumns)
    .from(users)
    .where(and(eq(users.id, id), isNotNull(users.adminRole)))
    .for('update');
  return row ? toAdminRow(row) : undefined;
}

export async function findAdminById(db: Db, id: string): Promise<AdminRow | undefined> {
  const [row] = await db
    .select(adminColumns)
    .from(users)
    .where(and(eq(users.id, id), isNotNull(users.adminRole)));
  return row ? toAdminRow(row) : undefined;
}

/** The ids of the admins who may sign in as owners now (invited owners do not count). */
export async function activeOwnerIds(tx: Db): Promise<string[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.adminRole, 'OWNER'), isNotNull(users.emailVerifiedAt)));
  return rows.map((row) => row.id);
}

/**
 * An invited admin: the role, no confirmed email and a password nobody knows, until the
 * invitation is accepted. Undefined when the address already has an account.
 */
export async function insertInvitedAdmin(tx: Db, input: { email: string; role: AdminRole; passwordHash: string }, now: Date): Promise<AdminRow | undefined> {
  const [row] = await tx
    .insert(users)
    .values({ email: input.email, firstName: '', userType: 'USER', adminRole: input.role, passwordHash: input.passwordHash, createdAt: now, updatedAt: now })
    .onConflictDoNothing({ target: users.email })
    .returning(adminColumns);
  return row ? toAdminRow(row) : undefined;
}

/** The account of this email (admin or not), locked; for the invitation's checks. */
export async function lockAccountByEmail(tx: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.email, email)).for('update');
  return row;
}

/** Sets (or, with null, takes away) an admin's role. */
export async function setAdminRole(tx: Db, id: string, role: AdminRole | null, now: Date): Promise<void> {
  await tx.update(users).set({ adminRole: role, updatedAt: now }).where(eq(users.id, id));
}

/** An invitation accepted: the name and password chosen, the email confirmed by the link. */
export async function activateInvitedAdmin(tx: Db, id: string, details: { firstName: string; lastName: string | null; passwordHash: string }, now: Date): Promise<UserRow | undefined> {
  const [row] = await tx
    .update(users)
    .set({ ...details, emailVerifiedAt: now, updatedAt: now })
    .where(and(eq(users.id, id), isNotNull(users.adminRole), isNull(users.emailVerifiedAt)))
    .returning();
  return row;
}

/** Deletes an invited admin who never accepted (nothing else refers to the row). */
export async function deleteInvitedAdmin(tx: Db, id: string): Promise<void> {
  await tx.delete(users).where(and(eq(users.id, id), isNotNull(users.adminRole), isNull(users.emailVerifiedAt)));
}

/* ---------------- purchase limit overrides ---------------- */

/**
 * An admin's purchase limit for a person, per currency (PRODUCT-DECISIONS §4, §12). Orders read
 * the override of the buy's currency; the dashboard and the verification page read all four.
 */

export type PurchaseLimitOverrideRow = typeof purchaseLimitOverrides.$inferSelect;

/** The override of one currency, in cents of it; null: the tier's limit applies. */
export async function purchaseLimitOverrideOf(db: Db, userId: string, currency: Currency): Promise<number | null> {
  const [row] = await db
    .select({ cents: purchaseLimitOverrides.cents })
    .from(purchaseLimitOverrides)
    .where(and(eq(purchaseLimitOverrides.userId, userId), eq(purchaseLimitOverrides.currency, currency)));
  return row?.cents ?? null;
}

/** Every override of a person, in currency order of the table (GBP, USD, EUR, AUD sorted by name). */
export async function purchaseLimitOverridesOf(db: Db, userId: string): Promise<PurchaseLimitOverrideRow[]> {
  return db.select().from(purchaseLimitOverrides).where(eq(purchaseLimitOverrides.userId, userId)).orderBy(asc(purchaseLimitOverrides.currency));
}

/** One row per overridden currency (cents as text), for a statement that reads several things at once (the dashboard bundle). */
export interface LimitOverrideRow {
  currency: Currency;
  cents: string;
}

export function limitOverrideRowsQuery(userId: string | Placeholder): SQL {
  return sql`select ${purchaseLimitOverrides.currency} as "currency", ${purchaseLimitOverrides.cents}::text as "cents"
    from ${purchaseLimitOverrides} where ${purchaseLimitOverrides.userId} = ${userId}`;
}

export function limitOverridesFrom(rows: readonly LimitOverrideRow[]): Partial<Record<Currency, number>> {
  return Object.fromEntries(rows.map((row) => [row.currency, Number(row.cents)]));
}

/** The override of one currency as it is now, locked for the rest of the transaction. */
export async function lockPurchaseLimitOverride(tx: Db, userId: string, currency: Currency): Promise<PurchaseLimitOverrideRow | undefined> {
  const [row] = await tx
    .select()
    .from(purchaseLimitOverrides)
    .where(and(eq(purchaseLimitOverrides.userId, userId), eq(purchaseLimitOverrides.currency, currency)))
    .for('update');
  return row;
}

/** Sets (cents) or clears (null) one currency's override. */
export async function savePurchaseLimitOverride(tx: Db, input: { userId: string; currency: Currency; cents: number | null; reason: string; setBy: string; at: Date }): Promise<void> {
  const key = and(eq(purchaseLimitOverrides.userId, input.userId), eq(purchaseLimitOverrides.currency, input.currency));
  if (input.cents === null) {
    await tx.delete(purchaseLimitOverrides).where(key);
    return;
  }
  const values = { cents: input.cents, reason: input.reason, setBy: input.setBy, setAt: input.at };
  await tx
    .insert(purchaseLimitOverrides)
    .values({ userId: input.userId, currency: input.currency, ...values })
    .onConflictDoUpdate({ target: [purchaseLimitOverrides.userId, purchaseLimitOverrides.currency], set: values });
}
