import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { users } from './schema';
import { findUserById, type UserRow } from './store';

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
