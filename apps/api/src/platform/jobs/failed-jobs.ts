import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { outbox } from '../db/schema/platform';

/** A job that failed its last attempt (or was refused as invalid), waiting for someone to decide. */
export interface FailedJobRow {
  id: number;
  kind: string;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  /** When the last attempt failed (the runner sets next_attempt_at to it when it gives up). */
  failedAt: Date;
  /** An email's recipient and subject, when the payload has them. */
  about: string | null;
}

/** The newest failed jobs, and how many there are in all. */
export async function listFailedJobs(db: Db, limit: number): Promise<{ rows: FailedJobRow[]; total: number }> {
  const failed = eq(outbox.status, 'failed');
  const [rows, [all]] = await Promise.all([
    db
      .select({
        id: outbox.id,
        kind: outbox.kind,
        attempts: outbox.attempts,
        lastError: outbox.lastError,
        createdAt: outbox.createdAt,
        failedAt: outbox.nextAttemptAt,
        to: sql<string | null>`${outbox.payload} ->> 'to'`,
        subject: sql<string | null>`${outbox.payload} ->> 'subject'`,
      })
      .from(outbox)
      .where(failed)
      .orderBy(desc(outbox.id))
      .limit(limit),
    db.select({ n: count() }).from(outbox).where(failed),
  ]);
  return {
    rows: rows.map(({ to, subject, ...row }) => ({ ...row, createdAt: new Date(row.createdAt), failedAt: new Date(row.failedAt), about: to && subject ? `To ${to}: ${subject}` : null })),
    total: all?.n ?? 0,
  };
}

/**
 * Runs a failed job again from its first attempt, due now; null when the job is not failed (any
 * more). The previous error stays until the next attempt replaces it.
 */
export async function retryFailedJob(db: Db, id: number, now: Date): Promise<FailedJobRow | null> {
  return changeFailed(db, id, { status: 'pending', attempts: 0, nextAttemptAt: now, claimToken: null, leasedUntil: null });
}

/** Gives up a failed job for good: it is kept, as 'discarded', and never runs; null when it is not failed. */
export async function discardFailedJob(db: Db, id: number): Promise<FailedJobRow | null> {
  return changeFailed(db, id, { status: 'discarded' });
}

async function changeFailed(db: Db, id: number, set: Partial<typeof outbox.$inferInsert>): Promise<FailedJobRow | null> {
  const [before] = await db
    .select({ id: outbox.id, kind: outbox.kind, attempts: outbox.attempts, lastError: outbox.lastError, createdAt: outbox.createdAt, failedAt: outbox.nextAttemptAt })
    .from(outbox)
    .where(and(eq(outbox.id, id), eq(outbox.status, 'failed')))
    .for('update');
  if (!before) return null;
  // Guarded as well, so a caller outside a transaction can never change a row that is not failed.
  const changed = await db
    .update(outbox)
    .set(set)
    .where(and(eq(outbox.id, id), eq(outbox.status, 'failed')))
    .returning({ id: outbox.id });
  if (changed.length === 0) return null;
  return { ...before, createdAt: new Date(before.createdAt), failedAt: new Date(before.failedAt), about: null };
}
