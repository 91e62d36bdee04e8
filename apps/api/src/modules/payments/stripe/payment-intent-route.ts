import { currencyOf, STATUS_DISPLAY, type CardProvider } from '@landunits/domain';
import { PAYMENT_CONTRACTS as C } from '@landunits/domain/contracts';
import type { FastifyInstance } from 'fastify';
import type { SquareConfig, StripeConfig } from '../../../config';
import { AppError } from '../../../platform/http/app-error';
import { route } from '../../auth';
import { isCardBuy, lockOwnOrder, type OrderRow } from '../../orders';
import { beginCardPayment } from '../begin-card-payment';
import { orderIdempotencyKey } from '../card-payments';
import { squareBrowserSetup } from './card-setup';
import type { StripeGateway } from './stripe-gateway';

/**
 * GET /api/order/get_payment_intent/:id (docs/api/payments.md §Card payments): what the card page
 * of a person's own Initiated or InProcess card buy needs. Live Stripe: the order's PaymentIntent,
 * made once (beginCardPayment locks the order, so two tabs make one) and the order moved to
 * InProcess. Live Square: the public setup of its form (Square payments start at pay_card_square).
 * A provider without keys: test mode, nothing called.
 */

/** What the buyer pays for a card buy, as applyProviderEvent checks it: cents and currency of the order. */
export function cardPaymentOf(order: OrderRow): { amountCents: number; currency: string } {
  const payment = order.paymentDetails as { paymentAmount?: unknown } | null;
  const amountCents = typeof payment?.paymentAmount === 'number' ? payment.paymentAmount : order.amountCents;
  if (typeof amountCents !== 'number' || !Number.isSafeInteger(amountCents) || amountCents <= 0) throw new Error(`Order ${order.id} has no amount to pay`);
  return { amountCents, currency: currencyOf(order.unitType) };
}

const notPayable = (order: OrderRow) => new AppError('TRANSITION_REFUSED', `This order is ${STATUS_DISPLAY[order.orderStatus].label}; it cannot become ${STATUS_DISPLAY.InProcess.label}.`);

/** The live providers: Stripe's gateway with its keys, Square's keys; null runs that provider in test mode. */
export interface PaymentIntentRouteOptions {
  stripe: { gateway: StripeGateway; config: StripeConfig } | null;
  square: SquareConfig | null;
}

export async function paymentIntentRoute(app: FastifyInstance, { stripe, square }: PaymentIntentRouteOptions): Promise<void> {
  const ctx = app.ctx;

  route(app, C.paymentIntent, async ({ user, params }) => {
    // Any id: one that is not the person's own card buy is a 404 (lockOwnOrder).
    const orderId = params.id;
    const order = await ctx.db.transaction((tx) => lockOwnOrder(tx, orderId, user.id));
    if (!isCardBuy(order)) throw new AppError('WRONG_PAYMENT_METHOD', 'This order is not paid by card.');
    const method = order.paymentMethod as CardProvider;
    const { amountCents, currency } = cardPaymentOf(order);

    if (method === 'Card_Stripe' && stripe) {
      const intentFor = (o: OrderRow, existingId: string | null) => stripe.gateway.ensurePaymentIntent({ orderId: o.id, ...cardPaymentOf(o), idempotencyKey: orderIdempotencyKey(o), existingId });
      // Refuses 404/409 as the order's rules say; makes the intent only when the order has none.
      const started = await beginCardPayment(ctx, user.id, orderId, 'Card_Stripe', async (o) => ({ providerPaymentId: (await intentFor(o, null)).id }));
      const intent = await intentFor(started, started.providerPaymentId);
      // An intent made for a payment has its client secret (Stripe's type also allows none).
      return { mode: 'live' as const, provider: method, clientSecret: intent.clientSecret as string, publishableKey: stripe.config.publishableKey, amount: amountCents, currency };
    }

    const open = (order.orderStatus === 'Initiated' || order.orderStatus === 'InProcess') && (order.dueAt === null || order.dueAt > ctx.clock.now());
    if (!open) throw notPayable(order.orderStatus === 'Initiated' || order.orderStatus === 'InProcess' ? { ...order, orderStatus: 'Expired' } : order);
    if (method === 'Card_Square' && square) {
      return { mode: 'live' as const, provider: method, ...squareBrowserSetup(square), amount: amountCents, currency };
    }
    return { mode: 'test' as const, provider: method, clientSecret: null, publishableKey: null, amount: amountCents, currency };
  });
}
