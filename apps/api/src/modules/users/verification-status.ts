import type { VerificationStatus } from '@landunits/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { users } from './schema';
import type { UserRow } from './user-view';

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
