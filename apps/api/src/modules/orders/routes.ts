import {
  AdminTransitionSchema,
  type HubspotMeta,
  ORDER_MESSAGES,
  OrderIdBodySchema,
  type PaymentMethod,
  RecipientLookupQuerySchema,
  TransactionsQuerySchema,
  UpdateOrderAmountSchema,
} from '@landunits/domain';
import type { FastifyInstance } from 'fastify';
import { PageQuerySchema } from '@landunits/domain/contracts';
import { AppError, parseInput, VALIDATION_MESSAGE } from '../../platform/http/app-error';
import type { StoredResponse } from '../../platform/http/idempotency';
import { passedAdminSecondFactor, requireMoneyPermission, requirePermission, requireSession, requireStepUp, requireUser } from '../auth';
import { clearPaymentFlag, ordersAwaitingAdmin } from './admin-orders';
import { createOrder, type Submission } from './create-order';
import { getOrderDetails } from './get-order-details';
import { getTransactions } from './get-transactions';
import { getUserNameByEmail, recipientLookupLimit } from './get-user-name-by-email';
import { adminTransition, cancelBuy, cancelFutureTransfer, confirmPaymentSent, type CancelAtProvider } from './order-actions';
import { updateOrderAmount } from './update-order-amount';
import { payoutRoutes } from './payout-routes';
import { send, submissionOf } from './route-helpers';
import { OrderIdParamsSchema, parseCreateOrder } from './schemas';

export const CREATE_ORDER_PATH = '/api/order/create_order';

export interface OrderRoutesOptions {
  cancelAtProvider?: CancelAtProvider;
  /** Buy methods that cannot be used here (in production, a card provider without keys). */
  unavailableMethods?: ReadonlySet<PaymentMethod>;
}

export async function orderRoutes(app: FastifyInstance, options: OrderRoutesOptions = {}): Promise<void> {
  const ctx = app.ctx;

  /** Places an order of any type. Needs an Idempotency-Key per form submission. */
  app.post(CREATE_ORDER_PATH, async (request, reply) => {
    const session = await requireSession(ctx, request, reply);
    const { user } = session;
    const submission = submissionOf(request, CREATE_ORDER_PATH);
    const input = parseCreateOrder(request.body);
    if (input.orderType === 'BUY' && options.unavailableMethods?.has(input.paymentDetails.paymentMethod)) {
      throw new AppError('VALIDATION_FAILED', VALIDATION_MESSAGE, { paymentMethod: ORDER_MESSAGES.paymentMethodNotAvailable });
    }
    return send(reply, await createOrder(ctx, user, input, submission(), (db, action) => requireStepUp(ctx, db, session, action)));
  });

  // A card payment started at its provider is stopped there when its order is cancelled (payments module).
  const cancelAtProvider: CancelAtProvider | undefined = options.cancelAtProvider;
  type OwnAction = (c: typeof ctx, userId: string, orderId: string, s: Submission, meta: HubspotMeta | undefined) => Promise<StoredResponse<unknown>>;
  const ownActions: ReadonlyArray<readonly [string, OwnAction]> = [
    // "I have sent the payment" may carry the tracking payload (forwarded when a tracker is configured).
    ['/api/order/success_order', confirmPaymentSent],
    ['/api/order/cancel_order', (c, userId, orderId, s) => cancelBuy(c, userId, orderId, s, cancelAtProvider)],
    ['/api/order/cancel-future-transfer', (c, userId, orderId, s) => cancelFutureTransfer(c, userId, orderId, s)],
  ];
  for (const [path, action] of ownActions) {
    app.post(path, async (request, reply) => {
      const user = await requireUser(ctx, request, reply);
      const submission = submissionOf(request, path);
      const { orderId, hubspotMetaData } = parseInput(OrderIdBodySchema, request.body);
      return send<unknown>(reply, await action(ctx, user.id, orderId, submission(), hubspotMetaData));
    });
  }

  app.post('/api/order/update_order_amount', async (request, reply) => {
    const user = await requireUser(ctx, request, reply);
    const submission = submissionOf(request, '/api/order/update_order_amount');
    const input = parseInput(UpdateOrderAmountSchema, request.body);
    return send(reply, await updateOrderAmount(ctx, user, input, submission()));
  });

  app.get('/api/order/get_order_details/:id', async (request, reply) => {
    const session = await requireSession(ctx, request, reply);
    const { id } = parseInput(OrderIdParamsSchema, request.params);
    reply.header('cache-control', 'no-store');
    // Staff see other people's orders only from a session that passed its authenticator code.
    return getOrderDetails(ctx.db, { id: session.user.id, adminRole: passedAdminSecondFactor(session) ? session.user.adminRole : null }, id);
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
    const admin = await requirePermission(ctx, request, reply, 'orders.read');
    const query = parseInput(PageQuerySchema, request.query);
    reply.header('cache-control', 'no-store');
    return ordersAwaitingAdmin(ctx.db, query, admin.id);
  });

  app.post('/api/admin/orders/:id/transition', async (request, reply) => {
    const admin = await requireMoneyPermission(ctx, request, reply, 'orders.decide');
    const { id } = parseInput(OrderIdParamsSchema, request.params);
    const path = `/api/admin/orders/${id}/transition`;
    const submission = submissionOf(request, path);
    const input = parseInput(AdminTransitionSchema, request.body);
    return send(reply, await adminTransition(ctx, { userId: admin.id, role: admin.adminRole, requestId: request.id }, id, input, submission()));
  });

  app.post('/api/admin/orders/:id/clear-flag', async (request, reply) => {
    const admin = await requirePermission(ctx, request, reply, 'payments.flags');
    const { id } = parseInput(OrderIdParamsSchema, request.params);
    const submission = submissionOf(request, `/api/admin/orders/${id}/clear-flag`);
    const { reason } = parseInput(AdminTransitionSchema.pick({ reason: true }), request.body);
    return send(reply, await clearPaymentFlag(ctx, { userId: admin.id, role: admin.adminRole, requestId: request.id }, id, reason, submission()));
  });

  await payoutRoutes(app);
}
