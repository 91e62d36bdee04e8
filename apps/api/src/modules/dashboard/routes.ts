import { DASHBOARD_CONTRACTS as C } from '@landunits/domain/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../auth';
import { dashboardBundle } from './dashboard-bundle';

export async function dashboardRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;

  /** The signed-in person with their holdings, today's prices and the rest of the dashboard bundle. */
  route(app, C.dashboard, ({ user }) => dashboardBundle(ctx, user));
}
