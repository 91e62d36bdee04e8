/** Stripe card payments (PRODUCT-DECISIONS §7): the gateway on the official library and its routes. */
export { createStripeGateway, toCardResult, toStripeIntent, type EnsurePaymentIntentInput, type StripeGateway, type StripeIntent } from './stripe-gateway';
export { stripeRoutes, type StripeRoutesOptions } from './stripe-routes';
export { STRIPE_WEBHOOK_PATH } from './stripe-webhook';
export { cardPaymentSetup, SQUARE_SDK_URLS } from './card-setup';
