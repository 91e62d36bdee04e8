import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context';
import type { Database } from '../db/client';
import { inTransaction } from '../db/transaction';
import type { Mailer } from '../mail/mailer';
import { LeaseLostError, type AnyJobDefinition, type PeriodicTask } from './define';
import { claimDue, recordResult, releaseClaim, renewLease, type ClaimedRow } from './lease';
import { claimPeriod, periodicLock, type PeriodicLock } from './periodic';

const BATCH = 10;
const MAX_ATTEMPTS = 8;
const POLL_MS = 1_000;
/** How long a claim holds a row before another instance may take it over (a crashed one's). */
export const LEASE_MS = 60_000;

/** Wait before retry n (1-based): 5 s, 10 s, 20 s … capped at 30 minutes. */
export const backoffMs = (attempt: number) => Math.min(5_000 * 2 ** (attempt - 1), 30 * 60_000);

export interface JobRunnerOptions {
  /** The database and its driver (advisory locks on PostgreSQL), the clock and the configuration. */
  database: Pick<Database, 'db' | 'driver'>;
  context: AppContext;
  mailer: Mailer;
  log: FastifyBaseLogger;
  pollMs?: number;
  /** How long a claim holds a row (LEASE_MS by default). */
  leaseMs?: number;
  /** Every job kind this instance can run (modules export theirs). */
  jobs?: readonly AnyJobDefinition[];
  periodic?: readonly PeriodicTask[];
  /** Told each job's result (metrics): done, retry (failed, tried again later) or failed (given up). */
  onOutcome?: (kind: string, outcome: 'done' | 'retry' | 'failed') => void;
  /** Spans around each job and periodic task (platform/tracing.ts); absent, nothing is wrapped. */
  tracing?: RunnerTracing | undefined;
}

/** What became of a claimed row: its outcome, and the error of a failed attempt. */
export interface Delivery {
  /** `lost`: the claim was taken over (another instance carries the row out). */
  outcome: 'done' | 'retry' | 'failed' | 'lost';
  error?: unknown;
}

export interface RunnerTracing {
  /** Runs `deliver` (one claimed row) inside a span of its own; gives back its very promise. */
  job(row: ClaimedRow, deliver: () => Promise<Delivery>): Promise<Delivery>;
  /** Runs a periodic task inside a span of its own; gives back its very promise. */
  periodic(name: string, run: () => Promise<unknown>): Promise<unknown>;
}

/**
 * One in-process runner per API instance (decision 0033, superseding the claim of decision 0013).
 * Due outbox rows are claimed with a lease in one short statement (FOR UPDATE SKIP LOCKED, so two
 * instances never claim the same row), which commits before any handler runs: SMTP and the tracker
 * are called outside any transaction, and each result (done, retry with backoff, failed) is
 * recorded by its own statement, guarded by the claim's token. A crashed instance's rows become
 * due again when their lease runs out, so a crash repeats at most what was in flight; a stop ends
 * the pass after the row in flight and hands the claimed rows not started back at once, so a
 * graceful stop repeats nothing. Periodic tasks run once per period across the instances (periodic.ts).
 */
export class JobRunner {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  private stopped = true;
  /** Set by stop(): no further claim, and long periodic tasks end early. */
  private stopRequested = false;
  private stopping: Promise<void> | undefined;
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
    this.stopping = undefined;
    const tick = async () => {
      if (this.stopped) return;
      await this.runOnce().catch((err) => this.options.log.error({ err }, 'job runner pass failed'));
      if (!this.stopped) this.timer = setTimeout(tick, this.options.pollMs ?? POLL_MS);
    };
    this.timer = setTimeout(tick, 0);
  }

  /**
   * Stops claiming at once; the pass in progress finishes the row in flight, hands back the rows it
   * claimed but did not start, and ends. Resolves when it has (the same promise on every call).
   */
  stop(): Promise<void> {
    this.stopped = true;
    this.stopRequested = true;
    if (this.timer) clearTimeout(this.timer);
    this.stopping ??= (this.running ?? Promise.resolve(0)).then(
      () => undefined,
      () => undefined,
    );
    return this.stopping;
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

  /**
   * The periodic tasks that are due, then batches of due rows until a batch comes back short. The
   * tasks are looked at again before every batch: a long backlog (a vote's emails to every holder)
   * does not hold back a task whose time has come (an unseen chat reply, a due order) until the
   * backlog is gone. Looking costs one clock read per task when none is due.
   */
  private async pass(): Promise<number> {
    let handled = 0;
    while (!this.stopRequested) {
      await this.runPeriodic();
      if (this.stopRequested) break;
      const n = await this.deliverBatch();
      handled += n;
      if (n < BATCH) break;
    }
    return handled;
  }

  private async runPeriodic(): Promise<void> {
    const { context, log, database } = this.options;
    for (const task of this.options.periodic ?? []) {
      if (this.stopRequested) return;
      const now = context.clock.now();
      const everyMs = typeof task.everyMs === 'number' ? task.everyMs : task.everyMs(context.config);
      const last = this.lastTry.get(task.name);
      if (last !== undefined && now.getTime() - last >= 0 && now.getTime() - last < everyMs) continue;
      this.lastTry.set(task.name, now.getTime());
      await this.lock(task.name, async () => {
        if (!(await claimPeriod(database.db, task.name, everyMs, now))) return;
        const run = () => task.run({ now, ctx: context, log, stopping: () => this.stopRequested });
        await (this.options.tracing ? this.options.tracing.periodic(task.name, run) : run());
      }).catch((err) => log.warn({ err, task: task.name }, 'periodic task failed'));
    }
  }

  /** Claims up to BATCH due rows and carries them out one by one; returns how many were claimed. */
  private async deliverBatch(): Promise<number> {
    const claim = await claimDue(this.options.database.db, this.options.context.clock.now(), BATCH, this.leaseMs, MAX_ATTEMPTS);
    for (const [i, row] of claim.rows.entries()) {
      if (this.stopRequested) {
        await releaseClaim(this.options.database.db, claim.token, this.options.context.clock.now());
        break;
      }
      const deliver = () => this.deliver(row, claim.token, i === 0);
      await (this.options.tracing ? this.options.tracing.job(row, deliver) : deliver());
    }
    return claim.rows.length;
  }

  private get leaseMs(): number {
    return this.options.leaseMs ?? LEASE_MS;
  }

  /** Carries out one claimed row and records the result in its own statement. */
  private async deliver(row: ClaimedRow, token: string, justClaimed: boolean): Promise<Delivery> {
    const { database, mailer, context, log } = this.options;
    const db = database.db;
    const now = context.clock.now();
    // A fresh lease for this row (the batch's may have worn down), unless it was taken over.
    if (!justClaimed && !(await renewLease(db, row.id, token, new Date(now.getTime() + this.leaseMs)))) return { outcome: 'lost' };
    const job = this.kinds.get(row.kind);
    const checked = job?.schema.safeParse(row.payload);
    if (checked && !checked.success) {
      // A payload its schema refuses will never run: failed at once, not retried.
      log.error({ outboxId: row.id, kind: row.kind, issues: checked.error.issues }, 'outbox job refused: invalid payload');
      if (!(await recordResult(db, row.id, token, { status: 'failed', lastError: `invalid payload: ${checked.error.message}`, nextAttemptAt: now }))) return { outcome: 'lost' };
      this.options.onOutcome?.(row.kind, 'failed');
      return { outcome: 'failed', error: checked.error };
    }
    let completed = false;
    try {
      // Unknown to this instance (e.g. an older one during a rolling upgrade): retried later.
      if (!job || !checked) throw new Error(`unknown outbox kind ${row.kind}`);
      await job.handler(checked.data as never, {
        db,
        transaction: async (body) => {
          const result = await inTransaction(db, async (tx) => {
            const value = await body(tx);
            if (!(await recordResult(tx, row.id, token, { status: 'done', doneAt: now }))) throw new LeaseLostError(row.id);
            return value;
          });
          // Only once committed: a transaction that failed, even at its commit, is retried.
          completed = true;
          return result;
        },
        row: { id: row.id, createdAt: row.createdAt, attempt: row.attempts },
        now,
        log,
        mailer,
        ctx: context,
      });
      if (!completed && !(await recordResult(db, row.id, token, { status: 'done', doneAt: now }))) throw new LeaseLostError(row.id);
      completed = true;
    } catch (err) {
      if (completed) {
        log.warn({ err, outboxId: row.id, kind: row.kind }, 'outbox job failed after its transaction committed; it stays done');
        this.options.onOutcome?.(row.kind, 'done');
        return { outcome: 'done', error: err };
      }
      if (err instanceof LeaseLostError) {
        log.warn({ err, outboxId: row.id, kind: row.kind }, 'outbox job: the claim was lost; another instance carries it out');
        return { outcome: 'lost', error: err };
      }
      const failed = row.attempts >= MAX_ATTEMPTS;
      log.warn({ err, outboxId: row.id, kind: row.kind, attempts: row.attempts }, failed ? 'outbox job failed for good' : 'outbox job failed; will retry');
      await recordResult(db, row.id, token, {
        status: failed ? 'failed' : 'pending',
        lastError: err instanceof Error ? err.message : String(err),
        // Given up: no next attempt, so the field keeps when it failed (the job queue page shows it).
        nextAttemptAt: failed ? now : new Date(now.getTime() + backoffMs(row.attempts)),
      }).catch((recordErr) => log.error({ err: recordErr, outboxId: row.id }, 'outbox job: could not record the failure; the lease will run out'));
      this.options.onOutcome?.(row.kind, failed ? 'failed' : 'retry');
      return { outcome: failed ? 'failed' : 'retry', error: err };
    }
    this.options.onOutcome?.(row.kind, 'done');
    return { outcome: 'done' };
  }
}
