import { defaultTextMapGetter, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Context, type Span, type Tracer } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { ExportResultCode, W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { defaultResource, resourceFromAttributes } from '@opentelemetry/resources';
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  BatchSpanProcessor,
  ConsoleSpanExporter,
  ParentBasedSampler,
  TraceIdRatioBasedSampler,
  TracerProvider,
  type Sampler,
  type SpanExporter,
  type SpanProcessor,
} from '@opentelemetry/sdk-trace';
import { ATTR_ERROR_TYPE, ATTR_HTTP_REQUEST_METHOD, ATTR_HTTP_RESPONSE_STATUS_CODE, ATTR_HTTP_ROUTE, ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { SamplerName, TraceExporterSettings, TracingConfig } from '../config-tracing';
import { databaseErrorFacts } from './db/errors';
import type { Delivery, RunnerTracing } from './jobs/runner';

/**
 * OpenTelemetry tracing (decision 0043), off unless the OTEL_* settings switch it on. When on, the
 * provider, its context manager and the hooks belong to one app: nothing is registered globally
 * (tests build many apps in one process). Spans: one SERVER span per request (traceRequests), one
 * per database statement and per transaction (db/tracing.ts), one per job and per periodic task
 * (runnerTracing). When off, none of this exists and no code path is wrapped.
 */
export interface Tracing {
  readonly tracer: Tracer;
  /** The context of the code running now (this app's own context manager). */
  active(): Context;
  /** Runs `fn` with `context` active; what it starts (promises, timers) carries it on. */
  with<T>(context: Context, fn: () => T): T;
  /** Sends the spans still buffered and stops; bounded, so a stop never waits long on a collector. */
  shutdown(): Promise<void>;
}

export interface TracingOptions {
  log: FastifyBaseLogger;
  /** In place of the configured exporter (tests: a SimpleSpanProcessor over an InMemorySpanExporter). */
  spanProcessors?: SpanProcessor[] | undefined;
}

const SCOPE = 'landunits-api';
/** How long a stop waits for the last spans to be sent. */
const SHUTDOWN_MS = 3_000;
/** Failed exports are logged at most this often. */
const REPORT_EVERY_MS = 60_000;

function sampler(name: SamplerName, ratio: number): Sampler {
  switch (name) {
    case 'always_on':
      return new AlwaysOnSampler();
    case 'always_off':
      return new AlwaysOffSampler();
    case 'traceidratio':
      return new TraceIdRatioBasedSampler(ratio);
    case 'parentbased_always_off':
      return new ParentBasedSampler({ root: new AlwaysOffSampler() });
    case 'parentbased_traceidratio':
      return new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(ratio) });
    default:
      return new ParentBasedSampler({ root: new AlwaysOnSampler() });
  }
}

function exporterFor(settings: TraceExporterSettings): SpanExporter {
  if (settings.kind === 'console') return new ConsoleSpanExporter();
  // The exporter's other variables (OTEL_EXPORTER_OTLP_TIMEOUT, _COMPRESSION, certificates) it reads itself.
  return new OTLPTraceExporter({ url: settings.url, headers: settings.headers });
}

/** Passes spans on to `exporter` and logs failed exports (once a minute at most), which the SDK would drop silently. */
function reportingFailures(exporter: SpanExporter, log: FastifyBaseLogger): SpanExporter {
  let reportedAt = -Infinity;
  return {
    export(spans, done) {
      exporter.export(spans, (result) => {
        if (result.code !== ExportResultCode.SUCCESS && Date.now() - reportedAt >= REPORT_EVERY_MS) {
          reportedAt = Date.now();
          log.warn({ reason: result.error?.message ?? 'unknown', spans: spans.length }, 'tracing: spans could not be sent to the collector (reported once a minute)');
        }
        done(result);
      });
    },
    shutdown: () => exporter.shutdown(),
    forceFlush: () => exporter.forceFlush?.() ?? Promise.resolve(),
  };
}

/** The app's tracing from its settings; null when tracing is off (nothing is made then). */
export function createTracing(config: TracingConfig | null, options: TracingOptions): Tracing | null {
  if (!config) return null;
  const provider = new TracerProvider({
    resource: defaultResource().merge(resourceFromAttributes({ [ATTR_SERVICE_NAME]: config.serviceName })),
    sampler: sampler(config.sampler, config.ratio),
    spanProcessors: options.spanProcessors ?? [new BatchSpanProcessor({ exporter: reportingFailures(exporterFor(config.exporter), options.log) })],
  });
  const contextManager = new AsyncLocalStorageContextManager().enable();
  let stopped: Promise<void> | undefined;
  return {
    tracer: provider.getTracer(SCOPE),
    active: () => contextManager.active(),
    with: (context, fn) => contextManager.with(context, fn),
    shutdown() {
      stopped ??= (async () => {
        let timer: NodeJS.Timeout | undefined;
        const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), SHUTDOWN_MS)));
        try {
          if ((await Promise.race([provider.shutdown(), late])) === 'late') options.log.warn(`tracing: the last spans were not sent within ${SHUTDOWN_MS} ms; stopping without them`);
        } catch (err) {
          options.log.warn({ err }, 'tracing: the last spans could not be sent');
        } finally {
          clearTimeout(timer);
          contextManager.disable();
        }
      })();
      return stopped;
    },
  };
}

/** `context` when a recorded span is active in it (a sampled request, job or transaction); null otherwise. */
export function recordedParent(context: Context): Context | null {
  return trace.getSpan(context)?.isRecording() ? context : null;
}

/**
 * Marks `span` failed. A database error is recorded by its facts only (type, SQLSTATE, statement
 * label), as in the log: its message may quote a value. Other errors as the log has them.
 */
export function recordError(span: Span, error: unknown): void {
  const facts = databaseErrorFacts(error);
  if (facts) {
    span.recordException({ name: facts.type, message: [facts.code, facts.statement].filter(Boolean).join(' in '), ...(facts.stack ? { stack: facts.stack } : {}) });
    span.setAttribute(ATTR_ERROR_TYPE, facts.code ?? facts.type);
  } else {
    span.recordException(error instanceof Error ? error : String(error));
    span.setAttribute(ATTR_ERROR_TYPE, error instanceof Error ? error.name : 'Error');
  }
  span.setStatus({ code: SpanStatusCode.ERROR });
}

const isThenable = (value: unknown): value is PromiseLike<unknown> => typeof (value as PromiseLike<unknown> | null)?.then === 'function';

/**
 * Calls `call` and ends `span` when what it returns settles (at once for a value that is no
 * promise), recording a failure. Returns `call`'s own result: the caller awaits the very promise it
 * would have had without tracing, with the same timing and the same error, and a synchronous throw
 * is rethrown as it was. The span is ended on every path, as a `finally` would; `.finally` itself
 * would make a second promise that rejects unhandled. `onValue` reads the resolved value first.
 */
export function settle<T>(span: Span, call: () => T, onValue?: (value: Awaited<T>) => void): T {
  let result: T;
  try {
    result = call();
  } catch (error) {
    recordError(span, error);
    span.end();
    throw error;
  }
  if (!isThenable(result)) {
    span.end();
    return result;
  }
  result.then(
    (value) => {
      try {
        onValue?.(value as Awaited<T>);
      } catch {
        // Reading the value for the span never fails the work.
      }
      span.end();
    },
    (error: unknown) => {
      recordError(span, error);
      span.end();
    },
  );
  return result;
}

interface RequestSpan {
  span: Span;
  context: Context;
  error?: unknown;
  ended?: boolean;
}

/**
 * A SERVER span per request: started in the first onRequest hook under the caller's W3C
 * `traceparent` (when it sends one), named by method and route pattern (`GET /api/order/:id`,
 * never the URL, as in the metrics), ended when the answer is sent. The span's context is made
 * active for the later hooks and the handler; it is entered again before validation and the
 * handler, since reading a body continues from the socket's events, outside it.
 */
export function traceRequests(app: FastifyInstance, tracing: Tracing): void {
  const spans = new WeakMap<FastifyRequest, RequestSpan>();
  const propagator = new W3CTraceContextPropagator();
  app.addHook('onRequest', (request, _reply, done) => {
    const parent = propagator.extract(ROOT_CONTEXT, request.headers, defaultTextMapGetter);
    const route = request.routeOptions.url;
    const span = tracing.tracer.startSpan(
      route ? `${request.method} ${route}` : request.method,
      { kind: SpanKind.SERVER, attributes: { [ATTR_HTTP_REQUEST_METHOD]: request.method, ...(route ? { [ATTR_HTTP_ROUTE]: route } : {}) } },
      parent,
    );
    const entry: RequestSpan = { span, context: trace.setSpan(parent, span) };
    spans.set(request, entry);
    tracing.with(entry.context, done);
  });
  const enter = (request: FastifyRequest, done: () => void) => {
    const entry = spans.get(request);
    if (entry) tracing.with(entry.context, done);
    else done();
  };
  app.addHook('preValidation', (request, _reply, done) => enter(request, done));
  app.addHook('preHandler', (request, _reply, done) => enter(request, done));
  app.addHook('onError', (request, _reply, error, done) => {
    const entry = spans.get(request);
    if (entry) entry.error = error;
    done();
  });
  const end = (request: FastifyRequest, status: number | null) => {
    const entry = spans.get(request);
    if (!entry || entry.ended) return;
    entry.ended = true;
    if (status === null) {
      // The client went away before the answer.
      entry.span.setAttribute(ATTR_ERROR_TYPE, 'aborted');
    } else {
      entry.span.setAttribute(ATTR_HTTP_RESPONSE_STATUS_CODE, status);
      // A 4xx is the client's doing; only a server error marks the span failed.
      if (status >= 500) {
        if (entry.error !== undefined) recordError(entry.span, entry.error);
        entry.span.setAttribute(ATTR_ERROR_TYPE, String(status));
        entry.span.setStatus({ code: SpanStatusCode.ERROR });
      }
    }
    entry.span.end();
  };
  app.addHook('onResponse', (request, reply, done) => {
    end(request, reply.statusCode);
    done();
  });
  app.addHook('onRequestAbort', (request, done) => {
    end(request, null);
    done();
  });
}

/**
 * Spans for the job runner: `job <kind>` (CONSUMER) around each outbox job, with its id, attempt
 * and outcome, failed when the job failed; `periodic <name>` around each periodic task that runs.
 * Each starts a trace of its own: the request that queued a job has long been answered.
 */
export function runnerTracing(tracing: Tracing): RunnerTracing {
  const start = (name: string, kind: SpanKind, attributes: Record<string, string | number>) => {
    const span = tracing.tracer.startSpan(name, { kind, root: true, attributes }, ROOT_CONTEXT);
    return { span, context: trace.setSpan(ROOT_CONTEXT, span) };
  };
  return {
    job(row, deliver) {
      const { span, context } = start(`job ${row.kind}`, SpanKind.CONSUMER, { 'landunits.job.kind': row.kind, 'landunits.job.id': row.id, 'landunits.job.attempt': row.attempts });
      return settle(
        span,
        () => tracing.with(context, deliver),
        (delivery: Delivery) => {
          span.setAttribute('landunits.job.outcome', delivery.outcome);
          if (delivery.outcome === 'retry' || delivery.outcome === 'failed') recordError(span, delivery.error);
        },
      );
    },
    periodic(name, run) {
      const { span, context } = start(`periodic ${name}`, SpanKind.INTERNAL, { 'landunits.task.name': name });
      return settle(span, () => tracing.with(context, run));
    },
  };
}
