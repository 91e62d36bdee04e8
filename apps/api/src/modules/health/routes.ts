import type { FastifyInstance } from 'fastify';

/** GET /api/health: answers ok only after the database has answered a query. */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
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
