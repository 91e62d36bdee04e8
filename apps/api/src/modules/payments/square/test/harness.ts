import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { ManualClock, type Clock } from '../../../../platform/clock';
import { queryRows, type Db } from '../../../../platform/db/client';
import { createTestApp, type TestContext } from '../../../../test/app';
import { createOrder, newKey, signUp, type TestUser } from '../../../orders/test/fixtures';
import { buyBody, created, postJson } from '../../../orders/test/lifecycle';
import { signSquareNotification, squarePaymentEvent, startFakeSquare, type FakeSquare } from '../../test/fake-square';
import { PAY_CARD_SQUARE_PATH } from '../pay-card-square';
import { SQUARE_WEBHOOK_PATH } from '../square-webhook';

/**
 * The Square tests' setup: the real app on a fresh database with Square's keys, the official
 * library pointed at the local stand-in (FakeSquare), and notifications signed as Square signs them.
 */

export const ACCESS_TOKEN = 'EAAAtest-landunits-square-token';
export const SIGNATURE_KEY = 'landunits-square-signature-key';
/** What Square signs with the body: PUBLIC_URL (http://localhost:3000 in tests) + the webhook path. */
export const NOTIFICATION_URL = `http://localhost:3000${SQUARE_WEBHOOK_PATH}`;

export const squareEnv = (fake: FakeSquare): Record<string, string> => ({
  SQUARE_ACCESS_TOKEN: ACCESS_TOKEN,
  SQUARE_APPLICATION_ID: 'sandbox-sq0idb-landunits',
  SQUARE_LOCATION_ID: 'LLANDUNITS01',
  SQUARE_WEBHOOK_SIGNATURE_KEY: SIGNATURE_KEY,
  SQUARE_API_URL: fake.url,
  // The periodic job must not run due orders behind the tests' backs.
  JOBS_DUE_ORDERS_INTERVAL_MS: '9999999',
});

export interface SquareTest {
  t: TestContext;
  app: FastifyInstance;
  db: Db;
  fake: FakeSquare;
  clock: ManualClock;
  close(): Promise<void>;
}

/** The app with Square live (the payments module registers squareRoutes from these keys) and its stand-in. */
export async function startSquareTest(env: Record<string, string> = {}, clock = new ManualClock(new Date())): Promise<SquareTest> {
  const fake = await startFakeSquare({ accessToken: ACCESS_TOKEN });
  const t = await createSquareTestApp({ ...squareEnv(fake), ...env }, clock);
  return { t, app: t.app, db: t.database.db, fake, clock, close: async () => Promise.all([t.close(), fake.close()]).then(() => undefined) };
}

export async function createSquareTestApp(env: Record<string, string>, clock: Clock): Promise<TestContext> {
  return createTestApp(env, undefined, clock);
}

// ── Orders and Pay ──────────────────────────────────────────────────────────────────────────

export interface SquareOrder {
  orderId: string;
  /** The create_order submission's key. */
  key: string;
  paymentAmount: number;
  units: number;
}

/** A Card_Square buy, Initiated. */
export async function squareBuy(app: FastifyInstance, user: TestUser, units = 100): Promise<SquareOrder> {
  const key = newKey();
  const view = created(await createOrder(app, user.session, buyBody(units, undefined, 'Card_Square'), key)) as { orderId: string; paymentDetails: { paymentAmount: number } };
  return { orderId: view.orderId, key, paymentAmount: view.paymentDetails.paymentAmount, units };
}

/** POST pay_card_square as `session` with a fresh Idempotency-Key unless one is given (null: none). */
export const payCardSquare = (app: FastifyInstance, session: string | undefined, body: unknown, key: string | null = newKey()) => postJson(app, session, PAY_CARD_SQUARE_PATH, body, key);

/** A Card_Square buy paid with the fake in 'approved' mode: InProcess, its payment APPROVED at Square (the webhook tells the end). */
export async function squareBuyApproved(s: SquareTest, user: TestUser, units = 100): Promise<SquareOrder & { paymentId: string }> {
  const order = await squareBuy(s.app, user, units);
  s.fake.mode = 'approved';
  const res = await payCardSquare(s.app, user.session, { orderId: order.orderId, sourceId: 'cnon:card-nonce-ok' });
  s.fake.mode = 'completed';
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().orderSuccessData.orderStatus).toBe('InProcess');
  const paymentId = s.fake.paymentIds().at(-1) as string;
  return { ...order, paymentId };
}

export const newUser = (app: FastifyInstance, name: string) => signUp(app, `${name}-${newKey()}@example.com`);

// ── Notifications ───────────────────────────────────────────────────────────────────────────

export interface Delivery {
  body: string;
  /** The x-square-hmacsha256-signature header; null: none. */
  signature: string | null;
}

/** A notification about a payment as Square would send it now: the payment's current copy, signed for our URL. */
export function paymentNotification(fake: FakeSquare, type: string, paymentId: string, options: { eventId?: string; createdAt?: Date } = {}): Delivery {
  const body = JSON.stringify(squarePaymentEvent(type, fake.paymentJson(paymentId), options));
  return { body, signature: signSquareNotification(NOTIFICATION_URL, body, SIGNATURE_KEY) };
}

/** POST the webhook as Square would: the raw body and its signature. */
export function deliver(app: FastifyInstance, delivery: Delivery, contentType = 'application/json') {
  const headers: Record<string, string> = { 'content-type': contentType, 'user-agent': 'Square Connect v2' };
  if (delivery.signature !== null) headers['x-square-hmacsha256-signature'] = delivery.signature;
  return app.inject({ method: 'POST', url: SQUARE_WEBHOOK_PATH, headers, payload: delivery.body });
}

/** Delivers and expects 200 {received: true}. */
export async function deliverOk(app: FastifyInstance, delivery: Delivery) {
  const res = await deliver(app, delivery);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toEqual({ received: true });
  return res;
}

// ── The database ────────────────────────────────────────────────────────────────────────────

export async function webhookRows(db: Db) {
  return queryRows<{ provider: string; event_id: string; event_type: string; order_id: string | null; outcome: string }>(
    db,
    sql`select provider, event_id, event_type, order_id, outcome from webhook_events order by received_at, event_id`,
  );
}

export async function orderRow(db: Db, orderId: string) {
  const rows = await queryRows<{ order_status: string; provider_payment_id: string | null; payment_flag: string | null; details: unknown }>(
    db,
    sql`select order_status, provider_payment_id, payment_flag, details from orders where id = ${orderId}`,
  );
  return rows[0];
}
