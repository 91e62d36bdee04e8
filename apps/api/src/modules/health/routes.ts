import type { FastifyInstance } from 'fastify';

/**
 * Health for load balancers and orchestrators (docs/operations.md):
 * - GET /livez: the process serves requests (restart it when this fails);
 * - GET /readyz: send it traffic: the database answers with this code's migrations, files can be
 *   stored, mail can be handed over, and it is not stopping (each check bounded in time);
 * - GET /api/health: the database alone, as before (kept for existing monitors).
 */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/livez', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });

  app.get('/readyz', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    const { ready, draining, checks } = await app.readiness.check();
    if (ready) return { status: 'ready', checks };
    const failed = Object.entries(checks).filter(([, result]) => result !== 'ok');
    const message = draining ? 'This instance is stopping.' : `Not ready: ${failed.map(([name, result]) => `${name} ${result}`).join(', ')}.`;
    return reply.status(503).send({ status: draining ? 'draining' : 'not-ready', checks, message, code: 'UNAVAILABLE' });
  });

  app.get('/api/health', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    try {
      await app.database.ping();
      return { status: 'ok', db: 'ok' };
    } catch (err) {
      request.log.error({ err }, 'health check: database did not answer');
      return reply.status(503).send({ status: 'error', db: 'unavailable', message: 'The database is not answering.', code: 'UNAVAILABLE' });
    }
  });
}
