import { sql } from 'drizzle-orm';
import { queryRows, type Database, type Db } from '../db/client';

/**
 * Periodic tasks run once per period across every instance sharing the database, one run at a
 * time (decision 0013):
 * - on PostgreSQL, a run holds a transaction-scoped advisory lock (`pg_try_advisory_xact_lock`)
 *   on a connection of its own for as long as it lasts; another instance that finds the lock held
 *   skips the task. A killed instance's connection closes and frees the lock at once;
 * - the period itself is a claim row `periodic:<name>` in `app_state`, taken with a guarded upsert
 *   (only when the last run started at least one period ago), so an instance that gets the lock
 *   just after another's run ends does not run the task a second time in the same period.
 * PGlite is one process with one connection (a transaction there would block the task's own
 * queries), so only the claim row is used.
 */

export type PeriodicLock = <T>(name: string, body: () => Promise<T>) => Promise<T | undefined>;

const KEY_PREFIX = 'periodic:';

export function periodicLock(database: Pick<Database, 'db' | 'driver'>): PeriodicLock {
  if (database.driver === 'pglite') return (_name, body) => body();
  return (name, body) =>
    database.db.transaction(async (lock) => {
      const [row] = await queryRows<{ locked: boolean }>(lock, sql`select pg_try_advisory_xact_lock(hashtextextended(${KEY_PREFIX + name}, 0)) as locked`);
      return row?.locked ? body() : undefined;
    });
}

/**
 * Claims the period starting at `now` for task `name`; true when this caller is to run it.
 * Written outside the lock's transaction (committed at once) so the claim stands even if the run
 * then fails: the next period runs the task again. A claim dated more than a period after `now`
 * (a clock moved back, e.g. in tests) is taken over.
 */
export async function claimPeriod(db: Db, name: string, everyMs: number, now: Date): Promise<boolean> {
  const since = new Date(now.getTime() - everyMs).toISOString();
  const until = new Date(now.getTime() + everyMs).toISOString();
  const at = now.toISOString();
  const rows = await queryRows<{ key: string }>(
    db,
    sql`insert into app_state (key, value, updated_at) values (${KEY_PREFIX + name}, ${JSON.stringify({ lastRunAt: at })}::jsonb, ${at}::timestamptz)
        on conflict (key) do update set value = excluded.value, updated_at = excluded.updated_at
        where app_state.updated_at <= ${since}::timestamptz or app_state.updated_at > ${until}::timestamptz
        returning key`,
  );
  return rows.length === 1;
}
