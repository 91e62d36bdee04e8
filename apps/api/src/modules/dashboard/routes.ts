import type { FastifyInstance } from 'fastify';
import { requireUser } from '../auth';
import { dashboardBundle } from './dashboard-bundle';

export async function dashboardRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;

  /** The signed-in person with their holdings, today's prices and the rest of the dashboard bundle. */
  app.get('/api/user', async (request, reply) => {
    const user = await requireUser(ctx, request, reply);
    reply.header('cache-control', 'no-store');
    return dashboardBundle(ctx, user);
  });
}
