import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { users } from './schema';
import type { UserRow } from './store';

/**
 * Disables an account (with the admin's reason, shown on the admin's page) or enables it again
 * (`disabled` null). The caller ends the sessions and writes the audit row in the same transaction.
 */
export async function setAccountDisabled(tx: Db, userId: string, disabled: { at: Date; reason: string } | null, now: Date): Promise<UserRow | undefined> {
  const [user] = await tx
    .update(users)
    .set({ disabledAt: disabled?.at ?? null, disabledReason: disabled?.reason ?? null, updatedAt: now })
    .where(eq(users.id, userId))
    .returning();
  return user;
}
