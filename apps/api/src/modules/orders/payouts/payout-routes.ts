import { PAYOUT_CONTRACTS as C } from '@landunits/domain/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../auth';
import { confirmPayout } from './confirm-payout';
import { markPayoutPaid } from './mark-payout-paid';
import { payoutQueue } from './payout-queue';
import { send } from '../route-helpers';

/**
 * The payout queue (docs/api/orders.md, "Payouts"): orders.read to see it, orders.decide to mark a
 * payout paid or confirm one (PAYOUT_CONTRACTS). A sale is rejected with POST /api/admin/orders/:id/transition.
 */
export async function payoutRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;

  route(app, C.queue, ({ admin, query }) => payoutQueue(ctx.db, query, admin.id, ctx.clock.now()));

  // The two payout steps move money: the money step-up (the contracts' `stepUp`), then the
  // Idempotency-Key, then the body (the orders' error order, routes.ts).
  route(app, C.markPaid, async ({ actor, params, body, reply, submission }) =>
    send(reply, await markPayoutPaid(ctx, { userId: actor.userId, requestId: actor.requestId }, params.id, body, submission())),
  );

  route(app, C.confirm, async ({ actor, params, reply, submission }) => send(reply, await confirmPayout(ctx, { userId: actor.userId, requestId: actor.requestId }, params.id, submission())));
}
