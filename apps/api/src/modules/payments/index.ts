import type { CardProvider } from '@landunits/domain';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import { AppError } from '../../platform/http/app-error';
import type { OrderRow } from '../orders';
import { cryptoQuoteRoute } from './crypto';
import { createSquareGateway, squareRoutes, type SquareGateway } from './square';
import { createStripeGateway, stripeRoutes, type StripeGateway } from './stripe';
import { testCardRoutes } from './test-card';

export { applyProviderEvent } from './apply-provider-event';
export { adminRateSource, providerRateSource, quoteMaker, type CoinRateSource } from './crypto';

/**
 * Card payments (PRODUCT-DECISIONS §7): each provider is an adapter switched on by its keys
 * (config.ts); a provider without keys runs in test mode with the built-in form. Every provider's
 * word ends in `applyProviderEvent` (card-payments.ts: one effect per event, the amount checked
 * against the order's), which moves the order through the orders module's card-buy steps.
 */

export interface CardGateways {
  stripe: StripeGateway | null;
  square: SquareGateway | null;
  /** Providers without keys: their card page shows the TEST MODE form. */
  testMode: ReadonlySet<CardProvider>;
  /**
   * Stops a started card payment at its provider (cancel_order on an InProcess card buy). A payment
   * the provider has already taken is not cancelled: 409, and its webhook completes the order.
   */
  cancelAtProvider(order: OrderRow): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    cardGateways: CardGateways;
  }
}

export const ALREADY_PAID_MESSAGE = 'This payment has already gone through, so it cannot be cancelled. Your Units will show as owned shortly.';

export function createCardGateways(config: Config): CardGateways {
  const stripe = config.stripe ? createStripeGateway(config.stripe) : null;
  const square = config.square ? createSquareGateway(config.square) : null;
  const testMode = new Set<CardProvider>([...(stripe ? [] : ['Card_Stripe' as const]), ...(square ? [] : ['Card_Square' as const])]);
  return {
    stripe,
    square,
    testMode,
    async cancelAtProvider(order) {
      const id = order.providerPaymentId;
      // Test-mode payments have nothing to stop outside this database.
      if (!id || id.startsWith('test_')) return;
      if (order.paymentMethod === 'Card_Stripe' && stripe) {
        if ((await stripe.retrievePaymentIntent(id)).status === 'succeeded') throw new AppError('ALREADY_PAID', ALREADY_PAID_MESSAGE);
        await stripe.cancelPaymentIntent(id);
      }
      if (order.paymentMethod === 'Card_Square' && square) {
        if ((await square.cancelPayment(id)).status === 'COMPLETED') throw new AppError('ALREADY_PAID', ALREADY_PAID_MESSAGE);
      }
    },
  };
}

/** The card routes: each provider's (payment start, webhook) and the test-mode form's. */
export async function paymentRoutes(app: FastifyInstance): Promise<void> {
  await app.register(stripeRoutes, { gateway: app.cardGateways.stripe });
  await app.register(squareRoutes, { gateway: app.cardGateways.square });
  await app.register(cryptoQuoteRoute);
  // The TEST MODE form's payments exist only with the development tools (config.devTools).
  if (app.config.devTools) await app.register(testCardRoutes, { testMode: app.cardGateways.testMode });
}
