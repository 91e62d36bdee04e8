import { ConfirmPayoutSchema, MarkPayoutPaidSchema, PayoutQueueQuerySchema } from '@landunits/domain';
import type { FastifyInstance } from 'fastify';
import { parseInput } from '../../platform/http/app-error';
import { requireMoneyPermission, requirePermission } from '../auth';
import { confirmPayout } from './confirm-payout';
import { markPayoutPaid } from './mark-payout-paid';
import { payoutQueue } from './payout-queue';
import { send, submissionOf } from './route-helpers';
import { OrderIdParamsSchema } from './schemas';

/**
 * The payout queue (docs/api/orders.md, "Payouts"): orders.read to see it, orders.decide to mark a
 * payout paid or confirm one. A sale is rejected with POST /api/admin/orders/:id/transition.
 */
export async function payoutRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;

  app.get('/api/admin/payouts', async (request, reply) => {
    const admin = await requirePermission(ctx, request, reply, 'orders.read');
    const query = parseInput(PayoutQueueQuerySchema, request.query);
    reply.header('cache-control', 'no-store');
    return payoutQueue(ctx.db, query, admin.id, ctx.clock.now());
  });

  app.post('/api/admin/payouts/:id/mark-paid', async (request, reply) => {
    const admin = await requireMoneyPermission(ctx, request, reply, 'orders.decide');
    const { id } = parseInput(OrderIdParamsSchema, request.params);
    const submission = submissionOf(request, `/api/admin/payouts/${id}/mark-paid`);
    const input = parseInput(MarkPayoutPaidSchema, request.body);
    return send(reply, await markPayoutPaid(ctx, { userId: admin.id, requestId: request.id }, id, input, submission()));
  });

  app.post('/api/admin/payouts/:id/confirm', async (request, reply) => {
    const admin = await requireMoneyPermission(ctx, request, reply, 'orders.decide');
    const { id } = parseInput(OrderIdParamsSchema, request.params);
    const submission = submissionOf(request, `/api/admin/payouts/${id}/confirm`);
    parseInput(ConfirmPayoutSchema, request.body ?? {});
    return send(reply, await confirmPayout(ctx, { userId: admin.id, requestId: request.id }, id, submission()));
  });
}
