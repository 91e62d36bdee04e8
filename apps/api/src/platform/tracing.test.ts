import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan, type SpanProcessor } from '@opentelemetry/sdk-trace';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { register } from '../test/accounts';
import { createTestDatabase } from '../test/database';
import type { Database } from './db/client';
import { defineJob, definePeriodic, enqueueJob } from './jobs/define';
import { JobRunner } from './jobs/runner';
import { createMailer } from './mail/mailer';
import { createTracing, runnerTracing } from './tracing';

interface Built {
  app: FastifyInstance;
  database: Database;
  exporter: InMemorySpanExporter;
  /** The database driver's client (PGlite, or the pg pool), as Drizzle holds it. */
  client: Record<string, unknown>;
  /** The pool's `connect` before the app was built (the connection backoff's own; none on PGlite). */
  connectBefore: unknown;
  close(): Promise<void>;
}

/** The app on a fresh database with `env` as settings; whatever spans it makes go to an in-memory exporter. */
async function build(env: Record<string, string>): Promise<Built> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'lu-test-tracing-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    PUBLIC_URL: 'http://localhost:3000',
    WEB_DIST_DIR: '/nonexistent-web-dist',
    DATA_DIR: dataDir,
    FILE_ENCRYPTION_KEYS: `test:${randomBytes(32).toString('base64')}`,
    LINK_SIGNING_SECRET: randomBytes(32).toString('base64'),
    ...env,
  });
  const database = await createTestDatabase();
  const client = (database.db as unknown as { $client: Record<string, unknown> }).$client;
  const connectBefore = client.connect;
  const exporter = new InMemorySpanExporter();
  const app = await buildApp({ config, database, logger: false, spanProcessors: [new SimpleSpanProcessor({ exporter })] });
  app.get('/api/test/boom/:id', async () => {
    throw new Error('the handler failed');
  });
  await app.ready();
  return {
    app,
    database,
    exporter,
    client,
    connectBefore,
    close: async () => {
      await app.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

const idOf = (span: ReadableSpan) => span.spanContext().spanId;
const traceOf = (span: ReadableSpan) => span.spanContext().traceId;

/** The finished SERVER span named `name` (the answer is sent before its onResponse hook ends it, so it is waited for). */
async function serverSpan(exporter: InMemorySpanExporter, name: string): Promise<ReadableSpan> {
  return vi.waitFor(() => {
    const found = exporter.getFinishedSpans().find((s) => s.kind === SpanKind.SERVER && s.name === name);
    if (!found) throw new Error(`no ${name} span yet`);
    return found;
  });
}

describe('tracing on (an exporter set)', () => {
  let t: Built;
  beforeAll(async () => {
    t = await build({ OTEL_TRACES_EXPORTER: 'otlp' });
  });
  afterAll(() => t.close());
  beforeEach(() => t.exporter.reset());

  it('makes a SERVER span per request, named by its route pattern and never the URL, with its database statements under it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/certificates/7f3a-9c2d-4e5g-6h7j' });
    expect(res.statusCode).toBe(404);
    const server = await serverSpan(t.exporter, 'GET /api/certificates/:code');
    expect(server.parentSpanContext).toBeUndefined();
    expect(server.attributes).toEqual({ 'http.request.method': 'GET', 'http.route': '/api/certificates/:code', 'http.response.status_code': 404 });
    // A 4xx is the client's doing: the span is not failed.
    expect(server.status.code).toBe(SpanStatusCode.UNSET);
    expect(server.resource.attributes['service.name']).toBe('landunits-api');
    const statements = t.exporter.getFinishedSpans().filter((s) => s.parentSpanContext?.spanId === idOf(server));
    expect(statements.length).toBeGreaterThan(0);
    for (const s of statements) {
      expect(s.kind).toBe(SpanKind.CLIENT);
      expect(traceOf(s)).toBe(traceOf(server));
      expect(s.attributes['db.system']).toBe('postgresql');
    }
    expect(statements.map((s) => s.attributes['db.query.text']).join('\n')).toMatch(/impact_certificates/);
    expect(JSON.stringify(t.exporter.getFinishedSpans().map((s) => [s.name, s.attributes]))).not.toMatch(/9C2D|9c2d/);
  });

  it('puts a transaction span under the request, its statements under it, and never a value sent', async () => {
    const email = `trace-${randomBytes(4).toString('hex')}@landunits.example`;
    const res = await register(t.app, { email, firstName: 'Ada', lastName: 'Lovelace', password: 'garden42', userType: 'USER' });
    expect(res.statusCode).toBe(200);
    const server = await serverSpan(t.exporter, 'POST /api/user/register');
    const spans = t.exporter.getFinishedSpans().filter((s) => traceOf(s) === traceOf(server));
    const transaction = spans.find((s) => s.name === 'transaction' && s.parentSpanContext?.spanId === idOf(server));
    expect(transaction).toBeDefined();
    const inside = spans.filter((s) => s.parentSpanContext?.spanId === idOf(transaction!));
    expect(inside.map((s) => s.attributes['db.operation.name'])).toContain('INSERT');
    expect(inside.map((s) => s.name)).toContain('insert into users');
    const recorded = JSON.stringify(spans.map((s) => [s.name, s.attributes, s.events]));
    for (const value of [email, 'garden42', 'Lovelace']) expect(recorded).not.toContain(value);
  });

  it("honours a caller's W3C traceparent: same trace, the caller's span as parent, statements in it too", async () => {
    const traceId = '0af7651916cd43dd8448eb211c80319c';
    await t.app.inject({ method: 'GET', url: '/api/certificates/AAAA-BBBB-CCCC-DDDD', headers: { traceparent: `00-${traceId}-b7ad6b7169203331-01` } });
    const server = await serverSpan(t.exporter, 'GET /api/certificates/:code');
    expect(traceOf(server)).toBe(traceId);
    expect(server.parentSpanContext).toMatchObject({ traceId, spanId: 'b7ad6b7169203331', isRemote: true });
    const statements = t.exporter.getFinishedSpans().filter((s) => s.parentSpanContext?.spanId === idOf(server));
    expect(statements.length).toBeGreaterThan(0);
    expect(statements.every((s) => traceOf(s) === traceId)).toBe(true);

    // A caller that did not sample its trace: the default parent-based sampler records nothing.
    t.exporter.reset();
    const unsampled = await t.app.inject({ method: 'GET', url: '/api/certificates/AAAA-BBBB-CCCC-DDDD', headers: { traceparent: `00-${traceId}-b7ad6b7169203331-00` } });
    expect(unsampled.statusCode).toBe(404);
    await t.app.inject({ method: 'GET', url: '/api/health' });
    await serverSpan(t.exporter, 'GET /api/health');
    expect(t.exporter.getFinishedSpans().filter((s) => traceOf(s) === traceId)).toEqual([]);
  });

  it('marks a server error failed, with the error recorded; an unknown path is named by its method alone', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/test/boom/41' })).statusCode).toBe(500);
    const failed = await serverSpan(t.exporter, 'GET /api/test/boom/:id');
    expect(failed.status.code).toBe(SpanStatusCode.ERROR);
    expect(failed.attributes).toMatchObject({ 'http.response.status_code': 500, 'error.type': '500' });
    expect(failed.events[0]).toMatchObject({ name: 'exception', attributes: { 'exception.message': 'the handler failed' } });

    expect((await t.app.inject({ method: 'GET', url: '/api/no/such/path' })).statusCode).toBe(404);
    const unmatched = await serverSpan(t.exporter, 'GET');
    expect(unmatched.attributes['http.route']).toBeUndefined();
  });

  it('makes a job span of its own trace per outbox job, named by kind, with its id, attempt and outcome, and its statements under it', async () => {
    const email = `job-${randomBytes(4).toString('hex')}@landunits.example`;
    await register(t.app, { email, firstName: 'Ada', lastName: 'Lovelace', password: 'garden42', userType: 'USER' });
    await serverSpan(t.exporter, 'POST /api/user/register');
    t.exporter.reset();
    await t.app.jobs.drain();
    const jobs = t.exporter.getFinishedSpans().filter((s) => s.name === 'job email');
    expect(jobs.length).toBeGreaterThan(0);
    const job = jobs.at(-1)!;
    expect(job.kind).toBe(SpanKind.CONSUMER);
    expect(job.parentSpanContext).toBeUndefined();
    expect(job.attributes).toMatchObject({ 'landunits.job.kind': 'email', 'landunits.job.attempt': 1, 'landunits.job.outcome': 'done' });
    expect(typeof job.attributes['landunits.job.id']).toBe('number');
    expect(job.status.code).toBe(SpanStatusCode.UNSET);
    const statements = t.exporter.getFinishedSpans().filter((s) => s.parentSpanContext?.spanId === idOf(job));
    expect(statements.length).toBeGreaterThan(0);
    expect(statements.every((s) => traceOf(s) === traceOf(job))).toBe(true);
    expect(JSON.stringify(t.exporter.getFinishedSpans().map((s) => s.attributes))).not.toContain(email);
  });

  it('marks a failed job and records its error; a periodic task that runs gets a span too', async () => {
    await t.app.jobs.drain();
    const exporter = new InMemorySpanExporter();
    const tracing = createTracing(t.app.config.tracing, { log: pino({ level: 'silent' }), spanProcessors: [new SimpleSpanProcessor({ exporter })] })!;
    const failing = defineJob('test.trace-fails', z.object({ n: z.number() }), async ({ n }) => {
      throw new Error(`the tracker refused ${n}`);
    });
    const tick = definePeriodic('test-trace-tick', 60_000, async () => undefined);
    const runner = new JobRunner({
      database: t.database,
      context: t.app.ctx,
      log: t.app.log,
      mailer: createMailer({ smtpUrl: undefined, from: 'x' }),
      jobs: [failing],
      periodic: [tick],
      tracing: runnerTracing(tracing),
    });
    await enqueueJob(t.app.ctx, t.database.db, failing, { n: 7 });
    expect(await runner.runOnce()).toBe(1);
    const job = exporter.getFinishedSpans().find((s) => s.name === 'job test.trace-fails');
    expect(job).toMatchObject({ kind: SpanKind.CONSUMER, status: { code: SpanStatusCode.ERROR }, attributes: { 'landunits.job.attempt': 1, 'landunits.job.outcome': 'retry', 'error.type': 'Error' } });
    expect(job!.events[0]).toMatchObject({ name: 'exception', attributes: { 'exception.message': 'the tracker refused 7' } });
    expect(exporter.getFinishedSpans().find((s) => s.name === 'periodic test-trace-tick')).toMatchObject({ kind: SpanKind.INTERNAL, parentSpanContext: undefined });
    await tracing.shutdown();
  });
});

describe('stopping', () => {
  it('waits at most 3 s for the last spans, then stops without them and says so', async () => {
    const warnings: string[] = [];
    const log = pino({ level: 'warn' }, { write: (line: string) => warnings.push((JSON.parse(line) as { msg: string }).msg) });
    const never = () => new Promise<void>(() => {});
    const stuck: SpanProcessor = { onStart: () => {}, onEnd: () => {}, forceFlush: never, shutdown: never };
    const tracing = createTracing(loadConfig({ OTEL_TRACES_EXPORTER: 'otlp' }).tracing, { log, spanProcessors: [stuck] })!;
    vi.useFakeTimers();
    try {
      let stopped = false;
      const stopping = tracing.shutdown().then(() => (stopped = true));
      await vi.advanceTimersByTimeAsync(2_900);
      expect(stopped).toBe(false);
      await vi.advanceTimersByTimeAsync(100);
      await stopping;
      expect(warnings).toEqual(['tracing: the last spans were not sent within 3000 ms; stopping without them']);
      // The same stop for every caller.
      expect(await tracing.shutdown()).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('tracing off (the default)', () => {
  it('makes no provider, no hook and no wrapper: requests, statements and jobs run untouched, and spans are never made', async () => {
    expect(createTracing(null, { log: pino({ level: 'silent' }) })).toBeNull();
    const t = await build({});
    try {
      expect(t.app.config.tracing).toBeNull();
      // The driver's methods are its own: nothing is replaced on the client object.
      for (const name of ['query', 'exec', 'transaction']) expect(Object.hasOwn(t.client, name)).toBe(false);
      expect(t.client.connect).toBe(t.connectBefore);
      const res = await register(t.app, { email: `off-${randomBytes(4).toString('hex')}@landunits.example`, firstName: 'Ada', lastName: 'Lovelace', password: 'garden42', userType: 'USER' });
      expect(res.statusCode).toBe(200);
      await t.app.jobs.drain();
      // The span processor given is used only when tracing is on.
      expect(t.exporter.getFinishedSpans()).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it('takes its wrappers off the database when the app closes', async () => {
    const t = await build({ OTEL_TRACES_EXPORTER: 'otlp' });
    expect(Object.hasOwn(t.client, 'query')).toBe(true);
    await t.app.close();
    for (const name of ['query', 'exec', 'transaction']) expect(Object.hasOwn(t.client, name)).toBe(false);
    expect(t.client.connect).toBe(t.connectBefore);
    await t.close();
  });
});
