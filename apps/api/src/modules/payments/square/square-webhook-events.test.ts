import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { newKey } from '../../orders/test/fixtures';
import { bucketsOf, expectReconciled, historyOf, ledgerSnapshot, makeAdmin } from '../../orders/test/lifecycle';
import { signSquareNotification } from '../test/fake-square';
import { deliver, deliverOk, newUser, NOTIFICATION_URL, orderRow, paymentNotification, SIGNATURE_KEY, squareBuyApproved, startSquareTest, webhookRows, type SquareTest } from './test/harness';

/**
 * What verified notifications do: the payment is fetched from Square and its state now is applied,
 * once per event id, whatever order the events arrive in; another amount or currency credits
 * nothing and flags the order.
 */

let s: SquareTest;
beforeAll(async () => {
  s = await startSquareTest();
});
afterAll(() => s.close());
beforeEach(() => {
  s.fake.mode = 'completed';
  s.fake.reportMoney = null;
});

describe('Square webhook events', () => {
  it('payment.updated COMPLETED ends an InProcess buy: Completed, Units owned, the event recorded with its order', async () => {
    const ada = await newUser(s.app, 'ada');
    const order = await squareBuyApproved(s, ada, 50);
    s.fake.setStatus(order.paymentId, 'COMPLETED');
    const note = paymentNotification(s.fake, 'payment.updated', order.paymentId);
    await deliverOk(s.app, note);
    expect(await orderRow(s.db, order.orderId)).toMatchObject({ order_status: 'Completed', payment_flag: null });
    expect(await bucketsOf(s.db, ada.id)).toMatchObject({ owned: 50, pendingBuy: 0 });
    const eventId = JSON.parse(note.body).event_id as string;
    expect((await webhookRows(s.db)).find((r) => r.event_id === eventId)).toEqual({
      provider: 'square',
      event_id: eventId,
      event_type: 'payment.updated',
      order_id: order.orderId,
      outcome: 'completed',
    });
    await expectReconciled(s.db, s.clock.now());
  });

  it('one event ten times in a row, then ten at once: one effect', async () => {
    const bob = await newUser(s.app, 'bob');
    const order = await squareBuyApproved(s, bob, 25);
    s.fake.setStatus(order.paymentId, 'COMPLETED');
    const note = paymentNotification(s.fake, 'payment.updated', order.paymentId, { eventId: randomUUID() });

    for (let i = 0; i < 10; i++) await deliverOk(s.app, note);
    const after = await ledgerSnapshot(s.db);
    const history = await historyOf(s.db, order.orderId);
    expect(history.map((h) => h.to_status)).toEqual(['Initiated', 'InProcess', 'Completed']);
    expect(await bucketsOf(s.db, bob.id)).toMatchObject({ owned: 25, pendingBuy: 0 });

    const concurrent = await Promise.all(Array.from({ length: 10 }, () => deliver(s.app, note)));
    expect(concurrent.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(await ledgerSnapshot(s.db)).toEqual(after);
    expect(await historyOf(s.db, order.orderId)).toEqual(history);
    const eventId = JSON.parse(note.body).event_id as string;
    expect((await webhookRows(s.db)).filter((r) => r.event_id === eventId)).toHaveLength(1);
  });

  it('a new event arriving ten times at once, before any other: completes the order once', async () => {
    const cy = await newUser(s.app, 'cy');
    const order = await squareBuyApproved(s, cy, 12);
    s.fake.setStatus(order.paymentId, 'COMPLETED');
    const note = paymentNotification(s.fake, 'payment.updated', order.paymentId);
    const answers = await Promise.all(Array.from({ length: 10 }, () => deliver(s.app, note)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect((await historyOf(s.db, order.orderId)).map((h) => h.to_status)).toEqual(['Initiated', 'InProcess', 'Completed']);
    expect(await bucketsOf(s.db, cy.id)).toMatchObject({ owned: 12, pendingBuy: 0 });
    await expectReconciled(s.db, s.clock.now());
  });

  it('out of order: an event sent while the payment looked failed, arriving after it completed, leaves the order Completed', async () => {
    const dee = await newUser(s.app, 'dee');
    const order = await squareBuyApproved(s, dee, 8);
    // The event's own copy says FAILED (as an earlier notification might), but Square's payment is COMPLETED now.
    s.fake.setStatus(order.paymentId, 'FAILED');
    const stale = paymentNotification(s.fake, 'payment.updated', order.paymentId);
    s.fake.setStatus(order.paymentId, 'COMPLETED');
    const fresh = paymentNotification(s.fake, 'payment.updated', order.paymentId);

    await deliverOk(s.app, fresh);
    await deliverOk(s.app, stale);
    expect(await orderRow(s.db, order.orderId)).toMatchObject({ order_status: 'Completed' });
    expect(await bucketsOf(s.db, dee.id)).toMatchObject({ owned: 8, pendingBuy: 0 });

    // And the other way round: the stale copy first still completes, because the payment is what counts.
    const eve = await newUser(s.app, 'eve');
    const second = await squareBuyApproved(s, eve, 9);
    s.fake.setStatus(second.paymentId, 'FAILED');
    const staleFirst = paymentNotification(s.fake, 'payment.updated', second.paymentId);
    s.fake.setStatus(second.paymentId, 'COMPLETED');
    await deliverOk(s.app, staleFirst);
    expect(await orderRow(s.db, second.orderId)).toMatchObject({ order_status: 'Completed' });
    await expectReconciled(s.db, s.clock.now());
  });

  it('a payment that failed at Square: a declined card, told once however often Square says it; the order stays open for another card', async () => {
    const fay = await newUser(s.app, 'fay');
    const order = await squareBuyApproved(s, fay, 6);
    s.fake.setStatus(order.paymentId, 'CANCELED');
    // Two events about the same payment (each its own event id): one decline.
    await deliverOk(s.app, paymentNotification(s.fake, 'payment.updated', order.paymentId));
    await deliverOk(s.app, paymentNotification(s.fake, 'payment.updated', order.paymentId));
    const row = await orderRow(s.db, order.orderId);
    expect(row).toMatchObject({ order_status: 'InProcess' });
    expect((row?.details as { buy: { cardDeclines: unknown[] } }).buy.cardDeclines).toHaveLength(1);
    expect(await bucketsOf(s.db, fay.id)).toMatchObject({ owned: 0, pendingBuy: 6 });
    await expectReconciled(s.db, s.clock.now());
  });

  it('another amount or currency: nothing credited, paymentFlag set, the order in the admin queue', async () => {
    const admin = await makeAdmin(s.app, s.db, `admin-${newKey()}@example.com`);
    for (const reported of [
      { amount: 1, currency: 'GBP' },
      { amount: 0, currency: 'USD' },
    ]) {
      const gus = await newUser(s.app, 'gus');
      const order = await squareBuyApproved(s, gus, 15);
      s.fake.setStatus(order.paymentId, 'COMPLETED');
      const paid = `${reported.amount || order.paymentAmount} ${reported.currency}`;
      s.fake.reportMoney = { ...reported, amount: reported.amount || order.paymentAmount };
      await deliverOk(s.app, paymentNotification(s.fake, 'payment.updated', order.paymentId));
      s.fake.reportMoney = null;

      expect(await orderRow(s.db, order.orderId)).toMatchObject({ order_status: 'InProcess', payment_flag: expect.stringContaining(paid) });
      expect(await bucketsOf(s.db, gus.id)).toMatchObject({ owned: 0, pendingBuy: 15 });
      const queue = await s.app.inject({ method: 'GET', url: '/api/admin/orders', cookies: { lu_session: admin.session } });
      expect(queue.statusCode).toBe(200);
      const flagged = (queue.json().flagged as { orderId: string; buy: { paymentFlag: string } }[]).find((o) => o.orderId === order.orderId);
      expect(flagged?.buy.paymentFlag).toContain(paid);
    }
  });

  it('other event types and payments Square does not know are recorded and change nothing', async () => {
    const hal = await newUser(s.app, 'hal');
    const order = await squareBuyApproved(s, hal, 4);
    const before = await ledgerSnapshot(s.db);

    const refund = JSON.stringify({
      merchant_id: 'FAKE',
      type: 'refund.created',
      event_id: randomUUID(),
      created_at: s.clock.now().toISOString(),
      data: { type: 'refund', id: 'R1', object: { refund: { id: 'R1' } } },
    });
    await deliverOk(s.app, { body: refund, signature: signSquareNotification(NOTIFICATION_URL, refund, SIGNATURE_KEY) });
    const unknown = JSON.stringify({
      merchant_id: 'FAKE',
      type: 'payment.updated',
      event_id: randomUUID(),
      created_at: s.clock.now().toISOString(),
      data: { type: 'payment', id: 'nope', object: { payment: { id: 'nope' } } },
    });
    await deliverOk(s.app, { body: unknown, signature: signSquareNotification(NOTIFICATION_URL, unknown, SIGNATURE_KEY) });

    expect(await ledgerSnapshot(s.db)).toEqual(before);
    expect(await orderRow(s.db, order.orderId)).toMatchObject({ order_status: 'InProcess' });
    const rows = await webhookRows(s.db);
    expect(rows.find((r) => r.event_id === JSON.parse(refund).event_id)).toMatchObject({ event_type: 'refund.created', order_id: null });
    expect(rows.find((r) => r.event_id === JSON.parse(unknown).event_id)).toMatchObject({ event_type: 'payment.updated', order_id: null });
  });
});
