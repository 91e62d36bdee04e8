import { ADMIN_HOME_CONTRACTS as C } from '@landunits/domain/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../auth';
import { adminHome } from './admin-home';

/** The admin home (ADMIN_HOME_CONTRACTS.home): every admin (home.read), each seeing only the queues of their role. */
export async function adminHomeRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;

  route(app, C.home, ({ admin }) => adminHome(ctx, admin.adminRole));
}
