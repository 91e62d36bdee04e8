import type { CardPaymentSetup } from '@landunits/domain';
import type { SquareConfig, StripeConfig } from '../../../config';

/**
 * What the buyer's browser needs to take a card payment (docs/api/payments.md §Card payments):
 * per provider, whether its own form is live (keys set) or the built-in TEST MODE form stands in
 * (PRODUCT-DECISIONS §7), and the public keys of the live ones. Secrets never leave the server.
 */

/** Square's Web Payments SDK, from the environment its keys belong to. */
export const SQUARE_SDK_URLS = {
  sandbox: 'https://sandbox.web.squarecdn.com/v1/square.js',
  production: 'https://web.squarecdn.com/v1/square.js',
} as const;

/** The public part of the Square setup the card page loads its form with. */
export function squareBrowserSetup(square: SquareConfig): { applicationId: string; locationId: string; sdkUrl: string } {
  return { applicationId: square.applicationId, locationId: square.locationId, sdkUrl: SQUARE_SDK_URLS[square.environment] };
}

/** The providers that are live (keys and gateway), each with its keys; null: its TEST MODE form. */
export interface LiveProviders {
  stripe: StripeConfig | null;
  square: SquareConfig | null;
}

/**
 * GET /order/card_setup's answer: Stripe is preferred when live, then Square, and Stripe's test
 * form when neither is. Offered to buyers (the buy form, /fees) only when it takes payments: live,
 * or in test mode where the development tools serve its form (`testFormServed`).
 */
export function cardPaymentSetup({ stripe, square }: LiveProviders, testFormServed: boolean): CardPaymentSetup {
  const preferred = stripe ? 'Card_Stripe' : square ? 'Card_Square' : 'Card_Stripe';
  return {
    preferred,
    offered: stripe || square || testFormServed ? preferred : null,
    modes: { Card_Stripe: stripe ? 'live' : 'test', Card_Square: square ? 'live' : 'test' },
    stripePublishableKey: stripe?.publishableKey ?? null,
    square: square ? squareBrowserSetup(square) : null,
  };
}
