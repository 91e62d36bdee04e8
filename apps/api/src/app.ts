import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { webBuildExists, type Config } from './config';
import { adminRoutes } from './modules/admin';
import { apiDocsRoutes } from './modules/api-docs';
import { authRoutes, deleteExpiredAuthRows } from './modules/auth';
import { dashboardRoutes } from './modules/dashboard';
import { devMailRoutes } from './modules/dev-mail/routes';
import { healthRoutes } from './modules/health/routes';
import { drainDueOrders, orderRoutes, type OrderRow } from './modules/orders';
import { pricingRoutes } from './modules/pricing';
import { createCardGateways, paymentRoutes } from './modules/payments';
import { referenceCodeRoutes } from './modules/reference-codes';
import { contactRoutes } from './modules/contact';
import { deleteExpiredSubscriptions, newsletterRoutes } from './modules/newsletter';
import { siteContentRoutes } from './modules/site-content';
import { apiOnlyNotFound, siteRoutes } from './modules/site/routes';
import { MINUTE, systemClock, type Clock } from './platform/clock';
import type { AppContext } from './platform/context';
import type { Database } from './platform/db/client';
import { registerContracts } from './platform/http/contracts';
import { registerErrorHandling } from './platform/http/error-handler';
import { pruneIdempotencyKeys } from './platform/http/idempotency';
import { registerSecurityHeaders } from './platform/http/security';
import { JobRunner } from './platform/jobs/runner';
import { createMailer } from './platform/mail/mailer';
import { registerCsrfProtection } from './platform/security/csrf';
import { RateLimiter } from './platform/security/rate-limit';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    ctx: AppContext;
    jobs: JobRunner;
  }
}

export interface BuildAppOptions {
  config: Config;
  database: Database;
  /** Pino options, or false for a silent app (tests). */
  logger?: FastifyServerOptions['logger'];
  /** Tests pass a clock they can move. */
  clock?: Clock;
}

const REQUEST_ID = /^[\w-]{8,64}$/;

/**
 * Builds the Fastify app in tiers: platform (headers, cookies, errors), then the domain modules,
 * then the web app. Tests call this and use `app.inject()`; server.ts adds listening and shutdown.
 */
export async function buildApp({ config, database, logger, clock = systemClock }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? false,
    // Only a known number of proxies may set the client address; otherwise the socket address is
    // used, so a forged X-Forwarded-For changes nothing (rate limits key on it).
    trustProxy: config.trustProxy > 0 ? (_address: string, hop: number) => hop < config.trustProxy : false,
    bodyLimit: 1_048_576,
    forceCloseConnections: 'idle',
    requestIdHeader: false,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 200 },
  });

  const ctx: AppContext = { db: database.db, clock, config, limiter: new RateLimiter(database.db, clock) };
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('ctx', ctx);
  const cardGateways = createCardGateways(config);
  app.decorate('cardGateways', cardGateways);
  app.decorate(
    'jobs',
    new JobRunner({
      db: database.db,
      clock,
      log: app.log,
      mailer: createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom }),
      // Once a second, or more often when due orders are to be looked for more often.
      pollMs: Math.min(1_000, config.dueOrdersIntervalMs),
      periodic: [
        { name: 'prune-rate-limits', everyMs: 10 * MINUTE, run: (now) => ctx.limiter.prune(now) },
        { name: 'delete-expired-auth', everyMs: 10 * MINUTE, run: (now) => deleteExpiredAuthRows(database.db, now) },
        { name: 'prune-idempotency-keys', everyMs: 10 * MINUTE, run: (now) => pruneIdempotencyKeys(database.db, now) },
        { name: 'delete-expired-subscriptions', everyMs: 10 * MINUTE, run: (now) => deleteExpiredSubscriptions(database.db, now) },
        // Scheduled transfers (due 00:00 UTC on their date), buy expiry and conversion unlocks.
        { name: 'due-orders', everyMs: config.dueOrdersIntervalMs, run: (_now, stopping) => drainDueOrders(ctx, app.log, stopping).then(() => undefined) },
      ],
    }),
  );
  app.addHook('onClose', async () => app.jobs.stop());
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
  registerSecurityHeaders(app, config);
  await app.register(cookie);
  registerErrorHandling(app);
  // Before any route: each route gets its contract; answers are checked against it outside production.
  registerContracts(app, { checkResponses: !config.isProduction });
  registerCsrfProtection(app, config.publicUrl);

  // Domain modules
  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(orderRoutes, {
    cancelAtProvider: (order: OrderRow) => cardGateways.cancelAtProvider(order),
    // Test-mode cards never take money: in production a provider without keys is simply not offered.
    unavailableMethods: config.isProduction ? cardGateways.testMode : new Set(),
  });
  await app.register(paymentRoutes);
  await app.register(referenceCodeRoutes);
  await app.register(dashboardRoutes);
  await app.register(adminRoutes);
  await app.register(pricingRoutes);
  await app.register(siteContentRoutes);
  await app.register(newsletterRoutes);
  await app.register(contactRoutes);
  await app.register(apiDocsRoutes);
  if (!config.isProduction) await app.register(devMailRoutes);

  // Web app (last: it answers every path no module claimed)
  if (webBuildExists(config)) {
    await app.register(siteRoutes, { webDistDir: config.webDistDir, publicUrl: config.publicUrl, devTools: !config.isProduction });
  } else {
    await apiOnlyNotFound(app);
  }

  return app;
}
