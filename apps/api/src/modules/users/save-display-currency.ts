import type { Currency } from '@landunits/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { users } from './schema';

/** The currency the dashboard shows a person's total in, saved on their account. */
export async function saveDisplayCurrency(db: Db, userId: string, currency: Currency, now: Date): Promise<void> {
  await db.update(users).set({ displayCurrency: currency, updatedAt: now }).where(eq(users.id, userId));
}
