import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { webBuildExists, type Config } from './config';
import { healthRoutes } from './modules/health/routes';
import { apiOnlyNotFound, siteRoutes } from './modules/site/routes';
import type { Database } from './platform/db/client';
import { registerErrorHandling } from './platform/http/error-handler';
import { registerSecurityHeaders } from './platform/http/security';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
  }
}

export interface BuildAppOptions {
  config: Config;
  database: Database;
  /** Pino options, or false for a silent app (tests). */
  logger?: FastifyServerOptions['logger'];
}

const REQUEST_ID = /^[\w-]{8,64}$/;

/**
 * Builds the Fastify app in tiers: platform (headers, cookies, errors), then the domain modules,
 * then the web app. Tests call this and use `app.inject()`; server.ts adds listening and shutdown.
 */
export async function buildApp({ config, database, logger }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? false,
    trustProxy: false,
    bodyLimit: 1_048_576,
    forceCloseConnections: 'idle',
    requestIdHeader: false,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 200 },
  });

  app.decorate('config', config);
  app.decorate('database', database);
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
  await registerSecurityHeaders(app, config);
  await app.register(cookie);
  registerErrorHandling(app);

  // Domain modules
  await app.register(healthRoutes);

  // Web app (last: it answers every path no module claimed)
  if (webBuildExists(config)) {
    await app.register(siteRoutes, { webDistDir: config.webDistDir, publicUrl: config.publicUrl });
  } else {
    await apiOnlyNotFound(app);
  }

  return app;
}
