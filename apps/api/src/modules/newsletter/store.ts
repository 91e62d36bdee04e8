import { EMAIL_CATEGORIES, type EmailCategory } from '@landunits/domain';
import type { Subscriber, SubscribersCsvQuery, SubscriberStatus } from '@landunits/domain/contracts';
import { and, asc, desc, eq, ilike, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
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

const s = newsletterSubscribers;

/** The confirmed newsletter subscription of an address (not left since), if any. */
export async function confirmedSubscriberId(db: Db, email: string): Promise<number | undefined> {
  const [row] = await db
    .select({ id: s.id })
    .from(s)
    .where(and(eq(s.email, email), isNotNull(s.confirmedAt), isNull(s.unsubscribedAt)));
  return row?.id;
}

export const isNewsletterSubscribed = async (db: Db, email: string) => (await confirmedSubscriberId(db, email)) !== undefined;

/**
 * The reader leaves: a confirmed subscription is kept as unsubscribed (the first time it left is
 * kept, and a pending new subscription of the address is cancelled); one never confirmed is
 * forgotten, as nobody opted in.
 */
async function unsubscribeWhere(tx: Db, which: SQL, now: Date): Promise<void> {
  await tx.delete(s).where(and(which, isNull(s.confirmedAt)));
  await tx
    .update(s)
    .set({ unsubscribedAt: sql`coalesce(${s.unsubscribedAt}, ${now.toISOString()}::timestamptz)`, tokenHash: null, tokenExpiresAt: null, updatedAt: now })
    .where(and(which, isNotNull(s.confirmedAt), or(isNull(s.unsubscribedAt), isNotNull(s.tokenHash))));
}

export async function removeSubscriber(tx: Db, id: number, now: Date): Promise<void> {
  await unsubscribeWhere(tx, eq(s.id, id), now);
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
 * verified, so no confirmation link is needed; one that had left is confirmed again), off leaves it.
 */
export async function setNewsletter(tx: Db, email: string, on: boolean, now: Date): Promise<void> {
  if (!on) {
    await unsubscribeWhere(tx, eq(s.email, email), now);
    return;
  }
  await tx
    .insert(s)
    .values({ email, confirmedAt: now, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: s.email,
      set: { confirmedAt: now, unsubscribedAt: null, tokenHash: null, tokenExpiresAt: null, updatedAt: now },
      setWhere: or(isNull(s.confirmedAt), isNotNull(s.unsubscribedAt)),
    });
}

/** The admins' view of the newsletter's readers (GET /api/admin/subscribers and its CSV export). */

export const STATUS_WHERE: Readonly<Record<SubscriberStatus, SQL>> = {
  confirmed: and(isNotNull(s.confirmedAt), isNull(s.unsubscribedAt)) as SQL,
  pending: and(isNull(s.confirmedAt), isNull(s.unsubscribedAt)) as SQL,
  unsubscribed: isNotNull(s.unsubscribedAt),
};

type Row = typeof s.$inferSelect;

const statusOf = (row: Row): SubscriberStatus => (row.unsubscribedAt ? 'unsubscribed' : row.confirmedAt ? 'confirmed' : 'pending');

export function toSubscriber(row: Row): Subscriber {
  return {
    id: row.id,
    email: row.email,
    status: statusOf(row),
    createdAt: row.createdAt.toISOString(),
    confirmedAt: row.confirmedAt?.toISOString() ?? null,
    unsubscribedAt: row.unsubscribedAt?.toISOString() ?? null,
  };
}

/** `%`, `_` and `\` typed by the admin match themselves. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function selection(q: SubscribersCsvQuery) {
  const filters: SQL[] = [];
  if (q.status) filters.push(STATUS_WHERE[q.status]);
  if (q.q) filters.push(ilike(s.email, likePattern(q.q.toLowerCase())));
  const where = filters.length > 0 ? and(...filters) : undefined;
  const dir = q.direction === 'asc' ? asc : desc;
  const orderBy = q.sort === 'email' ? [dir(s.email)] : [dir(s.createdAt), dir(s.id)];
  return { where, orderBy };
}
