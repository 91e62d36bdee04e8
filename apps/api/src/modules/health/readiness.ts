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
 * seconds would otherwise open an SMTP session each time. A failed one is checked again on the next
 * probe, so a dependency that comes back shows at once; the database is checked on every probe.
 */
export const PASSED_CHECK_REUSE_MS = 15_000;

/** The newest migration this code was built with: `when` of the last entry of drizzle's journal. */
export function expectedMigration(dir = MIGRATIONS_DIR): number {
  const journal = JSON.parse(readFileSync(path.join(dir, 'meta', '_journal.json'), 'utf8')) as { entries: { when: number }[] };
  return Math.max(...journal.entries.map((entry) => entry.when));
}

function withTimeout(work: Promise<CheckResult>, ms: number): Promise<CheckResult> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<CheckResult>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), ms);
  });
  return Promise.race([work.catch((): CheckResult => 'unavailable'), timeout]).finally(() => clearTimeout(timer));
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
  private readonly passedAt = new Map<ReadinessCheck, number>();
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
    const probe = async (check: ReadinessCheck, work: () => Promise<CheckResult>, reusable: boolean): Promise<CheckResult> => {
      const now = this.options.clock.now().getTime();
      const passed = this.passedAt.get(check);
      if (reusable && passed !== undefined && now - passed < PASSED_CHECK_REUSE_MS) return 'ok';
      let failure: unknown;
      const result = await withTimeout(
        work().catch((err: unknown) => {
          failure = err;
          throw err;
        }),
        timeoutMs,
      );
      if (result === 'ok') this.passedAt.set(check, now);
      else {
        this.passedAt.delete(check);
        this.options.report?.(check, result, failure);
      }
      return result;
    };
    const [db, migrations, files, mail] = await Promise.all([
      probe('database', () => database.ping().then(() => 'ok' as const), false),
      probe('migrations', () => this.migrations(), false),
      probe('storage', () => storage.check().then(() => 'ok' as const), true),
      probe('mail', () => mailer.check().then(() => 'ok' as const), true),
    ]);
    const checks = { database: db, migrations, storage: files, mail };
    return { ready: !this.draining && Object.values(checks).every((result) => result === 'ok'), draining: this.draining, checks };
  }

  private async migrations(): Promise<CheckResult> {
    const [first] = await queryRows<{ latest: string | number | null }>(this.options.database.db, sql`select max(created_at) as latest from drizzle.__drizzle_migrations`);
    return Number(first?.latest ?? 0) >= this.expected ? 'ok' : 'behind';
  }
}
