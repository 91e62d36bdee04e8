import { PAYMENT_CONTRACTS as C } from '@landunits/domain/contracts';
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import type { StripeConfig } from '../../../config';
import { AppError } from '../../../platform/http/app-error';
import { route } from '../../auth';
import { applyProviderEvent, recordedOutcome } from '../apply-provider-event';
import type { CardTarget, ProviderEventOutcome } from '../card-payments';
import { toCardResult, type StripeGateway, type StripeIntent } from './stripe-gateway';
import { verifyStripeEvent } from './stripe-signature';

/**
 * POST /api/webhooks/stripe (docs/api/payments.md §Webhooks). Stripe delivers each event at least
 * once and in no particular order, so: the signature is checked on the raw body first (nothing is
 * written for a bad one); the intent is fetched from Stripe and its state now — not the event's
 * copy — is applied, so a late payment_failed after a success changes nothing; and each event id
 * has its effect once (applyProviderEvent records it in the transaction of its effect).
 */

export const STRIPE_WEBHOOK_PATH = '/api/webhooks/stripe';

/** Stripe's deliveries are a few kB; anything much larger is not from Stripe. */
export const WEBHOOK_BODY_LIMIT = 256 * 1024;

/** The PaymentIntent an event is about: its own object for payment_intent.*, the charge's intent for charge.*. */
function intentIdOf(event: Stripe.Event): string | null {
  const object = event.data?.object as { object?: unknown; id?: unknown; payment_intent?: unknown } | undefined;
  if (!object) return null;
  if (object.object === 'payment_intent' && typeof object.id === 'string') return object.id;
  if (typeof object.payment_intent === 'string') return object.payment_intent;
  return null;
}

/** The intent as Stripe has it now; null when Stripe does not know it (not ours to act on). */
async function currentIntent(gateway: StripeGateway, id: string): Promise<StripeIntent | null> {
  try {
    return await gateway.retrievePaymentIntent(id);
  } catch (error) {
    if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing') return null;
    throw error;
  }
}

export interface StripeWebhookOptions {
  gateway: StripeGateway;
  config: StripeConfig;
}

/**
 * The webhook route, in its own context so its raw-body parsers touch no other route (route() is
 * called on this context). Public: no session is read; the signature is the caller's proof.
 */
export async function stripeWebhookRoutes(app: FastifyInstance, { gateway, config }: StripeWebhookOptions): Promise<void> {
  // The signature covers the exact bytes sent: keep them, whatever the content type says.
  app.removeAllContentTypeParsers();
  const keepRaw = (_request: unknown, body: Buffer, done: (err: null, body: Buffer) => void) => done(null, body);
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, keepRaw);
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, keepRaw);

  // parsedByHandler: the body is the signed raw bytes; nothing but the signature check may read them first.
  route(
    app,
    C.stripeWebhook,
    async ({ request, reply }) => {
      const event = verifyStripeEvent(request.body, request.headers['stripe-signature'], config.webhookSecret, app.ctx.clock.now());
      if (typeof event.id !== 'string' || typeof event.type !== 'string') throw new AppError('VALIDATION_FAILED', 'The webhook event has no id or type.');
      const record = { provider: 'stripe' as const, eventId: event.id, eventType: event.type };

      const intentId = intentIdOf(event);
      // Stripe's state now is the truth; fetched before the transaction so no lock waits on the network.
      const intent = event.type.startsWith('payment_intent.') && intentId ? await currentIntent(gateway, intentId) : null;
      if (!intent) {
        // Of no interest to orders (another kind of event, or an intent Stripe does not know):
        // recorded once as ignored, and acknowledged.
        const target: CardTarget = intentId ? { method: 'Card_Stripe', providerPaymentId: intentId } : { orderId: '' };
        await applyProviderEvent(app.ctx, record, target, null);
        return reply.status(200).send({ received: true });
      }
      const result = toCardResult(intent);
      // The order is found by the intent's id, or by the order id in its metadata when our record of
      // the intent was lost (the intent made at Stripe, our transaction rolled back).
      const target: CardTarget = { method: 'Card_Stripe', providerPaymentId: intent.id, orderId: intent.orderId };
      const outcome: ProviderEventOutcome = await applyProviderEvent(app.ctx, record, target, result);

      // The payment of an order that failed (its last declined card) is stopped at Stripe, so no later
      // attempt on the same intent can take money for a Failed order; a declined card on an order
      // still open leaves the intent to take the next card (decision 0067). Also on a redelivery
      // ('duplicate'): if the cancel failed the first time (Stripe then got a 5xx and delivered
      // again), it is tried again here. Only intents the product made (an order id in their
      // metadata) are ever cancelled.
      const failedOrder = outcome === 'failed' || (outcome === 'duplicate' && (await recordedOutcome(app.ctx.db, 'stripe', event.id)) === 'failed');
      if (result.kind === 'failed' && failedOrder && intent.status !== 'canceled' && intent.orderId !== null) {
        await gateway.cancelPaymentIntent(intent.id);
      }
      request.log.info({ eventId: event.id, eventType: event.type, intentId: intent.id, outcome }, 'stripe webhook');
      return reply.status(200).send({ received: true });
    },
    { bodyLimit: WEBHOOK_BODY_LIMIT, parsedByHandler: ['body'] },
  );
}
