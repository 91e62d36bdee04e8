import { type HubspotMeta, ORDER_MESSAGES, type PaymentMethod } from '@landunits/domain';
import { ORDER_CONTRACTS as C } from '@landunits/domain/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError, VALIDATION_MESSAGE } from '../../platform/http/app-error';
import type { StoredResponse } from '../../platform/http/idempotency';
import { passedAdminSecondFactor, requireStepUp, route } from '../auth';
import { orderAdminRoutes } from './admin-routes';
import { cancelBuy, type CancelAtProvider } from './cancel-buy';
import { confirmPaymentSent } from './confirm-payment-sent';
import { createOrder } from './create-order';
import { getOrderDetails } from './get-order-details';
import { getTransactions } from './get-transactions';
import { getUserNameByEmail } from './get-user-name-by-email';
import { recipientLookupLimit } from './limits';
import type { Submission } from './order-types';
import { send } from './route-helpers';
import { cancelFutureTransfer } from './scheduled-transfers/cancel-future-transfer';
import { parseCreateOrder } from './schemas';
import { updateOrderAmount } from './update-order-amount';

export const CREATE_ORDER_PATH = '/api/order/create_order';

export interface OrderRoutesOptions {
  cancelAtProvider?: CancelAtProvider;
  /** Buy methods that cannot be used here (in production, a card provider without keys). */
  unavailableMethods?: ReadonlySet<PaymentMethod>;
}

/**
 * The order routes (ORDER_CONTRACTS), each registered through its contract (route()). The
 * money-moving POSTs answer in the SPEC's error order: session, then the Idempotency-Key header
 * (400 IDEMPOTENCY_KEY_MISSING), then the body, then the use-case (with the step-up in its
 * transaction), and answer with `send` (the stored status, `idempotent-replayed` on a replay).
 * The admins' routes (admin-routes.ts) are registered after the person's.
 */
export async function orderRoutes(app: FastifyInstance, options: OrderRoutesOptions = {}): Promise<void> {
  const ctx = app.ctx;

  /** Places an order of any type. Needs an Idempotency-Key per form submission. */
  // parsedByHandler: the body is parsed by its order type (parseCreateOrder), errors keyed by the form's field names.
  route(
    app,
    C.createOrder,
    async ({ session, request, reply, submission }) => {
      const input = parseCreateOrder(request.body);
      if (input.orderType === 'BUY' && options.unavailableMethods?.has(input.paymentDetails.paymentMethod)) {
        throw new AppError('VALIDATION_FAILED', VALIDATION_MESSAGE, { paymentMethod: ORDER_MESSAGES.paymentMethodNotAvailable });
      }
      return send(reply, await createOrder(ctx, session.user, input, submission(), (db, action) => requireStepUp(ctx, db, session, action)));
    },
    { parsedByHandler: ['body'] },
  );

  // A card payment started at its provider is stopped there when its order is cancelled (payments module).
  const cancelAtProvider: CancelAtProvider | undefined = options.cancelAtProvider;
  type OwnAction = (c: typeof ctx, userId: string, orderId: string, s: Submission, meta: HubspotMeta | undefined) => Promise<StoredResponse<unknown>>;
  const ownActions: ReadonlyArray<readonly [typeof C.successOrder | typeof C.cancelOrder | typeof C.cancelFutureTransfer, OwnAction]> = [
    // "I have sent the payment" may carry the tracking payload (forwarded when a tracker is configured).
    [C.successOrder, confirmPaymentSent],
    [C.cancelOrder, (c, userId, orderId, s) => cancelBuy(c, userId, orderId, s, cancelAtProvider)],
    [C.cancelFutureTransfer, (c, userId, orderId, s) => cancelFutureTransfer(c, userId, orderId, s)],
  ];
  for (const [contract, action] of ownActions) {
    route(app, contract, async ({ user, body, reply, submission }) => send<unknown>(reply, await action(ctx, user.id, body.orderId, submission(), body.hubspotMetaData)));
  }

  route(app, C.updateOrderAmount, async ({ user, body, reply, submission }) => send(reply, await updateOrderAmount(ctx, user, body, submission())));

  // Staff see other people's orders only from a session that passed its authenticator code.
  route(app, C.orderDetails, ({ session, params }) => getOrderDetails(ctx.db, { id: session.user.id, adminRole: passedAdminSecondFactor(session) ? session.user.adminRole : null }, params.id));

  route(app, C.transactions, ({ user, query }) => getTransactions(ctx.db, user.id, query));

  // Every ask counts against the rate limit, a malformed address too (before the query is checked).
  route(app, C.recipient, ({ user, query }) => getUserNameByEmail(ctx, user, query.email), { beforeInput: ({ user }) => ctx.limiter.hit(recipientLookupLimit(user.id)) });

  await orderAdminRoutes(app);
}
