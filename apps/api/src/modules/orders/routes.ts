import { RecipientLookupQuerySchema, TransactionsQuerySchema } from '@landunits/domain';
import type { FastifyInstance } from 'fastify';
import { parseInput } from '../../platform/http/app-error';
import { idempotencyKeyOf, requestFingerprint } from '../../platform/http/idempotency';
import { requireUser } from '../auth';
import { createTransferOrder } from './create-transfer-order';
import { getOrderDetails } from './get-order-details';
import { getTransactions } from './get-transactions';
import { getUserNameByEmail, recipientLookupLimit } from './get-user-name-by-email';
import { OrderIdParamsSchema, parseCreateOrder } from './schemas';

export const CREATE_ORDER_PATH = '/api/order/create_order';

export async function orderRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;

  /** Places an order (this slice: immediate TRANSFER). Needs an Idempotency-Key per form submission. */
  app.post(CREATE_ORDER_PATH, async (request, reply) => {
    const user = await requireUser(ctx, request, reply);
    const key = idempotencyKeyOf(request);
    const input = parseCreateOrder(request.body);
    const result = await createTransferOrder(ctx, user, input, { key, fingerprint: requestFingerprint('POST', CREATE_ORDER_PATH, request.body) });
    reply.header('cache-control', 'no-store');
    if (result.replayed) reply.header('idempotent-replayed', 'true');
    return reply.status(result.status).send(result.body);
  });

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
}
