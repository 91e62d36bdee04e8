import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { outbox } from '../db/schema';
import type { Mailer } from '../mail/mailer';
import { renderEmail, type EmailTemplate } from '../mail/templates';

const BATCH = 20;
const MAX_ATTEMPTS = 8;
const POLL_MS = 1_000;

/** Wait before retry n (1-based): 5 s, 10 s, 20 s … capped at 30 minutes. */
export const backoffMs = (attempt: number) => Math.min(5_000 * 2 ** (attempt - 1), 30 * 60_000);

/** Housekeeping run every `everyMs` by each instance; must be idempotent (e.g. deleting expired rows). */
export interface PeriodicTask {
  name: string;
  everyMs: number;
  /** `stopping()` turns true once the runner is asked to stop: a long task ends its loop early. */
  run(now: Date, stopping: () => boolean): Promise<void>;
}

export interface JobRunnerOptions {
  db: Db;
  mailer: Mailer;
  clock: Clock;
  log: FastifyBaseLogger;
  pollMs?: number;
  periodic?: PeriodicTask[];
}

/**
 * One in-process runner per API instance. Due outbox rows are claimed with FOR UPDATE SKIP LOCKED
 * and carried out in the same transaction that marks them done, so several instances on one
 * PostgreSQL never run a row twice.
 */
export class JobRunner {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  private stopped = true;
  /** Set by stop(): long periodic tasks end early. */
  private stopRequested = false;
  private readonly lastRun = new Map<string, number>();

  constructor(private readonly options: JobRunnerOptions) {}

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
    const now = this.options.clock.now();
    for (const task of this.options.periodic ?? []) {
      const last = this.lastRun.get(task.name);
      if (last !== undefined && now.getTime() - last < task.everyMs) continue;
      this.lastRun.set(task.name, now.getTime());
      await task.run(now, () => this.stopRequested).catch((err) => this.options.log.warn({ err, task: task.name }, 'periodic task failed'));
    }
  }

  private async deliverBatch(): Promise<number> {
    const { db, mailer, clock, log } = this.options;
    return db.transaction(async (tx) => {
      const now = clock.now();
      const due = await tx
        .select()
        .from(outbox)
        .where(and(eq(outbox.status, 'pending'), lte(outbox.nextAttemptAt, now)))
        .orderBy(asc(outbox.id))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      for (const row of due) {
        try {
          if (row.kind !== 'email') throw new Error(`unknown outbox kind ${row.kind}`);
          await mailer.send(renderEmail(row.payload as EmailTemplate), tx);
          await tx.update(outbox).set({ status: 'done', doneAt: now, attempts: sql`${outbox.attempts} + 1` }).where(eq(outbox.id, row.id));
        } catch (err) {
          const attempts = row.attempts + 1;
          const failed = attempts >= MAX_ATTEMPTS;
          log.warn({ err, outboxId: row.id, attempts }, failed ? 'outbox job failed for good' : 'outbox job failed; will retry');
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
