import { createHash, timingSafeEqual } from 'node:crypto';
import { PLATFORM_CONTRACTS as C } from '@landunits/domain/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/http/app-error';
import { queueStats } from '../../platform/jobs/queue-stats';
import type { AppMetrics } from '../../platform/metrics';
import { route } from '../auth';
import { orderCountsByTypeAndStatus } from '../orders';

export const METRICS_OFF = 'Metrics are off on this server (set METRICS_TOKEN to switch them on).';
export const METRICS_TOKEN_NEEDED = 'Send the metrics token as "Authorization: Bearer <METRICS_TOKEN>".';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Whether the request carries `Authorization: Bearer <token>`, compared in constant time. */
function carriesToken(header: string | undefined, token: string): boolean {
  const given = /^Bearer (.+)$/.exec(header ?? '')?.[1];
  return given !== undefined && timingSafeEqual(digest(given), digest(token));
}

/**
 * GET /metrics (Prometheus text format), only with `Authorization: Bearer <METRICS_TOKEN>`, and
 * answered 404 while METRICS_TOKEN is unset. Besides what the app counts as it goes (HTTP latency,
 * job outcomes, the process), each scrape reads: the job queue by kind, orders by type and status,
 * this instance's open live streams and, on PostgreSQL, its connection pool.
 */
export async function metricsRoutes(app: FastifyInstance, { metrics }: { metrics: AppMetrics }): Promise<void> {
  const { db, clock } = app.ctx;
  // The four job gauges of one scrape share one read of the queue (each scrape starts afresh).
  let queue: ReturnType<typeof queueStats> | null = null;
  const queueNow = () => (queue ??= queueStats(db, clock.now()));
  const jobGauges = [
    ['landunits_jobs_waiting', 'Outbox jobs due or waiting for a retry, by kind.', 'waiting'],
    ['landunits_jobs_running', 'Outbox jobs held by a runner right now, by kind.', 'running'],
    ['landunits_jobs_failed', 'Outbox jobs given up after their last attempt, by kind.', 'failed'],
    ['landunits_jobs_oldest_waiting_seconds', 'Age of the oldest waiting outbox job, by kind.', 'oldestWaitingSeconds'],
  ] as const;
  for (const [name, help, field] of jobGauges) {
    metrics.gauge(name, help, ['kind'], async () => (await queueNow()).map((q) => ({ labels: { kind: q.kind }, value: q[field] })));
  }
  metrics.gauge('landunits_orders', 'Orders by type and status.', ['type', 'status'], async () =>
    (await orderCountsByTypeAndStatus(db)).map((o) => ({ labels: { type: o.type, status: o.status }, value: o.count })),
  );
  metrics.gauge('landunits_live_streams', 'Live update streams (server-sent events) open on this instance.', [], async () => [{ labels: {}, value: app.eventStreamCounter.open() }]);
  const pool = app.database.poolStats?.bind(app.database);
  if (pool) {
    metrics.gauge('landunits_db_pool_connections', 'PostgreSQL connections of this instance: open (total), idle, requests waiting for one, and the pool size (max).', ['state'], async () => {
      const stats = pool();
      return (['total', 'idle', 'waiting', 'max'] as const).map((state) => ({ labels: { state }, value: stats[state] }));
    });
  }

  // Never cached (the contract's `cache`); a scraper sends no session cookie, so no session is looked up.
  route(app, C.metrics, async ({ request, reply }) => {
    const token = app.config.metricsToken;
    if (!token) throw new AppError('NOT_FOUND', METRICS_OFF);
    if (!carriesToken(request.headers.authorization, token)) throw new AppError('UNAUTHORIZED', METRICS_TOKEN_NEEDED);
    queue = null;
    const { contentType, body } = await metrics.scrape();
    return reply.type(contentType).send(body);
  });
}
