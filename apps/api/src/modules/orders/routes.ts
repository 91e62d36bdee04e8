import { AdminTransitionSchema, OrderIdBodySchema, RecipientLookupQuerySchema, TransactionsQuerySchema } from '@landunits/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { parseInput } from '../../platform/http/app-error';
import { idempotencyKeyOf, requestFingerprint, type StoredResponse } from '../../platform/http/idempotency';
import { requireAdmin, requireUser } from '../auth';
import { ordersAwaitingAdmin } from './admin-orders';
import { createOrder, type Submission } from './create-order';
import { getOrderDetails } from './get-order-details';
import { getTransactions } from './get-transactions';
import { getUserNameByEmail, recipientLookupLimit } from './get-user-name-by-email';
import { adminTransition, cancelBuy, cancelFutureTransfer, confirmPaymentSent } from './order-actions';
import { OrderIdParamsSchema, parseCreateOrder } from './schemas';

export const CREATE_ORDER_PATH = '/api/order/create_order';

const AdminOrdersQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

/** The Idempotency-Key of a money-moving POST and the fingerprint of its request. */
function submissionOf(request: FastifyRequest, path: string): Submission {
  return { key: idempotencyKeyOf(request), fingerprint: requestFingerprint('POST', path, request.body) };
}

function send<T>(reply: FastifyReply, result: StoredResponse<T>) {
  reply.header('cache-control', 'no-store');
  if (result.replayed) reply.header('idempotent-replayed', 'true');
  return reply.status(result.status).send(result.body);
}

export async function orderRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;

  /** Places an order of any type. Needs an Idempotency-Key per form submission. */
  app.post(CREATE_ORDER_PATH, async (request, reply) => {
    const user = await requireUser(ctx, request, reply);
    const submission = submissionOf(request, CREATE_ORDER_PATH);
    const input = parseCreateOrder(request.body);
    return send(reply, await createOrder(ctx, user, input, submission));
  });

  const ownActions = [
    ['/api/order/success_order', confirmPaymentSent],
    ['/api/order/cancel_order', cancelBuy],
    ['/api/order/cancel-future-transfer', cancelFutureTransfer],
  ] as const;
  for (const [path, action] of ownActions) {
    app.post(path, async (request, reply) => {
      const user = await requireUser(ctx, request, reply);
      const submission = submissionOf(request, path);
      const { orderId } = parseInput(OrderIdBodySchema, request.body);
      return send<unknown>(reply, await action(ctx, user.id, orderId, submission));
    });
  }

  app.get('/api/order/get_order_details/:id', async (request, reply) => {
    const user = await requireUser(ctx, request, reply);
    const { id } = parseInput(OrderIdParamsSchema, request.params);
    reply.header('cache-control', 'no-store');
    return getOrderDetails(ctx.db, user, id);
  });

  app.get('/api/order/getTransactions', async (request, reply) => {
    const user = await requireUser(ctx, request, reply);
    const query = parseInput(TransactionsQuerySchema, request.query);
    reply.header('cache-control', 'no-store');
    return getTransactions(ctx.db, user.id, query);
  });

  app.get('/api/user/getUserNameByEmail', async (request, reply) => {
    const user = await requireUser(ctx, request, reply);
    await ctx.limiter.hit(recipientLookupLimit(user.id));
    const { email } = parseInput(RecipientLookupQuerySchema, request.query);
    reply.header('cache-control', 'no-store');
    return getUserNameByEmail(ctx, user, email);
  });

  // ── Admin ──

  app.get('/api/admin/orders', async (request, reply) => {
    await requireAdmin(ctx, request, reply);
    const query = parseInput(AdminOrdersQuerySchema, request.query);
    reply.header('cache-control', 'no-store');
    return ordersAwaitingAdmin(ctx.db, query);
  });

  app.post('/api/admin/orders/:id/transition', async (request, reply) => {
    const admin = await requireAdmin(ctx, request, reply);
    const { id } = parseInput(OrderIdParamsSchema, request.params);
    const path = `/api/admin/orders/${id}/transition`;
    const submission = submissionOf(request, path);
    const input = parseInput(AdminTransitionSchema, request.body);
    return send(reply, await adminTransition(ctx, admin.id, id, input, submission));
  });
}
