import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Clock } from '../../platform/clock';
import { MIGRATIONS_DIR, queryRows, type Database } from '../../platform/db/client';
import type { Mailer } from '../../platform/mail/mailer';
import type { FileStore } from '../../platform/storage';

/** What /readyz looks at. */
export const READINESS_CHECKS = ['database', 'migrations', 'storage', 'mail'] as const;
export type ReadinessCheck = (typeof READINESS_CHECKS)[number];
export type CheckResult = 'ok' | 'unavailable' | 'timeout' | 'behind';

export interface ReadinessReport {
  ready: boolean;
  draining: boolean;
  checks: Record<ReadinessCheck, CheckResult>;
}

/** Each check answers within this or counts as not ready: a probe never hangs on a dependency. */
export const CHECK_TIMEOUT_MS = 3_000;
/**
 * A passed storage or mail check is reused for this long: a load balancer probing every few
 * seconds would otherwise open an SMTP session each time. The database is checked on every probe.
 */
export const PASSED_CHECK_REUSE_MS = 15_000;
/**
 * A failed storage or mail check is reused this briefly: recovery still shows within seconds, and a
 * client looping on the public /readyz cannot make this instance log in to SMTP more often.
 */
export const FAILED_CHECK_REUSE_MS = 2_000;

/** The newest migration this code was built with: `when` of the last entry of drizzle's journal. */
export function expectedMigration(dir = MIGRATIONS_DIR): number {
  const journal = JSON.parse(readFileSync(path.join(dir, 'meta', '_journal.json'), 'utf8')) as { entries: { when: number }[] };
  return Math.max(...journal.entries.map((entry) => entry.when));
}

/** `work` within `ms`, or 'timeout'; the signal it is given aborts then, so a hung request is not left behind. */
function withTimeout(work: (signal: AbortSignal) => Promise<CheckResult>, ms: number): Promise<CheckResult> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<CheckResult>((resolve) => {
    timer = setTimeout(() => {
      resolve('timeout');
      controller.abort(new Error(`no answer within ${ms} ms`));
    }, ms);
  });
  return Promise.race([work(controller.signal).catch((): CheckResult => 'unavailable'), timeout]).finally(() => clearTimeout(timer));
}

export interface ReadinessOptions {
  database: Database;
  storage: FileStore;
  mailer: Mailer;
  clock: Clock;
  /** Called with what failed and why, once per probe that finds it (the log). */
  report?: (check: ReadinessCheck, result: CheckResult, err?: unknown) => void;
  timeoutMs?: number;
}

/**
 * Whether this instance should be sent traffic: the database answers and carries at least this
 * code's migrations (a newer release's are fine: migrations expand before they contract), files
 * can be stored, mail can be handed over, and the instance is not stopping. Probes that arrive
 * together share one round of checks.
 */
export class Readiness {
  private draining = false;
  private inFlight: Promise<ReadinessReport> | null = null;
  private readonly last = new Map<ReadinessCheck, { at: number; result: CheckResult }>();
  private readonly expected = expectedMigration();

  constructor(private readonly options: ReadinessOptions) {}

  /** The instance is stopping: from now on it is never ready (a load balancer takes it out first). */
  drain(): void {
    this.draining = true;
  }

  check(): Promise<ReadinessReport> {
    this.inFlight ??= this.run().finally(() => {
      this.inFlight = null;
    });
    return this.inFlight;
  }

  private async run(): Promise<ReadinessReport> {
    const { database, storage, mailer } = this.options;
    const timeoutMs = this.options.timeoutMs ?? CHECK_TIMEOUT_MS;
    const probe = async (check: ReadinessCheck, work: (signal: AbortSignal) => Promise<unknown>, external: boolean): Promise<CheckResult> => {
      const now = this.options.clock.now().getTime();
      const last = this.last.get(check);
      if (external && last && now - last.at < (last.result === 'ok' ? PASSED_CHECK_REUSE_MS : FAILED_CHECK_REUSE_MS)) return last.result;
      let failure: unknown;
      const result = await withTimeout(
        (signal) =>
          work(signal).then(
            (answer) => (answer === 'behind' ? 'behind' : 'ok'),
            (err: unknown) => {
              failure = err;
              throw err;
            },
          ),
        timeoutMs,
      );
      this.last.set(check, { at: now, result });
      if (result !== 'ok') this.options.report?.(check, result, failure);
      return result;
    };
    const [db, migrations, files, mail] = await Promise.all([
      probe('database', () => database.ping(), false),
      probe('migrations', () => this.migrations(), false),
      probe('storage', (signal) => storage.check(signal), true),
      probe('mail', () => mailer.check(), true),
    ]);
    const checks = { database: db, migrations, storage: files, mail };
    return { ready: !this.draining && Object.values(checks).every((result) => result === 'ok'), draining: this.draining, checks };
  }

  private async migrations(): Promise<'ok' | 'behind'> {
    const [first] = await queryRows<{ latest: string | number | null }>(this.options.database.db, sql`select max(created_at) as latest from drizzle.__drizzle_migrations`);
    return Number(first?.latest ?? 0) >= this.expected ? 'ok' : 'behind';
  }
}
