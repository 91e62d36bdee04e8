import { and, eq, isNotNull, isNull, lte } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../platform/context';
import { DAY } from '../../platform/clock';
import { lockUserById, setVerificationStatuses } from '../users';
import { sendReviewMessage } from './emails';
import { profileVerifications, verificationEvents } from './schema';

/** The warnings before a passport expires, largest first: days before, and the column that records it. */
const WARNINGS = [
  { days: 30, column: 'expiryWarned30At' },
  { days: 7, column: 'expiryWarned7At' },
] as const;

const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const dayStart = (iso: string) => new Date(`${iso}T00:00:00Z`);

export interface ExpiryRunResult {
  expired: number;
  warned: number;
}

type Row = typeof profileVerifications.$inferSelect;

/** Which warning a passport expiring on `expiry` is due on `today`, if any not yet sent for that date. */
function dueWarning(row: Row, today: string): { warning: (typeof WARNINGS)[number]; daysLeft: number } | null {
  if (!row.passportExpiryDate || row.passportExpiryDate < today) return null;
  const daysLeft = Math.round((dayStart(row.passportExpiryDate).getTime() - dayStart(today).getTime()) / DAY);
  // The nearest window the date is in; a warning counts for this expiry date only when it was sent inside its window.
  const due = [...WARNINGS].reverse().find((w) => daysLeft <= w.days);
  if (!due) return null;
  const windowStart = dayStart(row.passportExpiryDate).getTime() - due.days * DAY;
  const sent = row[due.column];
  return sent && sent.getTime() >= windowStart ? null : { warning: due, daysLeft };
}

/**
 * The daily passport check (PRODUCT-DECISIONS §8): an Approved individual profile whose passport
 * expired before today returns to Saved (with an 'expired' event and an email); 30 and 7 days before
 * the date the person is warned, once per expiry date. Safe to run again: each person is handled in
 * their own transaction, re-checked under the account's lock.
 */
export async function runPassportExpiry(ctx: AppContext, now: Date, log?: FastifyBaseLogger): Promise<ExpiryRunResult> {
  const today = isoDay(now);
  const result = { expired: 0, warned: 0 };
  const horizon = isoDay(new Date(dayStart(today).getTime() + WARNINGS[0].days * DAY));
  // Candidates from this module's own table, by date (an index-friendly range, however many people
  // are Approved): profiles with no open re-upload request. Each is re-checked below under
  // the account's lock, where only an Approved individual profile goes on.
  const rows = await ctx.db
    .select({ userId: profileVerifications.userId })
    .from(profileVerifications)
    .where(and(isNotNull(profileVerifications.passportExpiryDate), lte(profileVerifications.passportExpiryDate, horizon), isNull(profileVerifications.reuploadSlot)));
  for (const candidate of rows) {
    await ctx.db.transaction(async (tx) => {
      const user = await lockUserById(tx, candidate.userId);
      if (!user || user.profileVerificationStatus !== 'Approved' || user.userType !== 'USER') return;
      const [row] = await tx.select().from(profileVerifications).where(eq(profileVerifications.userId, user.id)).for('update');
      if (!row?.passportExpiryDate) return;
      if (row.passportExpiryDate < today) {
        await setVerificationStatuses(tx, user.id, { profile: 'Saved' }, now);
        await tx
          .update(profileVerifications)
          .set({ reuploadSlot: 'passportFile', reuploadReason: 'Your passport has expired; upload a new one to keep selling.', updatedAt: now })
          .where(eq(profileVerifications.userId, user.id));
        await tx.insert(verificationEvents).values({ userId: user.id, verification: 'profile', action: 'expired', documentSlot: 'passportFile', at: now });
        await sendReviewMessage(ctx, tx, user, 'profile', { kind: 'passport-expired' });
        result.expired++;
        return;
      }
      const due = dueWarning(row, today);
      if (!due) return;
      const { warning, daysLeft } = due;
      // A 7-day warning also stands for the 30-day one: nobody gets the earlier one after the later.
      await tx
        .update(profileVerifications)
        .set(warning.days === 7 ? { expiryWarned7At: now, expiryWarned30At: row.expiryWarned30At ?? now } : { expiryWarned30At: now })
        .where(eq(profileVerifications.userId, user.id));
      await sendReviewMessage(ctx, tx, user, 'profile', { kind: 'passport-expiring', expiryDate: row.passportExpiryDate, days: daysLeft });
      result.warned++;
    });
  }
  if (result.expired || result.warned) log?.info(result, 'passport expiry checked');
  return result;
}
