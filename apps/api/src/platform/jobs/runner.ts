import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context';
import type { Database } from '../db/client';
import { outbox } from '../db/schema';
import type { Mailer } from '../mail/mailer';
import type { AnyJobDefinition, PeriodicTask } from './define';
import { claimPeriod, periodicLock, type PeriodicLock } from './periodic';

const BATCH = 20;
const MAX_ATTEMPTS = 8;
const POLL_MS = 1_000;

/** Wait before retry n (1-based): 5 s, 10 s, 20 s … capped at 30 minutes. */
export const backoffMs = (attempt: number) => Math.min(5_000 * 2 ** (attempt - 1), 30 * 60_000);

export interface JobRunnerOptions {
  /** The database and its driver (advisory locks on PostgreSQL), the clock and the configuration. */
  database: Pick<Database, 'db' | 'driver'>;
  context: AppContext;
  mailer: Mailer;
  log: FastifyBaseLogger;
  pollMs?: number;
  /** Every job kind this instance can run (modules export theirs). */
  jobs?: readonly AnyJobDefinition[];
  periodic?: readonly PeriodicTask[];
}

/**
 * One in-process runner per API instance. Due outbox rows are claimed with FOR UPDATE SKIP LOCKED
 * and carried out by their kind's handler in the same transaction that marks them done, so several
 * instances on one PostgreSQL never run a row twice. Periodic tasks run once per period across the
 * instances (see periodic.ts).
 */
export class JobRunner {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  private stopped = true;
  /** Set by stop(): long periodic tasks end early. */
  private stopRequested = false;
  /** When this instance last tried each task: it asks the database again only a period later. */
  private readonly lastTry = new Map<string, number>();
  private readonly kinds: ReadonlyMap<string, AnyJobDefinition>;
  private readonly lock: PeriodicLock;

  constructor(private readonly options: JobRunnerOptions) {
    const kinds = new Map<string, AnyJobDefinition>();
    for (const job of options.jobs ?? []) {
      if (kinds.has(job.kind)) throw new Error(`job kind ${job.kind} is defined twice`);
      kinds.set(job.kind, job);
    }
    const names = new Set<string>();
    for (const task of options.periodic ?? []) {
      if (names.has(task.name)) throw new Error(`periodic task ${task.name} is defined twice`);
      names.add(task.name);
    }
    this.kinds = kinds;
    this.lock = periodicLock(options.database);
  }

  start(): void {
    this.stopped = false;
    this.stopRequested = false;
    const tick = async () => {
      if (this.stopped) return;
      await this.runOnce().catch((err) => this.options.log.error({ err }, 'job runner pass failed'));
      if (!this.stopped) this.timer = setTimeout(tick, this.options.pollMs ?? POLL_MS);
    };
    this.timer = setTimeout(tick, 0);
  }

  /** Lets the runner finish the pass in progress, then stops. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.stopRequested = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running?.catch(() => 0);
  }

  /** Runs every due job once; returns how many rows were handled. Tests call it directly. */
  runOnce(): Promise<number> {
    this.running ??= this.pass().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  /** Runs passes until nothing is due (tests). */
  async drain(): Promise<void> {
    while ((await this.runOnce()) > 0);
  }

  private async pass(): Promise<number> {
    await this.runPeriodic();
    let handled = 0;
    for (;;) {
      const n = await this.deliverBatch();
      handled += n;
      if (n < BATCH) return handled;
    }
  }

  private async runPeriodic(): Promise<void> {
    const { context, log, database } = this.options;
    for (const task of this.options.periodic ?? []) {
      const now = context.clock.now();
      const everyMs = typeof task.everyMs === 'number' ? task.everyMs : task.everyMs(context.config);
      const last = this.lastTry.get(task.name);
      if (last !== undefined && now.getTime() - last >= 0 && now.getTime() - last < everyMs) continue;
      this.lastTry.set(task.name, now.getTime());
      await this.lock(task.name, async () => {
        if (!(await claimPeriod(database.db, task.name, everyMs, now))) return;
        await task.run({ now, ctx: context, log, stopping: () => this.stopRequested });
      }).catch((err) => log.warn({ err, task: task.name }, 'periodic task failed'));
    }
  }

  private async deliverBatch(): Promise<number> {
    const { database, mailer, context, log } = this.options;
    return database.db.transaction(async (tx) => {
      const now = context.clock.now();
      const due = await tx
        .select()
        .from(outbox)
        .where(and(eq(outbox.status, 'pending'), lte(outbox.nextAttemptAt, now)))
        .orderBy(asc(outbox.id))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      for (const row of due) {
        const job = this.kinds.get(row.kind);
        const checked = job?.schema.safeParse(row.payload);
        if (checked && !checked.success) {
          // A payload its schema refuses will never run: failed at once, not retried.
          log.error({ outboxId: row.id, kind: row.kind, issues: checked.error.issues }, 'outbox job refused: invalid payload');
          await tx
            .update(outbox)
            .set({ status: 'failed', attempts: sql`${outbox.attempts} + 1`, lastError: `invalid payload: ${checked.error.message}`.slice(0, 500) })
            .where(eq(outbox.id, row.id));
          continue;
        }
        try {
          // Unknown to this instance (e.g. an older one during a rolling upgrade): retried later.
          if (!job || !checked) throw new Error(`unknown outbox kind ${row.kind}`);
          // A savepoint: a handler that fails half-way leaves none of its writes behind.
          await tx.transaction((sp) => job.handler(checked.data as never, { tx: sp, now, log, mailer, ctx: context }));
          await tx
            .update(outbox)
            .set({ status: 'done', doneAt: now, attempts: sql`${outbox.attempts} + 1` })
            .where(eq(outbox.id, row.id));
        } catch (err) {
          const attempts = row.attempts + 1;
          const failed = attempts >= MAX_ATTEMPTS;
          log.warn({ err, outboxId: row.id, kind: row.kind, attempts }, failed ? 'outbox job failed for good' : 'outbox job failed; will retry');
          await tx
            .update(outbox)
            .set({
              attempts,
              status: failed ? 'failed' : 'pending',
              lastError: err instanceof Error ? err.message.slice(0, 500) : String(err).slice(0, 500),
              nextAttemptAt: new Date(now.getTime() + backoffMs(attempts)),
            })
            .where(eq(outbox.id, row.id));
        }
      }
      return due.length;
    });
  }
}
