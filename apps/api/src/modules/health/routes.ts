import { PLATFORM_CONTRACTS as C } from '@landunits/domain/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../auth';

/**
 * Health for load balancers and orchestrators (docs/operations.md), each route its contract
 * (PLATFORM_CONTRACTS, never cached). Probes send no session cookie, so no session is looked up:
 * - GET /livez: the process serves requests (restart it when this fails);
 * - GET /readyz: send it traffic: the database answers with this code's migrations, files can be
 *   stored, mail can be handed over, and it is not stopping (each check bounded in time);
 * - GET /api/health: the database alone, as before (kept for existing monitors).
 */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  route(app, C.livez, async () => ({ status: 'ok' }) as const);

  route(app, C.readyz, async ({ reply }) => {
    const { ready, draining, checks } = await app.readiness.check();
    // Ready: every check answered 'ok' (the report's type allows any result for each).
    if (ready) return { status: 'ready', checks: checks as Record<keyof typeof checks, 'ok'> } as const;
    const failed = Object.entries(checks).filter(([, result]) => result !== 'ok');
    const message = draining ? 'This instance is stopping.' : `Not ready: ${failed.map(([name, result]) => `${name} ${result}`).join(', ')}.`;
    return reply.status(503).send({ status: draining ? 'draining' : 'not-ready', checks, message, code: 'UNAVAILABLE' });
  });

  route(app, C.health, async ({ request, reply }) => {
    try {
      await app.database.ping();
      return { status: 'ok', db: 'ok' } as const;
    } catch (err) {
      request.log.error({ err }, 'health check: database did not answer');
      return reply.status(503).send({ status: 'error', db: 'unavailable', message: 'The database is not answering.', code: 'UNAVAILABLE' });
    }
  });
}
