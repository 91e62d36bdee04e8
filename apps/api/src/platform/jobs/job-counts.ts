import { count, eq, max } from 'drizzle-orm';
import type { Db } from '../db/client';
import { outbox } from '../db/schema/platform';

export interface JobCounts {
  done: number;
  /** Waiting for their first attempt or for a retry. */
  pending: number;
  /** Given up after the last attempt, or refused as invalid. */
  failed: number;
  /** When the latest one was carried out, or null. */
  lastDoneAt: Date | null;
}

/** How the outbox rows of one job kind stand (a module's admin page shows its own kind's). */
export async function jobCounts(db: Db, kind: string): Promise<JobCounts> {
  const rows = await db
    .select({ status: outbox.status, n: count(), last: max(outbox.doneAt) })
    .from(outbox)
    .where(eq(outbox.kind, kind))
    .groupBy(outbox.status);
  const of = (status: string) => rows.find((r) => r.status === status);
  const last = of('done')?.last;
  return { done: of('done')?.n ?? 0, pending: of('pending')?.n ?? 0, failed: of('failed')?.n ?? 0, lastDoneAt: last ? new Date(last) : null };
}
