import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../platform/clock';
import type { TestContext } from '../../../test/app';
import { createOrder, getJson, signUp, type TestUser } from '../../orders/test/fixtures';
import { buyBody, created, expectReconciled, historyOf, statusOf } from '../../orders/test/lifecycle';
import { FakeStripe } from '../test/fake-stripe';
import { SQUARE_SDK_URLS } from './card-setup';
import { createStripeTestApp, deliverSigned, intentEvent, paymentIntentUrl, PUBLISHABLE_KEY, startPayment, stripeBuy, stripeEnv } from './test/harness';

const clock = new ManualClock(new Date('2026-01-15T10:00:00Z'));
const SQUARE_ENV = {
  SQUARE_ACCESS_TOKEN: 'EAAAsandboxAccessToken0123',
  SQUARE_APPLICATION_ID: 'sandbox-sq0idb-landunits',
  SQUARE_LOCATION_ID: 'L0CATI0N1',
  SQUARE_WEBHOOK_SIGNATURE_KEY: 'squareSignatureKey0123',
  SQUARE_ENVIRONMENT: 'sandbox',
  // Nothing is called at Square by these tests.
  SQUARE_API_URL: 'http://127.0.0.1:9',
};
const NO_JOBS = { JOBS_DUE_ORDERS_INTERVAL_MS: '9999999' };

describe('with Stripe’s keys', () => {
  let fake: FakeStripe;
  let ctx: TestContext;
  let ada: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    fake = await FakeStripe.start();
    ctx = await createStripeTestApp(stripeEnv(fake), clock);
    ada = await signUp(ctx.app, 'ada.payment-intent@example.com');
    bob = await signUp(ctx.app, 'bob.payment-intent@example.com');
  });
  afterAll(async () => {
    await ctx?.close();
    await fake?.close();
  });
  afterEach(async () => {
    await expectReconciled(ctx.database.db, clock.now());
  });
  const db = () => ctx.database.db;

  it('makes the order’s PaymentIntent once, with its amount, currency, id and idempotency key, and moves it to InProcess', async () => {
    const order = await stripeBuy(ctx.app, ada, 100);
    const createsBefore = fake.creates().length;
    const res = await getJson(ctx.app, ada.session, paymentIntentUrl(order.orderId));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body).toEqual({
      mode: 'live',
      provider: 'Card_Stripe',
      clientSecret: expect.stringMatching(/^pi_\w+_secret_\w+$/),
      publishableKey: PUBLISHABLE_KEY,
      amount: order.paymentAmount,
      currency: 'GBP',
    });

    const creates = fake.creates().slice(createsBefore);
    expect(creates).toHaveLength(1);
    // The order's key, made unique across people with the order id (Stripe's keys are account-wide).
    expect(creates[0]?.idempotencyKey).toBe(`${order.orderId}:${order.key}`);
    expect(creates[0]?.params).toMatchObject({
      amount: String(order.paymentAmount),
      currency: 'gbp',
      'metadata[orderId]': order.orderId,
      'allowed_payment_method_types[0]': 'card',
    });
    expect(await statusOf(db(), order.orderId)).toBe('InProcess');

    // Again, and from three tabs at once: the same intent, no second create, one InProcess step.
    const again = await Promise.all([1, 2, 3].map(() => getJson(ctx.app, ada.session, paymentIntentUrl(order.orderId))));
    for (const a of again) expect(a.json(), a.body).toEqual(body);
    expect(fake.creates().slice(createsBefore)).toHaveLength(1);
    expect((await historyOf(db(), order.orderId)).map((h) => h.to_status)).toEqual(['Initiated', 'InProcess']);
  });

  it('three first calls at once still make one intent', async () => {
    const order = await stripeBuy(ctx.app, ada, 9);
    const createsBefore = fake.creates().length;
    const answers = await Promise.all([1, 2, 3].map(() => getJson(ctx.app, ada.session, paymentIntentUrl(order.orderId))));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((a) => a.json().clientSecret)).size).toBe(1);
    expect(
      new Set(
        fake
          .creates()
          .slice(createsBefore)
          .map((r) => r.idempotencyKey),
      ),
    ).toEqual(new Set([`${order.orderId}:${order.key}`]));
    expect(Object.keys(Object.fromEntries([...fake.intents].filter(([, i]) => i.metadata.orderId === order.orderId)))).toHaveLength(1);
  });

  it('answers 404 for someone else’s order or an unknown one, 401 signed out, 409 for a bank buy or an ended card buy', async () => {
    const order = await stripeBuy(ctx.app, ada, 4);
    const requestsBefore = fake.requests.length;
    expect((await getJson(ctx.app, bob.session, paymentIntentUrl(order.orderId))).statusCode).toBe(404);
    expect((await getJson(ctx.app, ada.session, paymentIntentUrl('01JDXXXXXXXXXXXXXXXXXXXXXX'))).statusCode).toBe(404);
    expect((await getJson(ctx.app, undefined, paymentIntentUrl(order.orderId))).statusCode).toBe(401);
    const bank = created(await createOrder(ctx.app, ada.session, buyBody(4)));
    const refused = await getJson(ctx.app, ada.session, paymentIntentUrl(bank.orderId));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'WRONG_PAYMENT_METHOD' });
    expect(fake.requests.length).toBe(requestsBefore);
    expect(await statusOf(db(), order.orderId)).toBe('Initiated');

    // Once the payment has ended there is nothing to start.
    const { intentId } = await startPayment(ctx.app, ada, order.orderId);
    await deliverSigned(ctx.app, intentEvent('payment_intent.succeeded', fake.succeed(intentId)), clock);
    expect(await statusOf(db(), order.orderId)).toBe('Completed');
    expect((await getJson(ctx.app, ada.session, paymentIntentUrl(order.orderId))).statusCode).toBe(409);
  });

  it('card_setup: Stripe preferred and live, Square in test mode', async () => {
    const res = await getJson(ctx.app, ada.session, '/api/order/card_setup');
    expect(res.statusCode).toBe(200);
    const setup = { preferred: 'Card_Stripe', offered: 'Card_Stripe', modes: { Card_Stripe: 'live', Card_Square: 'test' }, stripePublishableKey: PUBLISHABLE_KEY, square: null };
    expect(res.json()).toEqual(setup);
    // Public, as /fees says which card is offered to visitors: the same answer signed out.
    const visitor = await getJson(ctx.app, undefined, '/api/order/card_setup');
    expect(visitor.statusCode).toBe(200);
    expect(visitor.json()).toEqual(setup);
  });

  it('a Card_Square buy without Square’s keys answers test mode', async () => {
    const order = created(await createOrder(ctx.app, ada.session, buyBody(3, undefined, 'Card_Square')));
    const res = await getJson(ctx.app, ada.session, paymentIntentUrl(order.orderId));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      mode: 'test',
      provider: 'Card_Square',
      clientSecret: null,
      publishableKey: null,
      amount: (order.paymentDetails as { paymentAmount: number }).paymentAmount,
      currency: 'GBP',
    });
    expect(await statusOf(db(), order.orderId)).toBe('Initiated');
  });
});

describe('without any card keys (test mode)', () => {
  let ctx: TestContext;
  let cy: TestUser;
  beforeAll(async () => {
    ctx = await createStripeTestApp(NO_JOBS, clock);
    cy = await signUp(ctx.app, 'cy.payment-intent@example.com');
  });
  afterAll(() => ctx?.close());

  it('get_payment_intent answers test mode, calling nothing and moving nothing', async () => {
    const order = created(await createOrder(ctx.app, cy.session, buyBody(10, undefined, 'Card_Stripe')));
    const res = await getJson(ctx.app, cy.session, paymentIntentUrl(order.orderId));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      mode: 'test',
      provider: 'Card_Stripe',
      clientSecret: null,
      publishableKey: null,
      amount: (order.paymentDetails as { paymentAmount: number }).paymentAmount,
      currency: 'GBP',
    });
    expect(await statusOf(ctx.database.db, order.orderId)).toBe('Initiated');
    expect(await ctx.app.inject({ method: 'POST', url: '/api/webhooks/stripe', payload: '{}', headers: { 'content-type': 'application/json' } }).then((r) => r.statusCode)).toBe(404);
  });

  it('card_setup: Stripe’s test form, offered because the development tools serve it', async () => {
    expect(ctx.app.config.devTools).toBe(true);
    const res = await getJson(ctx.app, cy.session, '/api/order/card_setup');
    expect(res.json()).toEqual({ preferred: 'Card_Stripe', offered: 'Card_Stripe', modes: { Card_Stripe: 'test', Card_Square: 'test' }, stripePublishableKey: null, square: null });
  });

  it('card_setup without card keys or development tools: no card offered (the server refuses card buys too)', async () => {
    const bare = await createStripeTestApp({ ...NO_JOBS, DEV_TOOLS: 'off' }, clock);
    try {
      const res = await getJson(bare.app, undefined, '/api/order/card_setup');
      expect(res.json()).toMatchObject({ preferred: 'Card_Stripe', offered: null, modes: { Card_Stripe: 'test', Card_Square: 'test' } });
    } finally {
      await bare.close();
    }
  });
});

describe('with Square’s keys only', () => {
  let ctx: TestContext;
  let dee: TestUser;
  beforeAll(async () => {
    ctx = await createStripeTestApp({ ...NO_JOBS, ...SQUARE_ENV }, clock);
    dee = await signUp(ctx.app, 'dee.payment-intent@example.com');
  });
  afterAll(() => ctx?.close());
  const square = { applicationId: SQUARE_ENV.SQUARE_APPLICATION_ID, locationId: SQUARE_ENV.SQUARE_LOCATION_ID, sdkUrl: SQUARE_SDK_URLS.sandbox };

  it('card_setup: Square preferred and live, Stripe in test mode', async () => {
    const res = await getJson(ctx.app, dee.session, '/api/order/card_setup');
    expect(res.json()).toEqual({ preferred: 'Card_Square', offered: 'Card_Square', modes: { Card_Stripe: 'test', Card_Square: 'live' }, stripePublishableKey: null, square });
  });

  it('get_payment_intent of a Card_Square buy answers Square’s form setup; the payment starts at Pay', async () => {
    const order = created(await createOrder(ctx.app, dee.session, buyBody(10, undefined, 'Card_Square')));
    const res = await getJson(ctx.app, dee.session, paymentIntentUrl(order.orderId));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ mode: 'live', provider: 'Card_Square', ...square, amount: (order.paymentDetails as { paymentAmount: number }).paymentAmount, currency: 'GBP' });
    expect(await statusOf(ctx.database.db, order.orderId)).toBe('Initiated');
  });
});
