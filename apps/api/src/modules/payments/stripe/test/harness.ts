import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { expect } from 'vitest';
import type { Clock } from '../../../../platform/clock';
import { queryRows, type Db } from '../../../../platform/db/client';
import { createTestApp, type TestContext } from '../../../../test/app';
import { createOrder, getJson, newKey, type TestUser } from '../../../orders/test/fixtures';
import { buyBody, created } from '../../../orders/test/lifecycle';
import type { FakeStripe } from '../../test/fake-stripe';
import { STRIPE_WEBHOOK_PATH } from '../stripe-webhook';

/**
 * The Stripe tests' setup: the real app on a fresh database with Stripe's keys, the real library
 * pointed at the local stand-in (FakeStripe), and deliveries signed as Stripe signs them.
 */

export const WEBHOOK_SECRET = 'whsec_landunitsTestSecret0123456789';
export const PUBLISHABLE_KEY = 'pk_test_landunitsPublishable';

export const stripeEnv = (fake: FakeStripe): Record<string, string> => ({
  STRIPE_SECRET_KEY: 'sk_test_landunitsSecret',
  STRIPE_PUBLISHABLE_KEY: PUBLISHABLE_KEY,
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  STRIPE_API_URL: fake.url,
  // The periodic job must not run due orders behind the tests' backs.
  JOBS_DUE_ORDERS_INTERVAL_MS: '9999999',
});

/** Builds the app as it runs: the payments module registers stripeRoutes with its gateway from these keys. */
export async function createStripeTestApp(env: Record<string, string>, clock: Clock): Promise<TestContext> {
  return createTestApp(env, undefined, clock);
}

// ── Deliveries ──────────────────────────────────────────────────────────────────────────────

/** A Stripe event body about an intent, as Stripe sends it (the intent's copy as of the event). */
export function intentEvent(type: string, intent: object & { id: string }, eventId = `evt_${randomUUID().replace(/-/g, '')}`): string {
  return JSON.stringify({
    id: eventId,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: 1768471200,
    livemode: false,
    pending_webhooks: 1,
    type,
    data: { object: { object: 'payment_intent', ...intent } },
  });
}

/** The Stripe-Signature header of `payload` signed at `at` (seconds) with `secret`. */
export const signatureOf = (payload: string, at: Date, secret = WEBHOOK_SECRET) => Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: Math.floor(at.getTime() / 1000) });

/** POST the webhook as Stripe would: the raw body, its signature (null: none). */
export function deliver(app: FastifyInstance, payload: string | Buffer, signature: string | null, contentType = 'application/json; charset=utf-8') {
  const headers: Record<string, string> = { 'content-type': contentType, 'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)' };
  if (signature !== null) headers['stripe-signature'] = signature;
  return app.inject({ method: 'POST', url: STRIPE_WEBHOOK_PATH, headers, payload });
}

/** Signs with the app's clock and delivers; the answer must be 200 {received: true}. */
export async function deliverSigned(app: FastifyInstance, payload: string, clock: Clock) {
  const res = await deliver(app, payload, signatureOf(payload, clock.now()));
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toEqual({ received: true });
  return res;
}

// ── Orders ──────────────────────────────────────────────────────────────────────────────────

export interface CardOrder {
  orderId: string;
  key: string;
  paymentAmount: number;
  units: number;
}

/** A Card_Stripe buy, Initiated. */
export async function stripeBuy(app: FastifyInstance, user: TestUser, units: number): Promise<CardOrder> {
  const key = newKey();
  const view = created(await createOrder(app, user.session, buyBody(units, undefined, 'Card_Stripe'), key)) as { orderId: string; paymentDetails: { paymentAmount: number } };
  return { orderId: view.orderId, key, paymentAmount: view.paymentDetails.paymentAmount, units };
}

export const paymentIntentUrl = (orderId: string) => `/api/order/get_payment_intent/${encodeURIComponent(orderId)}`;

/** GET get_payment_intent as the owner; 200 expected. Returns the answer and the intent's id. */
export async function startPayment(app: FastifyInstance, user: TestUser, orderId: string) {
  const res = await getJson(app, user.session, paymentIntentUrl(orderId));
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { clientSecret: string };
  return { body: res.json() as Record<string, unknown>, intentId: body.clientSecret.split('_secret_')[0] as string };
}

/** A Card_Stripe buy with its intent made at Stripe (InProcess). */
export async function stripeBuyStarted(app: FastifyInstance, user: TestUser, units: number): Promise<CardOrder & { intentId: string }> {
  const order = await stripeBuy(app, user, units);
  const { intentId } = await startPayment(app, user, order.orderId);
  return { ...order, intentId };
}

// ── The database ────────────────────────────────────────────────────────────────────────────

export async function webhookRows(db: Db) {
  return queryRows<{ provider: string; event_id: string; event_type: string; order_id: string | null; outcome: string }>(
    db,
    sql`select provider, event_id, event_type, order_id, outcome from webhook_events order by received_at, event_id`,
  );
}

export async function paymentFlagOf(db: Db, orderId: string): Promise<string | null> {
  const rows = await queryRows<{ payment_flag: string | null }>(db, sql`select payment_flag from orders where id = ${orderId}`);
  return rows[0]?.payment_flag ?? null;
}
