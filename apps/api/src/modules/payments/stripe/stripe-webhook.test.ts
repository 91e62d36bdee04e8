import { MAX_CARD_DECLINES } from '@landunits/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../platform/clock';
import type { TestContext } from '../../../test/app';
import { getJson, signUp, type TestUser } from '../../orders/test/fixtures';
import { bucketsOf, expectReconciled, historyOf, makeAdmin, statusOf, type TestAdmin } from '../../orders/test/lifecycle';
import { ALREADY_PAID_MESSAGE } from '../index';
import { FakeStripe } from '../test/fake-stripe';
import { createStripeTestApp, deliver, deliverSigned, intentEvent, paymentFlagOf, signatureOf, stripeBuy, stripeBuyStarted, stripeEnv, webhookRows } from './test/harness';

const clock = new ManualClock(new Date('2026-01-15T10:00:00Z'));
let fake: FakeStripe;
let ctx: TestContext;
let admin: TestAdmin;
const people: Record<string, TestUser> = {};

beforeAll(async () => {
  fake = await FakeStripe.start();
  ctx = await createStripeTestApp(stripeEnv(fake), clock);
  for (const name of ['ada', 'bob', 'cy', 'dee', 'eli', 'fay', 'gus', 'dan', 'ida']) people[name] = await signUp(ctx.app, `${name}.stripe-webhook@example.com`);
  admin = await makeAdmin(ctx.app, ctx.database.db, 'admin.stripe-webhook@example.com');
});
afterAll(async () => {
  await ctx?.close();
  await fake?.close();
});
afterEach(async () => {
  await expectReconciled(ctx.database.db, clock.now());
});

const db = () => ctx.database.db;
const who = (name: string) => people[name] as TestUser;
const completedRows = async (orderId: string) => (await historyOf(db(), orderId)).filter((h) => h.to_status === 'Completed');

describe('Stripe webhook: each event once, Stripe’s state wins', () => {
  it('one event delivered ten times in a row: one Completed, the Units moved once', async () => {
    const ada = who('ada');
    const order = await stripeBuyStarted(ctx.app, ada, 20);
    expect(await bucketsOf(db(), ada.id)).toMatchObject({ owned: 0, pendingBuy: 20 });
    fake.succeed(order.intentId);
    const payload = intentEvent('payment_intent.succeeded', fake.intent(order.intentId));
    for (let i = 0; i < 10; i++) await deliverSigned(ctx.app, payload, clock);

    expect(await statusOf(db(), order.orderId)).toBe('Completed');
    expect(await completedRows(order.orderId)).toHaveLength(1);
    expect(await bucketsOf(db(), ada.id)).toMatchObject({ owned: 20, pendingBuy: 0 });
    const rows = (await webhookRows(db())).filter((r) => r.order_id === order.orderId);
    expect(rows).toEqual([{ provider: 'stripe', event_id: JSON.parse(payload).id, event_type: 'payment_intent.succeeded', order_id: order.orderId, outcome: 'completed' }]);
  });

  it('one event delivered ten times at once: one Completed, the Units moved once', async () => {
    const bob = who('bob');
    const order = await stripeBuyStarted(ctx.app, bob, 30);
    fake.succeed(order.intentId);
    const payload = intentEvent('payment_intent.succeeded', fake.intent(order.intentId));
    const header = signatureOf(payload, clock.now());
    const answers = await Promise.all(Array.from({ length: 10 }, () => deliver(ctx.app, payload, header)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));

    expect(await statusOf(db(), order.orderId)).toBe('Completed');
    expect(await completedRows(order.orderId)).toHaveLength(1);
    expect(await bucketsOf(db(), bob.id)).toMatchObject({ owned: 30, pendingBuy: 0 });
    expect((await webhookRows(db())).filter((r) => r.order_id === order.orderId)).toHaveLength(1);
  });

  it('a payment_failed event arriving after the success leaves the order Completed', async () => {
    const cy = who('cy');
    const order = await stripeBuyStarted(ctx.app, cy, 5);
    // At Stripe: a first card declined, then a second card charged.
    const declined = intentEvent('payment_intent.payment_failed', fake.decline(order.intentId));
    const succeeded = intentEvent('payment_intent.succeeded', fake.succeed(order.intentId));
    await deliverSigned(ctx.app, succeeded, clock);
    await deliverSigned(ctx.app, declined, clock);

    expect(await statusOf(db(), order.orderId)).toBe('Completed');
    expect(await bucketsOf(db(), cy.id)).toMatchObject({ owned: 5, pendingBuy: 0 });
    const outcomes = Object.fromEntries((await webhookRows(db())).filter((r) => r.order_id === order.orderId).map((r) => [r.event_type, r.outcome]));
    expect(outcomes).toEqual({ 'payment_intent.succeeded': 'completed', 'payment_intent.payment_failed': 'ignored' });
    // A charged intent is never cancelled.
    expect(fake.cancels(order.intentId)).toEqual([]);
  });

  it('a payment_failed event arriving first while Stripe says succeeded completes the order', async () => {
    const dee = who('dee');
    const order = await stripeBuyStarted(ctx.app, dee, 6);
    const declined = intentEvent('payment_intent.payment_failed', fake.decline(order.intentId));
    fake.succeed(order.intentId);
    await deliverSigned(ctx.app, declined, clock);

    expect(await statusOf(db(), order.orderId)).toBe('Completed');
    expect(await bucketsOf(db(), dee.id)).toMatchObject({ owned: 6, pendingBuy: 0 });
    expect(fake.cancels(order.intentId)).toEqual([]);
  });

  it('a declined card: the order stays open with its Units reserved and the intent waits for the next card, which pays the same order', async () => {
    const eli = who('eli');
    const order = await stripeBuyStarted(ctx.app, eli, 8);
    const payload = intentEvent('payment_intent.payment_failed', fake.decline(order.intentId, 'Your card has insufficient funds.'));
    await deliverSigned(ctx.app, payload, clock);

    expect(await statusOf(db(), order.orderId)).toBe('InProcess');
    expect(await bucketsOf(db(), eli.id)).toMatchObject({ owned: 0, pendingBuy: 8 });
    const declines = () => historyOf(db(), order.orderId).then((rows) => rows.filter((h) => h.reason?.includes('declined card')));
    expect((await declines()).map((h) => h.reason)).toEqual([expect.stringContaining(`Your card has insufficient funds. (declined card 1 of ${MAX_CARD_DECLINES})`)]);
    expect(fake.cancels(order.intentId)).toHaveLength(0);

    // The same event again, and another event telling the same decline: still one.
    await deliverSigned(ctx.app, payload, clock);
    await deliverSigned(ctx.app, intentEvent('payment_intent.payment_failed', fake.intent(order.intentId)), clock);
    expect(await declines()).toHaveLength(1);

    await deliverSigned(ctx.app, intentEvent('payment_intent.succeeded', fake.succeed(order.intentId)), clock);
    expect(await statusOf(db(), order.orderId)).toBe('Completed');
    expect(await bucketsOf(db(), eli.id)).toMatchObject({ owned: 8, pendingBuy: 0 });
    expect(fake.cancels(order.intentId)).toHaveLength(0);
  });

  it(`the ${MAX_CARD_DECLINES}rd declined card: Failed, the reservation released, the intent cancelled at Stripe once`, async () => {
    const dan = who('dan');
    const order = await stripeBuyStarted(ctx.app, dan, 8);
    let payload = '';
    for (let i = 0; i < MAX_CARD_DECLINES; i++) {
      payload = intentEvent('payment_intent.payment_failed', fake.decline(order.intentId, 'Your card has insufficient funds.'));
      await deliverSigned(ctx.app, payload, clock);
    }
    expect(await statusOf(db(), order.orderId)).toBe('Failed');
    expect(await bucketsOf(db(), dan.id)).toMatchObject({ owned: 0, pendingBuy: 0 });
    const failed = (await historyOf(db(), order.orderId)).filter((h) => h.to_status === 'Failed');
    expect(failed).toHaveLength(1);
    expect(failed[0]?.reason).toContain(`Your card has insufficient funds. (declined card ${MAX_CARD_DECLINES} of ${MAX_CARD_DECLINES})`);
    expect(fake.cancels(order.intentId)).toHaveLength(1);
    expect(fake.intent(order.intentId).status).toBe('canceled');

    // Stripe's cancellation event and a redelivery change nothing more, and cancel nothing twice.
    await deliverSigned(ctx.app, payload, clock);
    await deliverSigned(ctx.app, intentEvent('payment_intent.canceled', fake.intent(order.intentId)), clock);
    expect(await statusOf(db(), order.orderId)).toBe('Failed');
    expect(fake.cancels(order.intentId)).toHaveLength(1);
    expect(await bucketsOf(db(), dan.id)).toMatchObject({ owned: 0, pendingBuy: 0 });
  });

  it('an intent cancelled at Stripe takes no other card: its order fails at once', async () => {
    const ida = who('ida');
    const order = await stripeBuyStarted(ctx.app, ida, 3);
    await deliverSigned(ctx.app, intentEvent('payment_intent.canceled', fake.setIntent(order.intentId, { status: 'canceled' })), clock);
    expect(await statusOf(db(), order.orderId)).toBe('Failed');
    expect(await bucketsOf(db(), ida.id)).toMatchObject({ owned: 0, pendingBuy: 0 });
    const failed = (await historyOf(db(), order.orderId)).filter((h) => h.to_status === 'Failed');
    expect(failed.map((h) => h.reason)).toEqual([expect.stringContaining('The card payment was cancelled. (no other card can follow)')]);
  });

  it('Stripe out of reach when cancelling: 503 so Stripe delivers again, and the cancel is made then', async () => {
    const fay = who('fay');
    const order = await stripeBuyStarted(ctx.app, fay, 4);
    for (let i = 1; i < MAX_CARD_DECLINES; i++) await deliverSigned(ctx.app, intentEvent('payment_intent.payment_failed', fake.decline(order.intentId)), clock);
    const payload = intentEvent('payment_intent.payment_failed', fake.decline(order.intentId));
    fake.failNext(1, /\/cancel$/);
    const first = await deliver(ctx.app, payload, signatureOf(payload, clock.now()));
    expect(first.statusCode, first.body).toBe(503);
    // The order's part is done and kept: Failed once, the reservation released.
    expect(await statusOf(db(), order.orderId)).toBe('Failed');
    expect(fake.intent(order.intentId).status).toBe('requires_payment_method');

    await deliverSigned(ctx.app, payload, clock);
    expect(fake.intent(order.intentId).status).toBe('canceled');
    expect(fake.cancels(order.intentId)).toHaveLength(2);
    expect((await historyOf(db(), order.orderId)).filter((h) => h.to_status === 'Failed')).toHaveLength(1);
    expect(await bucketsOf(db(), fay.id)).toMatchObject({ owned: 0, pendingBuy: 0 });
  });

  it('Stripe out of reach when fetching the intent: 503, nothing recorded, so the redelivery applies it', async () => {
    const gus = who('gus');
    const order = await stripeBuyStarted(ctx.app, gus, 2);
    const payload = intentEvent('payment_intent.succeeded', fake.succeed(order.intentId));
    fake.failNext(1, /^\/v1\/payment_intents\/pi_/);
    const first = await deliver(ctx.app, payload, signatureOf(payload, clock.now()));
    expect(first.statusCode, first.body).toBe(503);
    expect((await webhookRows(db())).filter((r) => r.event_id === JSON.parse(payload).id)).toEqual([]);
    expect(await statusOf(db(), order.orderId)).toBe('InProcess');

    await deliverSigned(ctx.app, payload, clock);
    expect(await statusOf(db(), order.orderId)).toBe('Completed');
  });
});

describe('Stripe webhook: an intent our record lost', () => {
  it('a paid intent with the order in its metadata completes the order though its id was never stored', async () => {
    const bob = who('bob');
    const order = await stripeBuy(ctx.app, bob, 11);
    // Made at Stripe, but the order never kept its id (our transaction rolled back after the call).
    const lost = fake.addIntent({ amount: order.paymentAmount, currency: 'gbp', metadata: { orderId: order.orderId }, status: 'succeeded' });
    await deliverSigned(ctx.app, intentEvent('payment_intent.succeeded', lost), clock);

    expect(await statusOf(db(), order.orderId)).toBe('Completed');
    expect(await completedRows(order.orderId)).toHaveLength(1);
    const rows = (await webhookRows(db())).filter((r) => r.order_id === order.orderId);
    expect(rows.map((r) => r.outcome)).toEqual(['completed']);
  });
});

describe('Stripe webhook: amount and currency', () => {
  it.each([
    ['amount', (amount: number) => ({ amount: amount - 1 })],
    ['currency', () => ({ currency: 'usd' })],
  ])('another %s than the order’s credits nothing and flags the order for an admin', async (_what, patch) => {
    const ada = who('ada');
    const before = await bucketsOf(db(), ada.id);
    const order = await stripeBuyStarted(ctx.app, ada, 7);
    fake.setIntent(order.intentId, { ...patch(order.paymentAmount), status: 'succeeded' });
    await deliverSigned(ctx.app, intentEvent('payment_intent.succeeded', fake.intent(order.intentId)), clock);

    expect(await statusOf(db(), order.orderId)).toBe('InProcess');
    expect(await bucketsOf(db(), ada.id)).toMatchObject({ owned: before.owned, pendingBuy: (before.pendingBuy ?? 0) + 7 });
    expect(await paymentFlagOf(db(), order.orderId)).toMatch(/\S/);

    const queue = await getJson(ctx.app, admin.session, '/api/admin/orders');
    expect(queue.statusCode).toBe(200);
    const flagged = queue.json().flagged as { orderId: string; buy: { paymentFlag: string | null } }[];
    expect(flagged.find((o) => o.orderId === order.orderId)?.buy.paymentFlag).toMatch(/\S/);
    // The buyer's page shows the flag too.
    const details = await getJson(ctx.app, ada.session, `/api/order/get_order_details/${order.orderId}`);
    expect(details.json().orderData.buy.paymentFlag).toMatch(/\S/);

    // Money was taken, so the buyer cannot cancel it away: an admin deals with the flag, and the
    // unpaid reservation ends with the order's expiry.
    const cancel = await ctx.app.inject({
      method: 'POST',
      url: '/api/order/cancel_order',
      headers: { 'content-type': 'application/json', 'idempotency-key': `cancel-${order.orderId}` },
      payload: JSON.stringify({ orderId: order.orderId }),
      cookies: { lu_session: ada.session },
    });
    expect(cancel.statusCode, cancel.body).toBe(409);
    expect(cancel.json().message).toBe(ALREADY_PAID_MESSAGE);
    expect(await statusOf(db(), order.orderId)).toBe('InProcess');
    const cleared = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order.orderId}/clear-flag`,
      headers: { 'content-type': 'application/json', 'idempotency-key': `clear-${order.orderId}` },
      payload: JSON.stringify({ reason: 'Refunded the payment in full at Stripe' }),
      cookies: { lu_session: admin.session },
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(await paymentFlagOf(db(), order.orderId)).toBeNull();
  });
});

describe('Stripe webhook: events of no interest', () => {
  it('records other event types and intents of no order once, and answers 200', async () => {
    const stranger = fake.addIntent({ status: 'succeeded', metadata: {} });
    const unknown = intentEvent('payment_intent.succeeded', stranger);
    await deliverSigned(ctx.app, unknown, clock);
    await deliverSigned(ctx.app, unknown, clock);
    const other = JSON.stringify({ id: 'evt_customer_created_1', object: 'event', type: 'customer.created', data: { object: { id: 'cus_1', object: 'customer' } } });
    await deliverSigned(ctx.app, other, clock);

    const rows = await webhookRows(db());
    expect(rows.filter((r) => r.event_id === JSON.parse(unknown).id)).toEqual([
      { provider: 'stripe', event_id: JSON.parse(unknown).id, event_type: 'payment_intent.succeeded', order_id: null, outcome: 'unknown-order' },
    ]);
    expect(rows.filter((r) => r.event_id === 'evt_customer_created_1')).toEqual([
      { provider: 'stripe', event_id: 'evt_customer_created_1', event_type: 'customer.created', order_id: null, outcome: 'ignored' },
    ]);
  });

  it('never cancels an intent the product did not make, also on a redelivery', async () => {
    const stranger = fake.addIntent({ metadata: {} });
    const declined = intentEvent('payment_intent.payment_failed', fake.decline(stranger.id));
    await deliverSigned(ctx.app, declined, clock);
    await deliverSigned(ctx.app, declined, clock);
    expect(fake.cancels(stranger.id)).toEqual([]);
    expect(fake.intent(stranger.id).status).toBe('requires_payment_method');
  });
});
