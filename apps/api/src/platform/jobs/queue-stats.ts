import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';
import { outbox } from '../db/schema/platform';

export interface QueueStats {
  kind: string;
  /** Due or waiting for a retry, and not held by a runner. */
  waiting: number;
  /** Claimed by a runner whose lease has not run out. */
  running: number;
  /** Given up after the last attempt, or refused as invalid. */
  failed: number;
  /** Age of the oldest waiting job, in seconds (0 when none waits). */
  oldestWaitingSeconds: number;
}

/** The outbox by job kind right now (/metrics): one grouped read of the rows not done. */
export async function queueStats(db: Db, now: Date): Promise<QueueStats[]> {
  const rows = await queryRows<{ kind: string; waiting: number | string; running: number | string; failed: number | string; oldest: string | Date | null }>(
    db,
    sql`select ${outbox.kind} as kind,
          count(*) filter (where ${outbox.status} = 'pending' and (${outbox.leasedUntil} is null or ${outbox.leasedUntil} <= ${now})) as waiting,
          count(*) filter (where ${outbox.status} = 'pending' and ${outbox.leasedUntil} > ${now}) as running,
          count(*) filter (where ${outbox.status} = 'failed') as failed,
          min(${outbox.createdAt}) filter (where ${outbox.status} = 'pending' and (${outbox.leasedUntil} is null or ${outbox.leasedUntil} <= ${now})) as oldest
        from ${outbox} where ${outbox.status} <> 'done' and ${outbox.status} <> 'discarded' group by ${outbox.kind}`,
  );
  return rows.map((r) => ({
    kind: r.kind,
    waiting: Number(r.waiting),
    running: Number(r.running),
    failed: Number(r.failed),
    oldestWaitingSeconds: r.oldest === null ? 0 : Math.max(0, (now.getTime() - new Date(r.oldest).getTime()) / 1000),
  }));
}
