import Stripe from 'stripe';
import { AppError } from '../../../platform/http/app-error';

/**
 * Stripe's webhook signature (QUALITY.md §Webhooks): `Stripe-Signature: t=…,v1=…` is an HMAC of
 * `t.body` with the endpoint's secret. Checked on the raw bytes before anything is parsed or
 * written; the timestamp must be within 300 s of our clock either way, so a captured delivery
 * cannot be replayed later, nor one signed ahead of time be kept for later.
 */

/** Seconds a delivery's timestamp may be from our clock, in either direction. */
export const SIGNATURE_TOLERANCE_S = 300;

/** One answer for every refused delivery: it tells a prober nothing about which check failed. */
export const BAD_SIGNATURE_MESSAGE = 'The webhook signature is missing or not valid.';

const refused = () => new AppError('VALIDATION_FAILED', BAD_SIGNATURE_MESSAGE);

/** The header's timestamp, read as the library reads it (the last `t=`); null when there is none. */
function signedAt(header: string): number | null {
  let timestamp: number | null = null;
  for (const item of header.split(',')) {
    const [key, value] = item.split('=');
    if (key === 't') timestamp = Number.parseInt(value ?? '', 10);
  }
  return timestamp !== null && Number.isFinite(timestamp) ? timestamp : null;
}

/**
 * The event of a delivery whose signature is good and whose timestamp is within the tolerance of
 * `now`; otherwise a 400. The library checks the HMAC and the age (measured from `now`, so tests
 * with a controlled clock work); it does not refuse timestamps from the future, so that is checked
 * here.
 */
export function verifyStripeEvent(rawBody: unknown, header: string | string[] | undefined, secret: string, now: Date): Stripe.Event {
  if (!Buffer.isBuffer(rawBody) || rawBody.length === 0 || typeof header !== 'string' || header === '') throw refused();
  const timestamp = signedAt(header);
  if (timestamp === null || timestamp - Math.floor(now.getTime() / 1000) > SIGNATURE_TOLERANCE_S) throw refused();
  try {
    return Stripe.webhooks.constructEvent(rawBody, header, secret, SIGNATURE_TOLERANCE_S, undefined, now.getTime());
  } catch {
    // A bad or stale signature, or a signed body that is not JSON: refused the same way.
    throw refused();
  }
}
