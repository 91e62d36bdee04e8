import { EMAIL_CATEGORIES, type EmailCategory, type Subscriptions } from '@landunits/domain';
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { emailPreferences, newsletterSubscribers } from './schema';

/**
 * What a person receives: each optional category (no email_preferences row: all on) and the
 * newsletter (a confirmed subscription of the account's address).
 */

type Categories = Record<EmailCategory, boolean>;
const ALL_ON: Categories = { productNews: true, governance: true, community: true };

export async function categoriesOf(db: Db, userId: string): Promise<Categories> {
  const [row] = await db.select().from(emailPreferences).where(eq(emailPreferences.userId, userId));
  if (!row) return { ...ALL_ON };
  return { productNews: row.productNews, governance: row.governance, community: row.community };
}

/** The confirmed newsletter subscription of an address, if any. */
export async function confirmedSubscriberId(db: Db, email: string): Promise<number | undefined> {
  const [row] = await db
    .select({ id: newsletterSubscribers.id })
    .from(newsletterSubscribers)
    .where(and(eq(newsletterSubscribers.email, email), isNotNull(newsletterSubscribers.confirmedAt)));
  return row?.id;
}

export const isNewsletterSubscribed = async (db: Db, email: string) => (await confirmedSubscriberId(db, email)) !== undefined;

export async function removeSubscriber(tx: Db, id: number): Promise<void> {
  await tx.delete(newsletterSubscribers).where(eq(newsletterSubscribers.id, id));
}

export async function subscriptionsOf(db: Db, user: { id: string; email: string }): Promise<Subscriptions> {
  const [categories, newsletter] = await Promise.all([categoriesOf(db, user.id), isNewsletterSubscribed(db, user.email)]);
  return { newsletter, ...categories };
}

/** Sets some categories, keeping the others as they are. */
export async function setCategories(tx: Db, userId: string, changes: Partial<Categories>, now: Date): Promise<void> {
  const values = { ...ALL_ON, ...changes };
  const set = Object.fromEntries(EMAIL_CATEGORIES.filter((c) => changes[c] !== undefined).map((c) => [c, changes[c]]));
  await tx
    .insert(emailPreferences)
    .values({ userId, ...values, updatedAt: now })
    .onConflictDoUpdate({ target: emailPreferences.userId, set: { ...set, updatedAt: now } });
}

/**
 * The newsletter for an address: on is a confirmed subscription (an account's address is already
 * verified, so no confirmation link is needed), off removes it (we keep no list of past readers).
 */
export async function setNewsletter(tx: Db, email: string, on: boolean, now: Date): Promise<void> {
  if (!on) {
    await tx.delete(newsletterSubscribers).where(eq(newsletterSubscribers.email, email));
    return;
  }
  await tx
    .insert(newsletterSubscribers)
    .values({ email, confirmedAt: now, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: newsletterSubscribers.email,
      set: { confirmedAt: now, tokenHash: null, tokenExpiresAt: null, updatedAt: now },
      setWhere: isNull(newsletterSubscribers.confirmedAt),
    });
}

/**
 * An account's address changed: its confirmed newsletter subscription follows it to the new
 * address (the old one may no longer be the person's), in the caller's transaction.
 */
export async function moveNewsletterSubscription(tx: Db, oldEmail: string, newEmail: string, now: Date): Promise<void> {
  if (!(await isNewsletterSubscribed(tx, oldEmail))) return;
  await tx.delete(newsletterSubscribers).where(eq(newsletterSubscribers.email, oldEmail));
  await setNewsletter(tx, newEmail, true, now);
}
