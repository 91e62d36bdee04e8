import { sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Clock } from '../clock';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { outbox } from '../db/schema/platform';
import type { Mailer } from '../mail/mailer';

/**
 * The job registry's two kinds of work (decision 0013):
 * - a job: one outbox row of a `kind`, written in the transaction of the change that causes it and
 *   carried out once by whichever instance claims it (`defineJob`, `enqueueJob`);
 * - a periodic task: run every `everyMs` by one instance at a time, once per period across all
 *   instances (`definePeriodic`).
 * Modules define theirs next to their use-cases and export them from their index; app.ts hands
 * the lists to the runner, which knows no kind in particular.
 */

/**
 * What a job's handler gets besides its payload. The runner holds no transaction while a handler
 * runs (decision 0033): the row was claimed with a lease in a transaction already committed, so a
 * call to SMTP or a tracker never waits inside one. A handler whose effects are database writes
 * makes them with `transaction`, which also marks the job done in the same commit.
 */
export interface JobContext {
  /** The database outside any transaction: reads, and a write that stands alone (the dev-store mail). */
  db: Db;
  /**
   * Runs `body` in a short transaction of its own (retried on a deadlock) that also marks this job
   * done: the job's writes and its completion commit together, so a crash never repeats them.
   * Throws LeaseLostError (rolling `body` back) when another instance has taken the row over.
   */
  transaction<T>(body: (tx: Db) => Promise<T>): Promise<T>;
  /** This job's outbox row: its id, when it was queued, and which attempt this is (1 for the first). */
  row: { id: number; createdAt: Date; attempt: number };
  now: Date;
  log: FastifyBaseLogger;
  mailer: Mailer;
  /** The app's configuration and clock, e.g. for an optional email's signed unsubscribe link. */
  ctx: Pick<AppContext, 'clock' | 'config'>;
}

export interface JobDefinition<T = unknown> {
  readonly kind: string;
  readonly schema: z.ZodType<T>;
  /**
   * Runs outside any transaction, after the row's claim committed. On success the runner marks the
   * row done (unless `transaction` already did); on an error it schedules a retry with backoff.
   * A crash while it runs repeats it once the lease expires: an external call must be safe to repeat
   * or recognisable when repeated (an email's Message-ID).
   */
  readonly handler: (payload: T, job: JobContext) => Promise<void>;
}

/** Any job definition, whatever its payload (the runner's list). */
export interface AnyJobDefinition {
  readonly kind: string;
  readonly schema: z.ZodType;
  readonly handler: (payload: never, job: JobContext) => Promise<void>;
}

export function defineJob<S extends z.ZodType>(kind: string, schema: S, handler: (payload: z.output<S>, job: JobContext) => Promise<void>): JobDefinition<z.output<S>> {
  if (!/^[a-z][a-z0-9.-]{1,63}$/.test(kind)) throw new Error(`job kind "${kind}" must be lower-case letters, digits, dots and dashes`);
  return { kind, schema: schema as z.ZodType<z.output<S>>, handler };
}

/**
 * Queues a job in the caller's transaction: it runs only if that transaction commits. The payload
 * is checked with the kind's schema first; a payload it refuses throws and nothing is written.
 */
export async function enqueueJob<T>(ctx: { clock: Clock }, tx: Db, job: JobDefinition<T>, payload: T, options: { runAt?: Date } = {}): Promise<void> {
  const checked = checkedJobPayload(job, payload);
  const now = ctx.clock.now();
  await tx.insert(outbox).values({ kind: job.kind, payload: checked as object, createdAt: now, nextAttemptAt: options.runAt ?? now });
}

/**
 * The payload as its kind's schema accepts it, or InvalidJobPayloadError. For a statement that
 * writes its outbox rows itself (the immediate transfer's single statement).
 */
export function checkedJobPayload<T>(job: JobDefinition<T>, payload: T): T {
  const checked = job.schema.safeParse(payload);
  if (!checked.success)
    throw new InvalidJobPayloadError(
      job.kind,
      checked.error.issues.map((i) => `${i.path.join('.') || '(payload)'}: ${i.message}`),
    );
  return checked.data;
}

/**
 * The outbox insert of jobs as a statement fragment (a CTE body), for a use-case written as one
 * SQL statement (the immediate transfer): one row per payload, checked with the kind's schema
 * here, written only when `source` (a CTE name of that statement) has a row.
 */
export function enqueueJobsSql<T>(job: JobDefinition<T>, payloads: readonly T[], options: { at: string; source: SQL }): SQL {
  const checked = payloads.map((payload) => checkedJobPayload(job, payload));
  return sql`insert into ${outbox} (kind, payload, created_at, next_attempt_at)
        select ${job.kind}, e.payload, ${options.at}::timestamptz, ${options.at}::timestamptz
        from ${options.source}, jsonb_array_elements(${JSON.stringify(checked)}::jsonb) as e(payload)`;
}

/** The row's claim was taken over by another instance (this one's lease expired): nothing is recorded. */
export class LeaseLostError extends Error {
  constructor(readonly outboxId: number) {
    super(`outbox row ${outboxId} is no longer claimed by this instance`);
    this.name = 'LeaseLostError';
  }
}

export class InvalidJobPayloadError extends Error {
  constructor(
    readonly kind: string,
    readonly problems: string[],
  ) {
    super(`invalid ${kind} job payload: ${problems.join('; ')}`);
    this.name = 'InvalidJobPayloadError';
  }
}

/** What a periodic task gets on each run. */
export interface PeriodicRun {
  now: Date;
  ctx: AppContext;
  log: FastifyBaseLogger;
  /** Turns true once the runner is asked to stop: a long task ends its loop early. */
  stopping: () => boolean;
}

export interface PeriodicTask {
  readonly name: string;
  /** A period in ms, or one read from the configuration (e.g. JOBS_DUE_ORDERS_INTERVAL_MS). */
  readonly everyMs: number | ((config: AppContext['config']) => number);
  /** Must be safe to run again after a crash mid-run (e.g. deleting expired rows). */
  readonly run: (run: PeriodicRun) => Promise<unknown>;
}

export function definePeriodic(name: string, everyMs: PeriodicTask['everyMs'], run: PeriodicTask['run']): PeriodicTask {
  if (!/^[a-z][a-z0-9-]{1,63}$/.test(name)) throw new Error(`periodic task "${name}" must be lower-case letters, digits and dashes`);
  return { name, everyMs, run };
}
