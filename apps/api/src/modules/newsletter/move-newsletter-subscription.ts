import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { newsletterSubscribers as s } from './schema';
import { isNewsletterSubscribed, setNewsletter } from './store';

/**
 * An account's address changed: its confirmed newsletter subscription follows it to the new
 * address (the old one may no longer be the person's), in the caller's transaction.
 */
export async function moveNewsletterSubscription(tx: Db, oldEmail: string, newEmail: string, now: Date): Promise<void> {
  if (!(await isNewsletterSubscribed(tx, oldEmail))) return;
  await tx.delete(s).where(eq(s.email, oldEmail));
  await setNewsletter(tx, newEmail, true, now);
}
