import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { users } from './schema';

/**
 * The names a person gives in their profile verification, saved onto the account (greetings,
 * emails and the admin lists read them there). An empty name leaves the account's as it is.
 */
export async function saveAccountNames(tx: Db, userId: string, names: { firstName: string; lastName: string; businessName?: string | undefined }, now: Date): Promise<void> {
  const set = {
    ...(names.firstName ? { firstName: names.firstName } : {}),
    ...(names.lastName ? { lastName: names.lastName } : {}),
    ...(names.businessName ? { businessName: names.businessName } : {}),
  };
  if (Object.keys(set).length === 0) return;
  await tx
    .update(users)
    .set({ ...set, updatedAt: now })
    .where(eq(users.id, userId));
}
