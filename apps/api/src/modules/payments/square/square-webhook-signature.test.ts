import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY } from '../../../platform/clock';
import { bucketsOf, ledgerSnapshot } from '../../orders/test/lifecycle';
import { signSquareNotification, squarePaymentEvent } from '../test/fake-square';
import { SQUARE_WEBHOOK_BODY_LIMIT, SQUARE_WEBHOOK_MESSAGES } from './square-webhook';
import { deliver, deliverOk, newUser, NOTIFICATION_URL, orderRow, paymentNotification, SIGNATURE_KEY, squareBuyApproved, startSquareTest, webhookRows, type SquareTest } from './test/harness';

/**
 * The webhook's door: Square's signature (HMAC-SHA256 of notification URL + body, base64) checked
 * on the raw bytes before anything else. Every refusal is a 400 that writes nothing: no event row,
 * the order and the ledger as they were, and Square is not even asked about the payment.
 */

let s: SquareTest;
beforeAll(async () => {
  s = await startSquareTest();
});
afterAll(() => s.close());

describe('Square webhook signature', () => {
  it('refuses a missing or bad signature, one made for another URL or key, an altered body and a date 301 s ahead; writes nothing', async () => {
    const ada = await newUser(s.app, 'ada');
    const order = await squareBuyApproved(s, ada);
    s.fake.setStatus(order.paymentId, 'COMPLETED');
    const good = paymentNotification(s.fake, 'payment.updated', order.paymentId);
    const futureBody = JSON.stringify(squarePaymentEvent('payment.updated', s.fake.paymentJson(order.paymentId), { createdAt: new Date(s.clock.now().getTime() + 301_000) }));
    const altered = good.body.replace('"COMPLETED"', '"COMPLETED" ');
    // A byte that is not UTF-8 inside a string: decoded, it is valid JSON whose signature the library would accept.
    const [head, tail] = good.body.split('FAKE_MERCHANT') as [string, string];
    const nonUtf8 = Buffer.concat([Buffer.from(`${head}FAKE`), Buffer.from([0xff]), Buffer.from(`MERCHANT${tail}`)]);

    const cases: { name: string; body: string | Buffer; signature: string | null; message?: string }[] = [
      { name: 'no signature', body: good.body, signature: null },
      { name: 'empty signature', body: good.body, signature: '' },
      { name: 'bad signature', body: good.body, signature: 'c2lnbmF0dXJlLW5vdC1mcm9tLXNxdWFyZQ==' },
      { name: 'signed for another URL', body: good.body, signature: signSquareNotification('https://elsewhere.example/api/webhooks/square', good.body, SIGNATURE_KEY) },
      { name: 'signed with another key', body: good.body, signature: signSquareNotification(NOTIFICATION_URL, good.body, 'another-signature-key') },
      { name: 'altered body', body: altered, signature: good.signature },
      { name: 'bytes that are not UTF-8', body: nonUtf8, signature: signSquareNotification(NOTIFICATION_URL, nonUtf8.toString('utf8'), SIGNATURE_KEY) },
      { name: 'created_at 301 s in the future', body: futureBody, signature: signSquareNotification(NOTIFICATION_URL, futureBody, SIGNATURE_KEY), message: SQUARE_WEBHOOK_MESSAGES.future },
      { name: 'signed but not an event', body: '{"hello":"world"}', signature: signSquareNotification(NOTIFICATION_URL, '{"hello":"world"}', SIGNATURE_KEY), message: SQUARE_WEBHOOK_MESSAGES.event },
      { name: 'signed but not JSON', body: 'not json', signature: signSquareNotification(NOTIFICATION_URL, 'not json', SIGNATURE_KEY), message: SQUARE_WEBHOOK_MESSAGES.event },
    ];

    const before = await ledgerSnapshot(s.db);
    const requests = s.fake.requests.length;
    for (const c of cases) {
      const res = await s.app.inject({
        method: 'POST',
        url: '/api/webhooks/square',
        headers: { 'content-type': 'application/json', ...(c.signature !== null ? { 'x-square-hmacsha256-signature': c.signature } : {}) },
        payload: c.body,
      });
      expect(res.statusCode, `${c.name}: ${res.body}`).toBe(400);
      expect(res.json(), c.name).toMatchObject({ code: 'BAD_REQUEST', message: c.message ?? SQUARE_WEBHOOK_MESSAGES.signature });
    }
    expect(await webhookRows(s.db)).toEqual([]);
    expect(await ledgerSnapshot(s.db)).toEqual(before);
    expect(await orderRow(s.db, order.orderId)).toMatchObject({ order_status: 'InProcess', payment_flag: null });
    expect(s.fake.requests.length).toBe(requests);

    // The good one still goes through afterwards.
    await deliverOk(s.app, good);
    expect(await orderRow(s.db, order.orderId)).toMatchObject({ order_status: 'Completed' });
  });

  it('accepts an event a day old with a good signature (Square retries for 3 days) and one 300 s ahead', async () => {
    const bob = await newUser(s.app, 'bob');
    const order = await squareBuyApproved(s, bob, 30);
    s.fake.setStatus(order.paymentId, 'COMPLETED');
    await deliverOk(s.app, paymentNotification(s.fake, 'payment.updated', order.paymentId, { createdAt: new Date(s.clock.now().getTime() - DAY) }));
    expect(await orderRow(s.db, order.orderId)).toMatchObject({ order_status: 'Completed' });
    expect(await bucketsOf(s.db, bob.id)).toMatchObject({ owned: 30, pendingBuy: 0 });
    await deliverOk(s.app, paymentNotification(s.fake, 'payment.updated', order.paymentId, { createdAt: new Date(s.clock.now().getTime() + 300_000) }));
  });

  it('takes any content type or none (the bytes are what is signed) and refuses a body over the limit with 413', async () => {
    const cy = await newUser(s.app, 'cy');
    const order = await squareBuyApproved(s, cy, 5);
    const note = paymentNotification(s.fake, 'payment.created', order.paymentId);
    expect((await deliver(s.app, note, 'text/plain')).statusCode).toBe(200);
    const bare = await s.app.inject({ method: 'POST', url: '/api/webhooks/square', headers: { 'x-square-hmacsha256-signature': note.signature as string }, payload: note.body });
    expect(bare.statusCode, bare.body).toBe(200);

    const huge = JSON.stringify({ ...JSON.parse(note.body), padding: 'x'.repeat(SQUARE_WEBHOOK_BODY_LIMIT) });
    const res = await deliver(s.app, { body: huge, signature: signSquareNotification(NOTIFICATION_URL, huge, SIGNATURE_KEY) });
    expect(res.statusCode).toBe(413);
  });
});
