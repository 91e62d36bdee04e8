import { randomUUID } from 'node:crypto';
import { and, asc, eq, gte, lt, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { outbox } from '../db/schema/platform';

/**
 * The outbox claims of the job runner (decision 0033), each one short statement that commits on
 * its own. A claim is a token (random, one per batch) written on its rows with a lease: the
 * lease's end is also written to `next_attempt_at`, so an instance that dies holding rows needs no
 * sweeper: they are due again when the lease runs out and any instance claims them then.
 */

export interface ClaimedRow {
  id: number;
  kind: string;
  payload: unknown;
  createdAt: Date;
  /** Counting this one (attempts are counted when claimed, so a crash mid-attempt counts too). */
  attempts: number;
}

export interface Claim {
  token: string;
  rows: ClaimedRow[];
}

/**
 * Claims up to `limit` due rows, oldest first, skipping rows another instance is claiming this
 * instant. A due row that already had its last attempt (its instance died during it) is marked
 * failed instead of being tried again.
 */
export async function claimDue(db: Db, now: Date, limit: number, leaseMs: number, maxAttempts: number): Promise<Claim> {
  const due = and(eq(outbox.status, 'pending'), lte(outbox.nextAttemptAt, now));
  await db
    .update(outbox)
    .set({ status: 'failed', claimToken: null, leasedUntil: null, nextAttemptAt: now, lastError: 'the instance carrying out the last attempt stopped before recording its result' })
    .where(and(due, gte(outbox.attempts, maxAttempts)));
  const token = randomUUID();
  const until = new Date(now.getTime() + leaseMs);
  const chosen = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(due, lt(outbox.attempts, maxAttempts)))
    .orderBy(asc(outbox.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  const rows = await db
    .update(outbox)
    .set({ claimToken: token, leasedUntil: until, nextAttemptAt: until, attempts: sql`${outbox.attempts} + 1` })
    // `= any(array(…))`, not `in (…)`: PostgreSQL runs the array's subquery once, before the update
    // (an InitPlan). Under `in`, it may pick a nested loop that runs the subquery again for every row
    // it looks at; each run skips the rows this statement has just claimed (no longer due) and locks
    // the next ones, so the limit held per run, not per claim: one claim took every due row.
    .where(and(sql`${outbox.id} = any(array(${chosen}))`, due))
    .returning({ id: outbox.id, kind: outbox.kind, payload: outbox.payload, createdAt: outbox.createdAt, attempts: outbox.attempts });
  return { token, rows: rows.sort((a, b) => a.id - b.id) };
}

/** Extends this claim's lease on one row; false when the row is no longer this claim's. */
export async function renewLease(db: Db, id: number, token: string, until: Date): Promise<boolean> {
  const rows = await db
    .update(outbox)
    .set({ leasedUntil: until, nextAttemptAt: until })
    .where(and(eq(outbox.id, id), eq(outbox.claimToken, token), eq(outbox.status, 'pending')))
    .returning({ id: outbox.id });
  return rows.length === 1;
}

/** A failed result's nextAttemptAt is when it failed: there is no next attempt. */
export type JobResult = { status: 'done'; doneAt: Date } | { status: 'failed' | 'pending'; lastError: string; nextAttemptAt: Date };

/**
 * Records the result of this claim's attempt at one row and ends the claim; false (nothing
 * written) when the row is no longer this claim's.
 */
export async function recordResult(db: Db, id: number, token: string, result: JobResult): Promise<boolean> {
  const rows = await db
    .update(outbox)
    .set({ ...result, ...('lastError' in result ? { lastError: result.lastError.slice(0, 500) } : {}), claimToken: null, leasedUntil: null })
    .where(and(eq(outbox.id, id), eq(outbox.claimToken, token), eq(outbox.status, 'pending')))
    .returning({ id: outbox.id });
  return rows.length === 1;
}

/**
 * Hands back the rows of a claim not carried out (a stopping instance): due again at once, their
 * attempt not counted, so another instance sends them without waiting for the lease.
 */
export async function releaseClaim(db: Db, token: string, now: Date): Promise<void> {
  await db
    .update(outbox)
    .set({ claimToken: null, leasedUntil: null, nextAttemptAt: now, attempts: sql`${outbox.attempts} - 1` })
    .where(and(eq(outbox.claimToken, token), eq(outbox.status, 'pending')));
}
