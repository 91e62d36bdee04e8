import { formatMoment, MONEY_HOLD_MS, moneyHoldMessage, payoutHeldMessage, type MoneyHoldReason } from '@landunits/domain';
import type { MoneyHold } from '@landunits/domain/contracts';
import { and, desc, eq, gt, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { AppError } from '../../platform/http/app-error';
import { lockUserById } from '../users';
import { moneyHolds } from './schema';

/**
 * Cooling-off after a security change (docs/decisions/0049-cooling-off.md). The change's own
 * transaction starts the hold; every sale, transfer and payout reads it in its transaction.
 */

const MINUTE_MS = 60_000;

/**
 * Starts a 48-hour hold on the person's sales, transfers and payouts, in the transaction of the
 * change; answers when it ends (on a whole minute, as every message states it), or null for a
 * staff account, which holds no Units (decision 0037). The person's row is taken for update, so
 * a sale reading the holds under its share lock on that row waits for the change to commit.
 */
export async function startMoneyHold(tx: Db, userId: string, reason: MoneyHoldReason, now: Date): Promise<Date | null> {
  const person = await lockUserById(tx, userId);
  if (!person || person.adminRole) return null;
  const until = new Date(Math.ceil((now.getTime() + MONEY_HOLD_MS) / MINUTE_MS) * MINUTE_MS);
  await tx.insert(moneyHolds).values({ userId, reason, startedAt: now, until });
  return until;
}

/** The end stored for a lock that lasts until the password is reset (the reset ends it). */
const UNTIL_RESET = new Date('9999-12-31T00:00:00.000Z');

/** Locks the person's sales, transfers and payouts until they reset their password ("This was not me"). */
export async function lockMoneyUntilReset(tx: Db, userId: string, now: Date): Promise<void> {
  await lockUserById(tx, userId);
  await tx.insert(moneyHolds).values({ userId, reason: 'not-me', startedAt: now, until: UNTIL_RESET });
}

/** A password reset ends the locks that waited for it (the reset's own 48-hour hold then runs). */
export async function endLocksUntilReset(tx: Db, userId: string, now: Date): Promise<void> {
  await tx
    .update(moneyHolds)
    .set({ until: now })
    .where(and(eq(moneyHolds.userId, userId), eq(moneyHolds.reason, 'not-me'), gt(moneyHolds.until, now)));
}

/** The hold that runs longest at `now` (the one the person waits for), or null. */
export async function activeMoneyHold(db: Db, userId: string, now: Date): Promise<MoneyHold | null> {
  const [row] = await db
    .select({ reason: moneyHolds.reason, startedAt: moneyHolds.startedAt, until: moneyHolds.until })
    .from(moneyHolds)
    .where(and(eq(moneyHolds.userId, userId), gt(moneyHolds.until, now)))
    .orderBy(desc(moneyHolds.until))
    .limit(1);
  return row ? { reason: row.reason, startedAt: row.startedAt.toISOString(), until: row.until.toISOString() } : null;
}

/** The hold in force of each of these people at `now` (the one that ends last), by user id; people without one are left out. */
export async function activeMoneyHoldsOf(db: Db, userIds: readonly string[], now: Date): Promise<Map<string, MoneyHold>> {
  const holds = new Map<string, MoneyHold>();
  if (userIds.length === 0) return holds;
  const rows = await db
    .select({ userId: moneyHolds.userId, reason: moneyHolds.reason, startedAt: moneyHolds.startedAt, until: moneyHolds.until })
    .from(moneyHolds)
    .where(and(inArray(moneyHolds.userId, [...new Set(userIds)]), gt(moneyHolds.until, now)))
    .orderBy(desc(moneyHolds.until));
  for (const row of rows) {
    if (!holds.has(row.userId)) holds.set(row.userId, { reason: row.reason, startedAt: row.startedAt.toISOString(), until: row.until.toISOString() });
  }
  return holds;
}

/**
 * Refuses (409 MONEY_HOLD, nothing changed) a sale or transfer of the person's own (`'own'`), or
 * an admin's payout to them (`'payout'`), while a hold runs; the message says why and until when.
 */
export async function refuseDuringMoneyHold(db: Db, userId: string, now: Date, who: 'own' | 'payout'): Promise<void> {
  const hold = await activeMoneyHold(db, userId, now);
  if (!hold) return;
  const until = formatMoment(new Date(hold.until));
  throw new AppError('MONEY_HOLD', who === 'own' ? moneyHoldMessage(hold.reason, until) : payoutHeldMessage(hold.reason, until));
}
