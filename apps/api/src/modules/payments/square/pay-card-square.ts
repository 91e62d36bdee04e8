import { CARD_MESSAGES, currencyOf } from '@landunits/domain';
import { PAYMENT_CONTRACTS as C, SQUARE_SOURCE_ID_MESSAGE, type PayCardSquareSchema } from '@landunits/domain/contracts';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { DbContext } from '../../../platform/context';
import { AppError } from '../../../platform/http/app-error';
import { runIdempotent } from '../../../platform/http/idempotency';
import { route } from '../../auth';
import { getOrderDetails, type OrderRow, type OrderView, type Viewer } from '../../orders';
import { applyProviderEvent } from '../apply-provider-event';
import { beginCardPayment } from '../begin-card-payment';
import { squareIdempotencyKey } from './idempotency-key';
import { SquareCardRefused, type SquareGateway } from './square-gateway';
import { toCardResult, type SquarePayment } from './square-payment';

export const PAY_CARD_SQUARE_PATH = '/api/order/pay_card_square';

/** What the Square card page is told when the card cannot be charged or the route is off. */
export const SQUARE_MESSAGES = {
  sourceId: SQUARE_SOURCE_ID_MESSAGE,
  cardDetails: 'These card details could not be used. Please enter them again.',
  notLive: 'Card payments here are in test mode: use the test card form.',
} as const;

type PayAnswer = { orderSuccessData: OrderView } | { message: string; code: 'PAYMENT_DECLINED'; errors: { sourceId: string }; orderData: OrderView };

/** What the order asks to be paid: the figures create_order computed, never the browser's. */
function chargeOf(order: OrderRow): { amountCents: number; currency: string } {
  const details = order.paymentDetails as { paymentAmount?: number } | null;
  const amountCents = details?.paymentAmount ?? order.amountCents;
  if (amountCents === null || amountCents === undefined) throw new Error(`Order ${order.id} has no amount to pay`);
  return { amountCents, currency: currencyOf(order.unitType) };
}

/**
 * Charges the card and applies Square's answer, in the caller's transaction: beginCardPayment
 * makes the payment only when the order has none yet (so a second tab or a lost answer never
 * charges twice; then the existing payment is fetched instead), and applyProviderEvent moves the
 * order on Square's word — Completed with the Units owned, or a declined card recorded with the order
 * left open for another one (a new payment), until the last decline fails it (decision 0067).
 * A refusal that made no payment leaves the order as it was, so another card can be tried.
 */
async function payWithSquare(ctx: DbContext, gateway: SquareGateway, viewer: Viewer, input: z.output<typeof PayCardSquareSchema>, requestKey: string) {
  const made: { payment?: SquarePayment } = {};
  let order: OrderRow;
  try {
    order = await beginCardPayment(ctx, viewer.id, input.orderId, 'Card_Square', async (o) => {
      made.payment = await gateway.createPayment({ orderId: o.id, sourceId: input.sourceId, ...chargeOf(o), idempotencyKey: squareIdempotencyKey(o, requestKey) });
      return { providerPaymentId: made.payment.id };
    });
  } catch (error) {
    if (!(error instanceof SquareCardRefused)) throw error;
    if (error.kind === 'declined') throw new AppError('PAYMENT_DECLINED', CARD_MESSAGES.declined, { sourceId: CARD_MESSAGES.declined });
    throw new AppError('VALIDATION_FAILED', SQUARE_MESSAGES.cardDetails, { sourceId: SQUARE_MESSAGES.cardDetails });
  }
  const payment = made.payment ?? (await gateway.getPayment(order.providerPaymentId as string));
  const outcome = await applyProviderEvent(ctx, null, { orderId: order.id }, toCardResult(payment));
  const { orderData } = await getOrderDetails(ctx.db, viewer, order.id);
  if (outcome === 'declined' || orderData.orderStatus === 'Failed') {
    return { status: 402, body: { message: CARD_MESSAGES.declined, code: 'PAYMENT_DECLINED', errors: { sourceId: CARD_MESSAGES.declined }, orderData } as PayAnswer };
  }
  return { status: 200, body: { orderSuccessData: orderData } as PayAnswer };
}

/**
 * POST /api/order/pay_card_square {orderId, sourceId}: the Square card page's Pay button, after
 * Square's Web Payments SDK has turned the card into `sourceId`. Answers 200 {orderSuccessData}
 * with the order Completed (or still InProcess when Square has not decided, or the amount is
 * flagged: the webhook or an admin ends it), 402 on a decline, with the order still open for another
 * card or, on the last decline, Failed. The answer is
 * stored under the Idempotency-Key: the same submission again gets the same answer and makes no
 * second payment; a new submission for a finished order is 409. Without Square keys the route
 * answers 404: test mode takes cards through POST /api/order/test_card_payment instead, before
 * the Idempotency-Key and the body are looked at (`beforeInput`).
 */
export async function payCardSquareRoutes(app: FastifyInstance, options: { gateway: SquareGateway | null }): Promise<void> {
  const ctx = app.ctx;
  const gatewayOf = (): SquareGateway => {
    if (!options.gateway) throw new AppError('NOT_FOUND', SQUARE_MESSAGES.notLive);
    return options.gateway;
  };
  route(
    app,
    C.payCardSquare,
    async ({ user, body, reply, submission }) => {
      const gateway = gatewayOf();
      const { key, fingerprint } = submission();
      const result = await runIdempotent(ctx.db, { scope: `user:${user.id}`, key, fingerprint }, (tx) => payWithSquare({ db: tx, clock: ctx.clock }, gateway, user, body, key));
      if (result.replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(result.status).send(result.body);
    },
    { beforeInput: () => void gatewayOf() },
  );
}
