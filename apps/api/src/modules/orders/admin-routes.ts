import { ORDER_CONTRACTS as C } from '@landunits/domain/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../auth';
import { clearPaymentFlag } from './clear-payment-flag';
import { adminTransition } from './decide-order';
import { ordersAwaitingAdmin } from './list-admin-orders';
import { payoutRoutes } from './payouts/payout-routes';
import { send } from './route-helpers';

/** The admins' order routes (ORDER_CONTRACTS), registered by orderRoutes after the person's routes; then the payout queue's. */
export async function orderAdminRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;

  route(app, C.adminOrders, ({ admin, query }) => ordersAwaitingAdmin(ctx.db, query, admin.id));

  route(app, C.adminTransition, async ({ actor, params, body, reply, submission }) => send(reply, await adminTransition(ctx, actor, params.id, body, submission())));

  route(app, C.adminClearFlag, async ({ actor, params, body, reply, submission }) => send(reply, await clearPaymentFlag(ctx, actor, params.id, body.reason, submission())));

  await payoutRoutes(app);
}
