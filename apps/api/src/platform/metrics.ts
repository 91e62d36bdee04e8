import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * Prometheus metrics of one app (prom-client): HTTP latency by route and status, job outcomes,
 * and gauges that modules fill when /metrics is read. The process's own (CPU, memory, event loop,
 * open handles) are kept once per process and merged in at each read, since tests build many apps.
 */
export interface AppMetrics {
  readonly registry: Registry;
  /** An outbox job's result: done, retry (failed, tried again later) or failed (given up). */
  readonly jobOutcomes: Counter<'kind' | 'outcome'>;
  /**
   * A gauge whose values are read when /metrics is scraped: `read` returns each label set's value
   * (a database query, a counter in memory). A read that fails leaves the gauge empty for that scrape.
   */
  gauge<L extends string>(name: string, help: string, labelNames: readonly L[], read: () => Promise<{ labels: Record<L, string>; value: number }[]>): void;
  /** The text format Prometheus reads, and its content type. */
  scrape(): Promise<{ contentType: string; body: string }>;
}

let processRegistry: Registry | null = null;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** Request durations in seconds: fast API answers, documents and uploads up to a minute. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

export function createAppMetrics(): AppMetrics {
  const registry = new Registry();
  const jobOutcomes = new Counter({
    name: 'landunits_jobs_total',
    help: 'Outbox jobs carried out, by kind and outcome (done, retry, failed); emails are kind="email".',
    labelNames: ['kind', 'outcome'] as const,
    registers: [registry],
  });
  return {
    registry,
    jobOutcomes,
    gauge(name, help, labelNames, read) {
      new Gauge({
        name,
        help,
        labelNames: [...labelNames],
        registers: [registry],
        async collect() {
          // Read first, then replace: a failed read (the database is down) leaves this gauge empty
          // for this scrape instead of failing the whole answer.
          let values: Awaited<ReturnType<typeof read>> = [];
          try {
            values = await read();
          } catch {
            values = [];
          }
          this.reset();
          for (const { labels, value } of values) this.set(labels as never, value);
        },
      });
    },
    async scrape() {
      const merged = Registry.merge([processMetrics(), registry]);
      return { contentType: merged.contentType, body: await merged.metrics() };
    },
  };
}

/**
 * `http_request_duration_seconds{method, route, status_code}`: route is the registered pattern
 * (`/api/order/:id`), never the raw URL, so ids and tokens make no new series; a request that
 * matched no route counts as `unmatched`. Live streams are left out.
 */
export function observeHttpRequests(app: FastifyInstance, metrics: AppMetrics): void {
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status code: how long each took to answer.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: HTTP_BUCKETS,
    registers: [metrics.registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    // A live stream (server-sent events) lasts as long as the page is open: not an answer time.
    if (String(reply.raw.getHeader('content-type') ?? '').startsWith('text/event-stream')) return;
    duration.observe({ method: request.method, route: request.routeOptions.url ?? 'unmatched', status_code: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });
}
