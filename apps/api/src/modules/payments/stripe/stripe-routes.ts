import { PAYMENT_CONTRACTS as C } from '@landunits/domain/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../auth';
import { cardPaymentSetup } from './card-setup';
import { paymentIntentRoute } from './payment-intent-route';
import type { StripeGateway } from './stripe-gateway';
import { stripeWebhookRoutes } from './stripe-webhook';

/**
 * The Stripe side of card payments, registered by the payments module with the app's gateway
 * (createStripeGateway over config.ts's keys; null without keys), so these routes and
 * cancel_order talk to the same Stripe: the webhook (only when Stripe is live), the card page's
 * payment start (get_payment_intent) and the card setup.
 */
export interface StripeRoutesOptions {
  gateway: StripeGateway | null;
}

export async function stripeRoutes(app: FastifyInstance, { gateway }: StripeRoutesOptions): Promise<void> {
  const config = app.config;
  // Live only with both the keys and the gateway made from them; otherwise the TEST MODE form.
  const stripe = gateway && config.stripe ? { gateway, config: config.stripe } : null;
  const squareLive = config.square !== null && !app.cardGateways.testMode.has('Card_Square');

  if (stripe) await app.register(stripeWebhookRoutes, stripe);
  await app.register(paymentIntentRoute, { stripe, square: squareLive ? config.square : null });

  // Public: it holds only what the card page's own scripts show (publishable keys) and which card
  // is offered, which /fees tells visitors too. The TEST MODE form is served only with the
  // development tools (payments/index.ts), so only then is a card in test mode offered.
  route(app, C.cardSetup, async () => cardPaymentSetup({ stripe: stripe?.config ?? null, square: squareLive ? config.square : null }, config.devTools));
}
