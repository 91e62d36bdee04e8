import type { FastifyInstance } from 'fastify';
import { requirePermission } from '../auth';
import { adminHome } from './admin-home';

/** The admin home: every admin (home.read), each seeing only the queues of their role. */
export async function adminHomeRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;

  app.get('/api/admin/home', async (request, reply) => {
    const admin = await requirePermission(ctx, request, reply, 'home.read');
    reply.header('cache-control', 'no-store');
    return adminHome(ctx, admin.adminRole);
  });
}
