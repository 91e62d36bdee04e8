import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { users } from './schema';
import type { UserRow } from './user-view';

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

/**
 * Moves an account to a new email address (an approved email change). Undefined when the address
 * belongs to another account, also when one took it a moment ago (the unique index decides).
 */
export async function changeUserEmail(tx: Db, userId: string, email: string, now: Date): Promise<UserRow | undefined> {
  const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (taken) return taken.id === userId ? findUserById(tx, userId) : undefined;
  try {
    const [user] = await tx.update(users).set({ email, updatedAt: now }).where(eq(users.id, userId)).returning();
    return user;
  } catch (error) {
    if ((error as { code?: unknown }).code === '23505' || (error as { cause?: { code?: unknown } }).cause?.code === '23505') return undefined;
    throw error;
  }
}
