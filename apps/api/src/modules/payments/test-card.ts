import { CARD_MESSAGES, TEST_CARDS, type CardProvider } from '@landunits/domain';
import type { FastifyInstance } from 'fastify';
import { PAYMENT_CONTRACTS as C } from '@landunits/domain/contracts';
import type { DbContext } from '../../platform/context';
import { AppError } from '../../platform/http/app-error';
import { route } from '../auth';
import { getOrderDetails, isCardBuy, lockOwnOrder, type OrderRow, type Viewer } from '../orders';
import { applyProviderEvent } from './apply-provider-event';
import { beginCardPayment } from './begin-card-payment';

/**
 * Test mode (PRODUCT-DECISIONS §7): a card provider without keys is stood in for by a built-in
 * form, clearly marked TEST MODE. Its payments go through the same steps as a real provider's —
 * beginCardPayment (Initiated → InProcess) and applyProviderEvent (Completed, or a decline that
 * leaves the order open for another card until the last one fails it) — so the order's life is the
 * same; only the card check is ours: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined.
 */

/** Whether an MM/YY expiry is this month or later. */
function expiryInFuture(expiry: string, now: Date): boolean {
  const [month, year] = expiry.split('/').map(Number) as [number, number];
  return Date.UTC(2000 + year, month, 1) > now.getTime();
}

/** Which card providers run in test mode (no keys set). */
export type TestModeProviders = ReadonlySet<CardProvider>;

export async function testCardRoutes(app: FastifyInstance, options: { testMode: TestModeProviders }): Promise<void> {
  const ctx: DbContext = app.ctx;

  // The Idempotency-Key is required as on every money-moving POST (the contract's, read before the
  // body); a retry is answered from the order itself (below), so the key is not stored. It names the
  // card's attempt: the same submission again is the same decline, never a second one (decision 0067).
  route(app, C.testCardPayment, async ({ user, body: input, reply, submission }) => {
    if (!expiryInFuture(input.expiry, ctx.clock.now())) throw new AppError('VALIDATION_FAILED', CARD_MESSAGES.expiry, { expiry: CARD_MESSAGES.expiry });
    const outcome = input.cardNumber === TEST_CARDS.succeeds ? 'succeeded' : input.cardNumber === TEST_CARDS.declined ? 'failed' : null;
    if (!outcome) throw new AppError('VALIDATION_FAILED', CARD_MESSAGES.unknownTestCard, { cardNumber: CARD_MESSAGES.unknownTestCard });

    const order = await ownCardOrder(ctx, user.id, input.orderId);
    const method = order.paymentMethod as CardProvider;
    if (!options.testMode.has(method)) throw new AppError('NOT_FOUND', CARD_MESSAGES.notInTestMode);

    // A retried Pay after the test payment has ended answers with the order as it is: nothing is charged twice.
    const ended = order.providerPaymentId?.startsWith('test_') && (order.orderStatus === 'Completed' || order.orderStatus === 'Failed');
    let declined = false;
    if (!ended) {
      const started = await beginCardPayment(ctx, user.id, input.orderId, method, async (o) => ({ providerPaymentId: `test_${o.id}` }));
      const providerPaymentId = started.providerPaymentId ?? `test_${started.id}`;
      const applied = await applyProviderEvent(
        ctx,
        null,
        { orderId: started.id },
        outcome === 'succeeded'
          ? { kind: 'succeeded', amountCents: started.amountCents ?? 0, currency: (started.paymentDetails as { currency: string }).currency, providerPaymentId }
          : { kind: 'failed', reason: 'Test card declined', providerPaymentId, attempt: submission().key },
      );
      declined = applied === 'declined';
    }
    const viewer: Viewer = user;
    const { orderData } = await getOrderDetails(ctx.db, viewer, input.orderId);
    if (declined || orderData.orderStatus === 'Failed')
      return reply.status(402).send({ message: CARD_MESSAGES.declined, code: 'PAYMENT_DECLINED', errors: { cardNumber: CARD_MESSAGES.declined }, orderData });
    return reply.status(200).send({ orderSuccessData: orderData });
  });
}

async function ownCardOrder(ctx: DbContext, userId: string, orderId: string): Promise<OrderRow> {
  const order = await ctx.db.transaction((tx) => lockOwnOrder(tx, orderId, userId));
  if (!isCardBuy(order)) throw new AppError('WRONG_PAYMENT_METHOD', 'This order is not paid by card.');
  return order;
}
