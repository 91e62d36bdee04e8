import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import type { SpanProcessor } from '@opentelemetry/sdk-trace';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { webBuildExists, type Config } from './config';
import { adminRoutes, registerMakerChecker } from './modules/admin';
import { adminHomeRoutes } from './modules/admin-home';
import { adminsRoutes } from './modules/admins';
import { apiDocsRoutes } from './modules/api-docs';
import { auditRoutes } from './modules/audit';
import { authPeriodicTasks, authRoutes, type AuthRoutesOptions } from './modules/auth';
import { dashboardRoutes } from './modules/dashboard';
import { emailChangeRoutes } from './modules/email-change';
import { devClockRoutes, devMailRoutes } from './modules/dev-mail';
import { metricsRoutes } from './modules/metrics';
import { healthRoutes, Readiness } from './modules/health';
import { invoiceRoutes } from './modules/invoices';
import { invoiceOrdersOf, orderPeriodicTasks, orderRoutes, type OrderRow } from './modules/orders';
import { pricingRoutes } from './modules/pricing';
import { createCardGateways, paymentRoutes } from './modules/payments';
import { referenceCodeRoutes } from './modules/reference-codes';
import { reportRoutes } from './modules/reports';
import { contactRoutes } from './modules/contact';
import { communityRoutes } from './modules/community';
import { chatAdminRoutes, chatPeriodicTasks, chatRoutes } from './modules/chat';
import { ideaRoutes } from './modules/ideas';
import { notificationPeriodicTasks } from './modules/notifications';
import { notificationRoutes } from './modules/notifications/routes';
import { landProjectRoutes } from './modules/land-projects';
import { newsletterPeriodicTasks, newsletterRoutes } from './modules/newsletter';
import { siteContentRoutes } from './modules/site-content';
import { verificationRoutes } from './modules/verification';
import { governanceJobs, governancePeriodicTasks, governanceRoutes } from './modules/governance';
import { analyticsScriptOrigin, forwardTracking, marketingJobs, marketingRoutes } from './modules/marketing';
import { jobQueueRoutes } from './modules/job-queue';
import { apiOnlyNotFound, siteRoutes } from './modules/site';
import { verificationAdminRoutes, verificationPeriodicTasks } from './modules/verification';
import { userAdminRoutes } from './modules/user-admin';
import { OffsetClock, systemClock, type Clock } from './platform/clock';
import type { AppContext } from './platform/context';
import type { Database } from './platform/db/client';
import { httpTimeoutOptions } from './platform/http/connections';
import { registerContracts } from './platform/http/contracts';
import { registerForwardedHttps } from './platform/http/forwarded-https';
import { registerEventStreams } from './platform/http/event-stream';
import { registerErrorHandling } from './platform/http/error-handler';
import { registerMultipart } from './platform/http/multipart';
import { registerJsonBodyParser } from './platform/http/json-body';
import { registerSecurityHeaders } from './platform/http/security';
import { withLogRedaction } from './platform/http/log-redaction';
import { platformJobs, platformPeriodicTasks } from './platform/jobs/housekeeping';
import { JobRunner } from './platform/jobs/runner';
import { createMailer } from './platform/mail/mailer';
import { createAppMetrics, observeHttpRequests } from './platform/metrics';
import { createTracing, runnerTracing, traceRequests } from './platform/tracing';
import { traceDatabase } from './platform/db/tracing';
import { registerCsrfProtection } from './platform/security/csrf';
import { RateLimiter } from './platform/security/rate-limit';
import { createRealtime } from './platform/realtime';
import { createFileStore } from './platform/storage';
import { DocumentRenderer } from './platform/pdf';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    ctx: AppContext;
    jobs: JobRunner;
    /** /readyz: the dependencies' state and whether this instance is stopping (server.ts drains it). */
    readiness: Readiness;
  }
}

export interface BuildAppOptions {
  config: Config;
  database: Database;
  /** Pino options, or false for a silent app (tests). */
  logger?: FastifyServerOptions['logger'];
  /** Tests pass a clock they can move. */
  clock?: Clock;
  /** With tracing on (config.tracing), where spans go in place of the configured exporter: tests pass an in-memory one. */
  spanProcessors?: SpanProcessor[];
}

const REQUEST_ID = /^[\w-]{8,64}$/;

/**
 * Builds the Fastify app in tiers: platform (headers, cookies, errors), then the domain modules,
 * then the web app. Tests call this and use `app.inject()`; server.ts adds listening and shutdown.
 */
export async function buildApp({ config, database, logger, clock = config.devClock ? new OffsetClock() : systemClock, spanProcessors }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    // Whatever logger is given, secrets in URLs and values in database errors never reach it.
    logger: withLogRedaction(logger),
    // Only a known number of proxies may set the client address; otherwise the socket address is
    // used, so a forged X-Forwarded-For changes nothing (rate limits key on it).
    trustProxy: config.trustProxy > 0 ? (_address: string, hop: number) => hop < config.trustProxy : false,
    bodyLimit: 1_048_576,
    forceCloseConnections: 'idle',
    // Slow or silent clients cannot hold a connection (config.ts: HTTP_*_TIMEOUT_MS).
    ...httpTimeoutOptions(config.httpTimeouts),
    requestIdHeader: false,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 200 },
  });
  // Tracing (decision 0043): made only when the OTEL_* settings switch it on; otherwise no hook,
  // wrapper or provider exists. Its request hooks come first, so every later hook runs in the span.
  const tracing = createTracing(config.tracing, { log: app.log, spanProcessors });
  if (tracing) traceRequests(app, tracing);
  const untraceDatabase = tracing ? traceDatabase(database, tracing) : undefined;
  // Fastify runs onClose hooks in the reverse order of their registration: registered first, this
  // one runs last, once the job in flight and the requests have ended their spans; the buffered
  // ones are then sent (bounded wait).
  if (tracing)
    app.addHook('onClose', async () => {
      untraceDatabase?.();
      await tracing.shutdown();
    });

  const storage = createFileStore(config, (message) => app.log.warn(message));
  const realtime = createRealtime(database, (err) => app.log.warn({ err }, 'realtime: the LISTEN connection failed; reconnecting'));
  database.onConnectionError?.((err) => app.log.warn({ err }, 'database: a connection was lost; a new one is opened on next use'));
  const documents = new DocumentRenderer({ threads: config.pdfRenderThreads, filename: new URL('./pdf-worker.mjs', import.meta.url).href });
  const ctx: AppContext = { db: database.db, clock, config, limiter: new RateLimiter(database.db, clock), storage, realtime, documents };
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('ctx', ctx);
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom });
  const metrics = createAppMetrics();
  observeHttpRequests(app, metrics);
  app.decorate('readiness', new Readiness({ database, storage, mailer, clock, report: (check, result, err) => app.log.warn({ err, check, result }, `readiness: ${check} is ${result}`) }));
  const cardGateways = createCardGateways(config);
  app.decorate('cardGateways', cardGateways);
  app.decorate(
    'jobs',
    new JobRunner({
      database,
      context: ctx,
      log: app.log,
      mailer,
      onOutcome: (kind, outcome) => metrics.jobOutcomes.inc({ kind, outcome }),
      tracing: tracing ? runnerTracing(tracing) : undefined,
      // Once a second, or more often when due orders are to be looked for more often.
      pollMs: Math.min(1_000, config.dueOrdersIntervalMs),
      // Each module exports its job kinds and periodic tasks; the runner knows none in particular.
      periodic: [
        ...platformPeriodicTasks,
        ...authPeriodicTasks,
        ...newsletterPeriodicTasks,
        ...orderPeriodicTasks,
        ...verificationPeriodicTasks,
        ...governancePeriodicTasks,
        ...notificationPeriodicTasks,
        ...chatPeriodicTasks,
      ],
      jobs: [...platformJobs, ...governanceJobs, ...marketingJobs],
    }),
  );
  // A stop claims no further job at once (preClose, before the requests in flight are awaited);
  // closing waits for the job in flight (decision 0033).
  app.addHook('preClose', async () => {
    void app.jobs.stop();
  });
  app.addHook('onClose', async () => app.jobs.stop());
  // After the routes' own onClose hooks (the streams end first); before the database closes.
  app.addHook('onClose', async () => realtime.close());
  app.addHook('onClose', async () => documents.close());
  // While closing, answers in flight end their connection so keep-alive sockets cannot hold the
  // shutdown open; sockets idle at that moment are closed by forceCloseConnections.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    if (closing) reply.header('connection', 'close');
  });

  // Platform
  if (config.httpsOnly && config.trustProxy > 0) registerForwardedHttps(app, config.publicUrl);
  // The CSP admits the analytics script's origin only when an admin configured one (marketing module).
  registerSecurityHeaders(app, config, () => analyticsScriptOrigin(ctx.db, ctx.clock.now()));
  await app.register(cookie);
  registerErrorHandling(app);
  registerJsonBodyParser(app);
  // Before any route: each route gets its contract; answers are checked against it outside production.
  registerContracts(app, { checkResponses: !config.isProduction });
  // Before any route: a route whose contract decides on a record refuses the deciding admin's own.
  registerMakerChecker(app);
  registerCsrfProtection(app, config.publicUrl);
  registerEventStreams(app, config.streamLimits);
  await registerMultipart(app);

  // Domain modules
  await app.register(healthRoutes);
  await app.register(metricsRoutes, { metrics });
  // A confirmation's tracking payload goes to the marketing tracker when one is configured.
  await app.register(authRoutes, { onTracking: (tx, meta) => forwardTracking(ctx, tx, { event: 'email_confirmed', meta }) } satisfies AuthRoutesOptions);
  await app.register(orderRoutes, {
    cancelAtProvider: (order: OrderRow) => cardGateways.cancelAtProvider(order),
    // Test-mode cards never take money: without the development tools a provider without keys is simply not offered.
    unavailableMethods: config.devTools ? new Set() : cardGateways.testMode,
  });
  await app.register(paymentRoutes);
  await app.register(referenceCodeRoutes);
  await app.register(dashboardRoutes);
  await app.register(reportRoutes);
  // Orders issue the invoices; the invoices' pages read the orders through this reader.
  await app.register(invoiceRoutes, { readOrders: invoiceOrdersOf });
  await app.register(verificationRoutes);
  await app.register(emailChangeRoutes);
  await app.register(adminRoutes);
  await app.register(auditRoutes);
  await app.register(adminHomeRoutes);
  await app.register(adminsRoutes);
  await app.register(verificationAdminRoutes);
  await app.register(userAdminRoutes);
  await app.register(pricingRoutes);
  await app.register(siteContentRoutes);
  await app.register(newsletterRoutes);
  await app.register(contactRoutes);
  await app.register(communityRoutes);
  await app.register(governanceRoutes);
  await app.register(ideaRoutes);
  await app.register(notificationRoutes);
  await app.register(landProjectRoutes);
  await app.register(chatRoutes);
  await app.register(chatAdminRoutes);
  await app.register(marketingRoutes);
  await app.register(jobQueueRoutes);
  await app.register(apiDocsRoutes);
  if (config.devTools) await app.register(devMailRoutes);
  if (config.devClock) await app.register(devClockRoutes);

  // Web app (last: it answers every path no module claimed)
  if (webBuildExists(config)) {
    await app.register(siteRoutes, { webDistDir: config.webDistDir, publicUrl: config.publicUrl, devTools: config.devTools });
  } else {
    await apiOnlyNotFound(app);
  }

  return app;
}
