import { and, isNotNull, isNull, lte } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { newsletterSubscribers } from './schema';

/**
 * Housekeeping for the job runner: an address never confirmed is forgotten once its link has
 * expired (we keep no list of people who did not opt in), and a confirmed row drops its spent token.
 */
export async function deleteExpiredSubscriptions(db: Db, now: Date): Promise<void> {
  await db.delete(newsletterSubscribers).where(and(isNull(newsletterSubscribers.confirmedAt), lte(newsletterSubscribers.tokenExpiresAt, now)));
  await db
    .update(newsletterSubscribers)
    .set({ tokenHash: null, tokenExpiresAt: null })
    .where(and(isNotNull(newsletterSubscribers.confirmedAt), lte(newsletterSubscribers.tokenExpiresAt, now)));
}
