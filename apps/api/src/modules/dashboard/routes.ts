import { DASHBOARD_CONTRACTS as C, PORTFOLIO_CONTRACTS as P } from '@landunits/domain/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../auth';
import { saveDisplayCurrency } from '../users';
import { dashboardBundle } from './dashboard-bundle';
import { showPortfolio } from './show-portfolio';

export async function dashboardRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;

  /** The signed-in person with their holdings, today's prices and the rest of the dashboard bundle. */
  route(app, C.dashboard, ({ user }) => dashboardBundle(ctx, user));

  /** Their money in one display currency: the total and its parts, per unit type, and its history. */
  route(app, P.portfolio, ({ user, query }) => showPortfolio(ctx, user, query));

  /** The display currency the dashboard opens with, on every device. */
  route(app, P.displayCurrency, async ({ user, body }) => {
    await saveDisplayCurrency(ctx.db, user.id, body.currency, ctx.clock.now());
    return { currency: body.currency };
  });
}
