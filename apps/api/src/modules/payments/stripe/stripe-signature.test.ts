import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../platform/clock';
import type { TestContext } from '../../../test/app';
import { signUp, type TestUser } from '../../orders/test/fixtures';
import { expectReconciled, ledgerSnapshot, statusOf } from '../../orders/test/lifecycle';
import { FakeStripe } from '../test/fake-stripe';
import { BAD_SIGNATURE_MESSAGE } from './stripe-signature';
import { WEBHOOK_BODY_LIMIT } from './stripe-webhook';
import { createStripeTestApp, deliver, intentEvent, signatureOf, stripeBuyStarted, stripeEnv, webhookRows } from './test/harness';

// The app's clock is far from the machine's: the signature window must be measured on it.
const clock = new ManualClock(new Date('2026-01-15T10:00:00Z'));
let fake: FakeStripe;
let ctx: TestContext;
let ada: TestUser;

beforeAll(async () => {
  fake = await FakeStripe.start();
  ctx = await createStripeTestApp(stripeEnv(fake), clock);
  ada = await signUp(ctx.app, 'ada.stripe-signature@example.com');
});
afterAll(async () => {
  await ctx?.close();
  await fake?.close();
});
afterEach(async () => {
  await expectReconciled(ctx.database.db, clock.now());
});

const db = () => ctx.database.db;
const secondsFromNow = (s: number) => new Date(clock.now().getTime() + s * 1000);

describe('POST /api/webhooks/stripe: the signature', () => {
  it('refuses bad, missing, foreign, stale, future and altered deliveries with 400, writing nothing and calling nothing', async () => {
    const order = await stripeBuyStarted(ctx.app, ada, 10);
    fake.succeed(order.intentId);
    const payload = intentEvent('payment_intent.succeeded', fake.intent(order.intentId));
    const altered = payload.replace(`"amount":${order.paymentAmount}`, `"amount":${order.paymentAmount + 1}`);
    expect(altered).not.toBe(payload);
    const goodHeader = signatureOf(payload, clock.now());

    const cases: [string, string | Buffer, string | null][] = [
      ['a bad signature', payload, `t=${Math.floor(clock.now().getTime() / 1000)},v1=${'0'.repeat(64)}`],
      ['no header', payload, null],
      ['an empty header', payload, ''],
      ['a header without a timestamp', payload, goodHeader.replace(/^t=\d+,/, '')],
      ['another secret', payload, signatureOf(payload, clock.now(), 'whsec_someoneElsesSecret')],
      ['a timestamp 301 s old', payload, signatureOf(payload, secondsFromNow(-301))],
      ['a timestamp 301 s ahead', payload, signatureOf(payload, secondsFromNow(301))],
      ['an altered body', altered, goodHeader],
      ['an empty body', '', goodHeader],
    ];
    const before = await ledgerSnapshot(db());
    const requestsBefore = fake.requests.length;
    for (const [name, body, header] of cases) {
      const res = await deliver(ctx.app, body, header);
      expect(res.statusCode, name).toBe(400);
      expect(res.json(), name).toEqual({ message: BAD_SIGNATURE_MESSAGE, code: 'VALIDATION_FAILED' });
    }
    expect(await webhookRows(db())).toEqual([]);
    expect(await ledgerSnapshot(db())).toEqual(before);
    expect(await statusOf(db(), order.orderId)).toBe('InProcess');
    expect(fake.requests.length).toBe(requestsBefore);

    // The same delivery, signed now, is taken.
    const res = await deliver(ctx.app, payload, goodHeader);
    expect(res.statusCode, res.body).toBe(200);
    expect(await statusOf(db(), order.orderId)).toBe('Completed');
  });

  it('takes deliveries signed 299 s ago and 299 s ahead (clock skew both ways)', async () => {
    for (const skew of [-299, 299]) {
      const order = await stripeBuyStarted(ctx.app, ada, 3);
      fake.succeed(order.intentId);
      const payload = intentEvent('payment_intent.succeeded', fake.intent(order.intentId));
      const res = await deliver(ctx.app, payload, signatureOf(payload, secondsFromNow(skew)));
      expect(res.statusCode, `${skew} s: ${res.body}`).toBe(200);
      expect(res.json()).toEqual({ received: true });
      expect(await statusOf(db(), order.orderId)).toBe('Completed');
    }
  });

  it('checks the raw bytes whatever the content type, and refuses bodies over the limit with 413', async () => {
    const order = await stripeBuyStarted(ctx.app, ada, 2);
    fake.succeed(order.intentId);
    // Spacing a JSON parser would drop is part of what was signed.
    const payload = `${intentEvent('payment_intent.succeeded', fake.intent(order.intentId))}\n`;
    const res = await deliver(ctx.app, payload, signatureOf(payload, clock.now()), 'text/plain');
    expect(res.statusCode, res.body).toBe(200);
    expect(await statusOf(db(), order.orderId)).toBe('Completed');

    const before = await ledgerSnapshot(db());
    const rowsBefore = await webhookRows(db());
    const huge = JSON.stringify({ id: 'evt_huge', type: 'payment_intent.succeeded', padding: 'x'.repeat(WEBHOOK_BODY_LIMIT) });
    const tooLarge = await deliver(ctx.app, huge, signatureOf(huge, clock.now()));
    expect(tooLarge.statusCode).toBe(413);
    expect(await webhookRows(db())).toEqual(rowsBefore);
    expect(await ledgerSnapshot(db())).toEqual(before);
  });

  it('needs no session and passes the cross-site check (Stripe sends no Origin)', async () => {
    const order = await stripeBuyStarted(ctx.app, ada, 1);
    fake.succeed(order.intentId);
    const payload = intentEvent('payment_intent.succeeded', fake.intent(order.intentId));
    const res = await deliver(ctx.app, payload, signatureOf(payload, clock.now()));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.cookies).toEqual([]);
  });
});
