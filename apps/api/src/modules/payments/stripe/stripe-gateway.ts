import Stripe from 'stripe';
import type { StripeConfig } from '../../../config';
import { AppError } from '../../../platform/http/app-error';
import type { CardResult } from '../card-payments';

/**
 * The one place that talks to Stripe (PRODUCT-DECISIONS §7), through the official library. The
 * rest of the product sees Stripe's PaymentIntents as a `StripeIntent` and its state as the shared
 * `CardResult`, so the order rules stay the same for every card provider.
 */

/** What the product needs of a Stripe PaymentIntent. */
export interface StripeIntent {
  id: string;
  /** Handed to the buyer's browser for Stripe's card element; null when Stripe gives none. */
  clientSecret: string | null;
  amountCents: number;
  /** Upper case, as the product writes currencies ('GBP'). */
  currency: string;
  /** Stripe's status: requires_payment_method, processing, succeeded, canceled, … */
  status: string;
  /** The order the intent was made for (its metadata), null on an intent the product did not make. */
  orderId: string | null;
  /** Why the last attempt failed (a declined card), null when none did. */
  lastPaymentError: string | null;
  /** Which attempt that was (its charge, else its card), so one decline told twice is counted once. */
  lastPaymentAttempt?: string | null;
}

export interface EnsurePaymentIntentInput {
  orderId: string;
  amountCents: number;
  /** The order's currency ('GBP'); Stripe is sent it in lower case. */
  currency: string;
  /** The order's idempotency key: a retried start makes one intent at Stripe. */
  idempotencyKey: string;
  /** The intent already made for the order, if any: it is fetched instead of making another. */
  existingId: string | null;
}

/** The Stripe calls card payments make; one instance per app (createStripeGateway). */
export interface StripeGateway {
  ensurePaymentIntent(input: EnsurePaymentIntentInput): Promise<StripeIntent>;
  retrievePaymentIntent(id: string): Promise<StripeIntent>;
  /**
   * Stops an intent so no later attempt can take money for an order that has ended. An intent
   * that already succeeded or was already cancelled returns quietly (the order's own rules deal
   * with a payment on an ended order: it is flagged for an admin). Any other failure — Stripe out
   * of reach, an intent in a state that cannot be cancelled — is thrown, so the caller does not
   * believe the payment is stopped: cancel_order then refuses and can be tried again, and a webhook
   * answers 5xx so Stripe delivers it again and the cancel is retried.
   */
  cancelPaymentIntent(id: string): Promise<void>;
}

// The intent is made while its order is locked (beginCardPayment), so a slow Stripe holds that
// lock: at most about two 10 s tries. A retried create carries the same idempotency key.
const TIMEOUT_MS = 10_000;
const NETWORK_RETRIES = 1;

/** Where the library sends its calls: Stripe's own API, or config.apiUrl (a local stand-in in tests). */
function addressOf(apiUrl: string | null): { host: string; port: number; protocol: 'http' | 'https' } | Record<string, never> {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443, protocol };
}

const chargeIdOf = (charge: unknown): string | null =>
  typeof charge === 'string' ? charge : charge && typeof charge === 'object' && 'id' in charge && typeof charge.id === 'string' ? charge.id : null;

/** Stripe's intent as the product sees it. */
export function toStripeIntent(intent: Stripe.PaymentIntent): StripeIntent {
  const error = intent.last_payment_error;
  return {
    id: intent.id,
    clientSecret: intent.client_secret ?? null,
    amountCents: intent.amount,
    currency: intent.currency.toUpperCase(),
    status: intent.status,
    orderId: intent.metadata?.orderId ?? null,
    lastPaymentError: error ? (error.message ?? error.decline_code ?? error.code ?? 'The card payment failed.') : null,
    lastPaymentAttempt: error ? (chargeIdOf(error.charge) ?? error.payment_method?.id ?? null) : null,
  };
}

/**
 * What Stripe says of the payment now, in the shared shape applyProviderEvent takes. Taken from
 * the intent as retrieved (not from a webhook's copy), so late or reordered events end right.
 */
export function toCardResult(intent: StripeIntent): CardResult {
  const providerPaymentId = intent.id;
  if (intent.status === 'succeeded') return { kind: 'succeeded', amountCents: intent.amountCents, currency: intent.currency, providerPaymentId };
  // A cancelled intent takes no other card: its order fails. A declined card leaves the intent
  // waiting for the next one, and the order open (decision 0067).
  if (intent.status === 'canceled') return { kind: 'failed', reason: intent.lastPaymentError ?? 'The card payment was cancelled.', providerPaymentId, endsOrder: true };
  if (intent.status === 'requires_payment_method' && intent.lastPaymentError) {
    return { kind: 'failed', reason: intent.lastPaymentError, providerPaymentId, ...(intent.lastPaymentAttempt ? { attempt: intent.lastPaymentAttempt } : {}) };
  }
  return { kind: 'pending', providerPaymentId };
}

/** Stripe out of reach or busy: a 503 the buyer (or Stripe's redelivery) can retry, never a silent success. */
function unavailable(error: unknown): never {
  if (error instanceof Stripe.errors.StripeConnectionError || error instanceof Stripe.errors.StripeAPIError || error instanceof Stripe.errors.StripeRateLimitError) {
    const busy = new AppError('UNAVAILABLE', 'Card payments are not reachable right now. Please try again in a moment.');
    busy.headers = { 'retry-after': '5' };
    busy.cause = error;
    throw busy;
  }
  throw error;
}

/** Builds the gateway over the official library with the app's keys (config.ts). */
export function createStripeGateway(config: StripeConfig): StripeGateway {
  const stripe = new Stripe(config.secretKey, {
    ...addressOf(config.apiUrl),
    maxNetworkRetries: NETWORK_RETRIES,
    timeout: TIMEOUT_MS,
    telemetry: false,
    appInfo: { name: 'Land Units' },
  });

  async function retrieve(id: string): Promise<StripeIntent> {
    return toStripeIntent(await stripe.paymentIntents.retrieve(id).catch(unavailable));
  }

  return {
    async ensurePaymentIntent(input) {
      if (input.existingId) return retrieve(input.existingId);
      const intent = await stripe.paymentIntents
        .create(
          {
            amount: input.amountCents,
            currency: input.currency.toLowerCase(),
            // Cards only (library v23 / API 2026-10: `allowed_payment_method_types`, formerly `payment_method_types`).
            allowed_payment_method_types: ['card'],
            metadata: { orderId: input.orderId },
          },
          { idempotencyKey: input.idempotencyKey },
        )
        .catch(unavailable);
      return toStripeIntent(intent);
    },

    retrievePaymentIntent: retrieve,

    async cancelPaymentIntent(id) {
      try {
        await stripe.paymentIntents.cancel(id);
      } catch (error) {
        // Stripe refuses to cancel an intent that has ended; look at it to tell which end.
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError) || error.code !== 'payment_intent_unexpected_state') unavailable(error);
        const now = await retrieve(id);
        if (now.status === 'canceled' || now.status === 'succeeded') return;
        throw new Error(`Stripe would not cancel payment intent ${id} (status ${now.status})`, { cause: error });
      }
    },
  };
}
