import { CARD_MESSAGES, currencyOf, ORDER_MESSAGES } from '@landunits/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { DbContext } from '../../../platform/context';
import { AppError, parseInput } from '../../../platform/http/app-error';
import { idempotencyKeyOf, requestFingerprint, runIdempotent } from '../../../platform/http/idempotency';
import { requireUser } from '../../auth';
import { applyProviderEvent, beginCardPayment, getOrderDetails, type OrderRow, type OrderView, type Viewer } from '../../orders';
import { squareIdempotencyKey } from './idempotency-key';
import { SquareCardRefused, type SquareGateway } from './square-gateway';
import { toCardResult, type SquarePayment } from './square-payment';

export const PAY_CARD_SQUARE_PATH = '/api/order/pay_card_square';

/** What the Square card page is told when the card cannot be charged or the route is off. */
export const SQUARE_MESSAGES = {
  sourceId: 'Enter your card details again.',
  cardDetails: 'These card details could not be used. Please enter them again.',
  notLive: 'Card payments here are in test mode: use the test card form.',
} as const;

const PayCardSquareSchema = z.strictObject({
  orderId: z.string({ message: ORDER_MESSAGES.orderIdRequired }).min(1, ORDER_MESSAGES.orderIdRequired).max(64, ORDER_MESSAGES.orderNotFound),
  sourceId: z.string({ message: SQUARE_MESSAGES.sourceId }).min(1, SQUARE_MESSAGES.sourceId).max(500, SQUARE_MESSAGES.sourceId),
});

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
 * order on Square's word — Completed with the Units owned, or Failed with the reservation released.
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
  await applyProviderEvent(ctx, null, { orderId: order.id }, toCardResult(payment));
  const { orderData } = await getOrderDetails(ctx.db, viewer, order.id);
  if (orderData.orderStatus === 'Failed') {
    return { status: 402, body: { message: CARD_MESSAGES.declined, code: 'PAYMENT_DECLINED', errors: { sourceId: CARD_MESSAGES.declined }, orderData } as PayAnswer };
  }
  return { status: 200, body: { orderSuccessData: orderData } as PayAnswer };
}

/**
 * POST /api/order/pay_card_square {orderId, sourceId}: the Square card page's Pay button, after
 * Square's Web Payments SDK has turned the card into `sourceId`. Answers 200 {orderSuccessData}
 * with the order Completed (or still InProcess when Square has not decided, or the amount is
 * flagged: the webhook or an admin ends it), 402 with the order Failed on a decline. The answer is
 * stored under the Idempotency-Key: the same submission again gets the same answer and makes no
 * second payment; a new submission for a finished order is 409. Without Square keys the route
 * answers 404: test mode takes cards through POST /api/order/test_card_payment instead.
 */
export async function payCardSquareRoutes(app: FastifyInstance, options: { gateway: SquareGateway | null }): Promise<void> {
  const ctx = app.ctx;
  app.post(PAY_CARD_SQUARE_PATH, async (request, reply) => {
    const user = await requireUser(ctx, request, reply);
    const gateway = options.gateway;
    if (!gateway) throw new AppError('NOT_FOUND', SQUARE_MESSAGES.notLive);
    const key = idempotencyKeyOf(request);
    const input = parseInput(PayCardSquareSchema, request.body);
    const call = { scope: `user:${user.id}`, key, fingerprint: requestFingerprint('POST', PAY_CARD_SQUARE_PATH, request.body) };
    const result = await runIdempotent(ctx.db, call, (tx) => payWithSquare({ db: tx, clock: ctx.clock }, gateway, user, input, key));
    reply.header('cache-control', 'no-store');
    if (result.replayed) reply.header('idempotent-replayed', 'true');
    return reply.status(result.status).send(result.body);
  });
}
