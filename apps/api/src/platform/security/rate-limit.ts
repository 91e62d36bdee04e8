import { AUTH_ANSWERS } from '@landunits/domain';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { rateLimits } from '../db/schema/platform';
import { AppError } from '../http/app-error';

export interface Limit {
  /** What is counted, e.g. `login:ip:127.0.0.1`. */
  key: string;
  max: number;
  windowMs: number;
}

export class RateLimitedError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super('RATE_LIMITED', AUTH_ANSWERS.tooMany);
    this.headers = { 'retry-after': String(retryAfterSeconds) };
  }
}

function windowOf(now: Date, windowMs: number): { start: Date; end: Date } {
  const start = Math.floor(now.getTime() / windowMs) * windowMs;
  return { start: new Date(start), end: new Date(start + windowMs) };
}

/**
 * Fixed-window counters kept in the database, so every instance shares them and no request header
 * can reset them (keys use the socket address, never X-Forwarded-For).
 */
export class RateLimiter {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** Counts one hit against every limit; throws RateLimitedError when any is exceeded. */
  async hit(...limits: Limit[]): Promise<void> {
    let retryAfter = 0;
    for (const limit of limits) {
      const now = this.clock.now();
      const { start, end } = windowOf(now, limit.windowMs);
      const [row] = await this.db
        .insert(rateLimits)
        .values({ key: limit.key, windowStart: start, count: 1 })
        .onConflictDoUpdate({ target: [rateLimits.key, rateLimits.windowStart], set: { count: sql`${rateLimits.count} + 1` } })
        .returning({ count: rateLimits.count });
      if ((row?.count ?? 0) > limit.max) retryAfter = Math.max(retryAfter, Math.ceil((end.getTime() - now.getTime()) / 1000));
    }
    if (retryAfter > 0) throw new RateLimitedError(retryAfter);
  }

  /** Throws when a limit is already used up, without counting (e.g. failed logins per account). */
  async check(limit: Limit): Promise<void> {
    const now = this.clock.now();
    const { start, end } = windowOf(now, limit.windowMs);
    const [row] = await this.db
      .select({ count: rateLimits.count })
      .from(rateLimits)
      .where(and(eq(rateLimits.key, limit.key), eq(rateLimits.windowStart, start)));
    if ((row?.count ?? 0) >= limit.max) throw new RateLimitedError(Math.ceil((end.getTime() - now.getTime()) / 1000));
  }

  /** Counts a hit without refusing anything (the refusal comes from check()). */
  async count(limit: Limit): Promise<void> {
    const { start } = windowOf(this.clock.now(), limit.windowMs);
    await this.db
      .insert(rateLimits)
      .values({ key: limit.key, windowStart: start, count: 1 })
      .onConflictDoUpdate({ target: [rateLimits.key, rateLimits.windowStart], set: { count: sql`${rateLimits.count} + 1` } });
  }

  /** Drops windows older than a day (no limit's window is longer); run by the job runner. */
  async prune(now: Date): Promise<void> {
    await this.db.delete(rateLimits).where(lt(rateLimits.windowStart, new Date(now.getTime() - 86_400_000)));
  }
}
