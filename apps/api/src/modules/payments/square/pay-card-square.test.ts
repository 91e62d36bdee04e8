import { CARD_MESSAGES, MAX_CARD_DECLINES } from '@landunits/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../platform/clock';
import { createOrder, newKey } from '../../orders/test/fixtures';
import { bucketsOf, buyBody, cancelOrder, created, expectReconciled, historyOf, ledgerSnapshot, makeAdmin, statusOf } from '../../orders/test/lifecycle';
import { squareIdempotencyKey } from './idempotency-key';
import { SQUARE_MESSAGES } from './pay-card-square';
import { createSquareTestApp, newUser, orderRow, payCardSquare, squareBuy, startSquareTest, type SquareTest } from './test/harness';

/** POST /api/order/pay_card_square: the real app and database, the official library against the stand-in. */

let s: SquareTest;
beforeAll(async () => {
  s = await startSquareTest();
});
afterAll(() => s.close());
beforeEach(() => {
  s.fake.mode = 'completed';
  s.fake.reportMoney = null;
});

const SOURCE = 'cnon:card-nonce-ok';

describe('pay_card_square', () => {
  it('a card taken: Completed, the Units owned, one payment made with the derived key, reconciliation clean', async () => {
    const ada = await newUser(s.app, 'ada');
    const order = await squareBuy(s.app, ada, 100);
    expect(await bucketsOf(s.db, ada.id)).toMatchObject({ pendingBuy: 100 });
    const creates = s.fake.creates().length;
    const payKey = newKey();

    const res = await payCardSquare(s.app, ada.session, { orderId: order.orderId, sourceId: SOURCE }, payKey);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const view = res.json().orderSuccessData;
    expect(view).toMatchObject({ orderId: order.orderId, orderStatus: 'Completed', paymentMethod: 'Card_Square' });
    expect(view.statusHistory.map((h: { toStatus: string }) => h.toStatus)).toEqual(['Initiated', 'InProcess', 'Completed']);
    expect(await bucketsOf(s.db, ada.id)).toMatchObject({ owned: 100, pendingBuy: 0 });

    const sent = s.fake.creates().slice(creates);
    expect(sent).toHaveLength(1);
    const row = await orderRow(s.db, order.orderId);
    expect(sent[0]?.body).toMatchObject({
      source_id: SOURCE,
      idempotency_key: squareIdempotencyKey({ id: order.orderId, details: { buy: { idempotencyKey: order.key } } } as never, payKey),
      amount_money: { amount: order.paymentAmount, currency: 'GBP' },
      reference_id: order.orderId,
      autocomplete: true,
    });
    expect(String(sent[0]?.body?.idempotency_key).length).toBeLessThanOrEqual(45);
    expect(row?.provider_payment_id).toBe(s.fake.paymentIds().at(-1));
    await expectReconciled(s.db, s.clock.now());

    // The same submission again: the first answer, no second payment.
    const again = await payCardSquare(s.app, ada.session, { orderId: order.orderId, sourceId: SOURCE }, payKey);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().orderSuccessData.orderStatus).toBe('Completed');
    // A new submission for a finished order: refused, nothing sent to Square.
    const other = await payCardSquare(s.app, ada.session, { orderId: order.orderId, sourceId: 'cnon:another-card' });
    expect(other.statusCode, other.body).toBe(409);
    expect(s.fake.creates().slice(creates)).toHaveLength(1);
    expect(await bucketsOf(s.db, ada.id)).toMatchObject({ owned: 100, pendingBuy: 0 });
  });

  it('a declined card: 402 with the decline message, the order still open with its Units reserved; another card pays the same order with a new payment', async () => {
    const bob = await newUser(s.app, 'bob');
    const order = await squareBuy(s.app, bob, 40);
    s.fake.mode = 'declined';
    const creates = s.fake.creates().length;
    const res = await payCardSquare(s.app, bob.session, { orderId: order.orderId, sourceId: 'cnon:card-nonce-declined' });
    expect(res.statusCode, res.body).toBe(402);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toMatchObject({ message: CARD_MESSAGES.declined, code: 'PAYMENT_DECLINED', orderData: { orderId: order.orderId, orderStatus: 'InProcess', buy: { cardDeclines: 1 } } });
    expect(await statusOf(s.db, order.orderId)).toBe('InProcess');
    expect(await bucketsOf(s.db, bob.id)).toMatchObject({ owned: 0, pendingBuy: 40 });
    const declined = (await historyOf(s.db, order.orderId)).at(-1);
    expect(declined?.reason).toContain('CARD_DECLINED');
    expect(declined?.reason).toContain(`declined card 1 of ${MAX_CARD_DECLINES}`);
    expect(s.fake.creates().slice(creates)).toHaveLength(1);
    await expectReconciled(s.db, s.clock.now());

    s.fake.mode = 'completed';
    const retry = await payCardSquare(s.app, bob.session, { orderId: order.orderId, sourceId: SOURCE });
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json()).toMatchObject({ orderSuccessData: { orderId: order.orderId, orderStatus: 'Completed' } });
    // The declined payment ended with its card: the second card is a second payment at Square.
    const made = s.fake.creates().slice(creates);
    expect(made).toHaveLength(2);
    expect(new Set(made.map((c) => (c.body as { idempotency_key: string }).idempotency_key)).size).toBe(2);
    expect(await bucketsOf(s.db, bob.id)).toMatchObject({ owned: 40, pendingBuy: 0 });
    await expectReconciled(s.db, s.clock.now());
  });

  it(`the ${MAX_CARD_DECLINES}rd declined card fails the order and releases its Units; a card after that is 409 and makes no payment`, async () => {
    const eve = await newUser(s.app, 'eve');
    const order = await squareBuy(s.app, eve, 25);
    s.fake.mode = 'declined';
    const creates = s.fake.creates().length;
    const statuses: string[] = [];
    for (let i = 0; i < MAX_CARD_DECLINES; i++) {
      const res = await payCardSquare(s.app, eve.session, { orderId: order.orderId, sourceId: `cnon:declined-${i}` });
      expect(res.statusCode, res.body).toBe(402);
      statuses.push(res.json().orderData.orderStatus);
    }
    expect(statuses).toEqual([...Array<string>(MAX_CARD_DECLINES - 1).fill('InProcess'), 'Failed']);
    expect(await bucketsOf(s.db, eve.id)).toMatchObject({ owned: 0, pendingBuy: 0 });
    expect((await historyOf(s.db, order.orderId)).at(-1)?.reason).toContain(`declined card ${MAX_CARD_DECLINES} of ${MAX_CARD_DECLINES}`);
    await expectReconciled(s.db, s.clock.now());

    s.fake.mode = 'completed';
    const after = await payCardSquare(s.app, eve.session, { orderId: order.orderId, sourceId: SOURCE });
    expect(after.statusCode, after.body).toBe(409);
    expect(s.fake.creates().slice(creates)).toHaveLength(MAX_CARD_DECLINES);
  });

  it('two tabs paying at once make one payment: one 200, the other 409; the same submission twice at once replays', async () => {
    const ivy = await newUser(s.app, 'ivy');
    const order = await squareBuy(s.app, ivy, 30);
    const creates = s.fake.creates().length;
    const [a, b] = await Promise.all([
      payCardSquare(s.app, ivy.session, { orderId: order.orderId, sourceId: SOURCE }),
      payCardSquare(s.app, ivy.session, { orderId: order.orderId, sourceId: 'cnon:second-tab' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect(s.fake.creates().slice(creates)).toHaveLength(1);
    expect(await bucketsOf(s.db, ivy.id)).toMatchObject({ owned: 30, pendingBuy: 0 });

    const jon = await newUser(s.app, 'jon');
    const second = await squareBuy(s.app, jon, 30);
    const key = newKey();
    const same = await Promise.all([0, 1].map(() => payCardSquare(s.app, jon.session, { orderId: second.orderId, sourceId: SOURCE }, key)));
    expect(same.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(same.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(1);
    expect(s.fake.creates().slice(creates)).toHaveLength(2);
  });

  it('an order whose payment Square has not decided yet: Pay again takes up that payment, makes no new one', async () => {
    const kim = await newUser(s.app, 'kim');
    const order = await squareBuy(s.app, kim, 15);
    s.fake.mode = 'approved';
    const first = await payCardSquare(s.app, kim.session, { orderId: order.orderId, sourceId: SOURCE });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().orderSuccessData.orderStatus).toBe('InProcess');
    const paymentId = (await orderRow(s.db, order.orderId))?.provider_payment_id as string;
    const creates = s.fake.creates().length;

    s.fake.setStatus(paymentId, 'COMPLETED');
    const again = await payCardSquare(s.app, kim.session, { orderId: order.orderId, sourceId: 'cnon:new-token' });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().orderSuccessData.orderStatus).toBe('Completed');
    expect(s.fake.creates().length).toBe(creates);
    expect(await bucketsOf(s.db, kim.id)).toMatchObject({ owned: 15, pendingBuy: 0 });
  });

  it('a card token Square refuses makes no payment: 400, the order still Initiated, another card can pay', async () => {
    const cy = await newUser(s.app, 'cy');
    const order = await squareBuy(s.app, cy, 10);
    s.fake.mode = 'token-used';
    const res = await payCardSquare(s.app, cy.session, { orderId: order.orderId, sourceId: 'cnon:used' });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toHaveProperty('sourceId');
    expect(await orderRow(s.db, order.orderId)).toMatchObject({ order_status: 'Initiated', provider_payment_id: null });

    s.fake.mode = 'completed';
    const paid = await payCardSquare(s.app, cy.session, { orderId: order.orderId, sourceId: SOURCE });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().orderSuccessData.orderStatus).toBe('Completed');
  });

  it("someone else's order is 404, a bank order 409, a cancelled one 409; Square is not called", async () => {
    const dee = await newUser(s.app, 'dee');
    const eve = await newUser(s.app, 'eve');
    const order = await squareBuy(s.app, dee, 10);
    const bank = created(await createOrder(s.app, dee.session, buyBody(10)));
    const cancelled = await squareBuy(s.app, dee, 10);
    expect((await cancelOrder(s.app, dee.session, cancelled.orderId)).statusCode).toBe(200);
    const requests = s.fake.requests.length;
    const before = await ledgerSnapshot(s.db);

    expect((await payCardSquare(s.app, eve.session, { orderId: order.orderId, sourceId: SOURCE })).statusCode).toBe(404);
    expect((await payCardSquare(s.app, dee.session, { orderId: '01JDNOSUCHORDER00000000000', sourceId: SOURCE })).statusCode).toBe(404);
    expect((await payCardSquare(s.app, dee.session, { orderId: bank.orderId, sourceId: SOURCE })).statusCode).toBe(409);
    expect((await payCardSquare(s.app, dee.session, { orderId: cancelled.orderId, sourceId: SOURCE })).statusCode).toBe(409);
    expect(s.fake.requests.length).toBe(requests);
    expect(await ledgerSnapshot(s.db)).toEqual(before);
  });

  it('refuses bad input, a missing key and a signed-out caller before anything is charged', async () => {
    const fay = await newUser(s.app, 'fay');
    const order = await squareBuy(s.app, fay, 10);
    const requests = s.fake.requests.length;
    const cases = [
      { session: fay.session, body: { orderId: order.orderId }, key: newKey(), status: 400 },
      { session: fay.session, body: { orderId: order.orderId, sourceId: '' }, key: newKey(), status: 400 },
      { session: fay.session, body: { orderId: order.orderId, sourceId: 'x'.repeat(501) }, key: newKey(), status: 400 },
      { session: fay.session, body: { orderId: order.orderId, sourceId: SOURCE, amount: 1 }, key: newKey(), status: 400 },
      { session: fay.session, body: { orderId: order.orderId, sourceId: SOURCE }, key: null, status: 400 },
      { session: undefined, body: { orderId: order.orderId, sourceId: SOURCE }, key: newKey(), status: 401 },
    ];
    for (const c of cases) {
      const res = await payCardSquare(s.app, c.session, c.body, c.key);
      expect(res.statusCode, `${JSON.stringify(c.body)} ${res.body}`).toBe(c.status);
    }
    expect(s.fake.requests.length).toBe(requests);
    expect(await statusOf(s.db, order.orderId)).toBe('Initiated');
  });

  it('another amount reported by Square credits nothing and flags the order for an admin', async () => {
    const gus = await newUser(s.app, 'gus');
    const order = await squareBuy(s.app, gus, 20);
    s.fake.reportMoney = { amount: 1, currency: 'GBP' };
    const res = await payCardSquare(s.app, gus.session, { orderId: order.orderId, sourceId: SOURCE });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().orderSuccessData).toMatchObject({ orderStatus: 'InProcess', buy: { paymentFlag: expect.stringContaining('1 GBP') } });
    expect(await bucketsOf(s.db, gus.id)).toMatchObject({ owned: 0, pendingBuy: 20 });
    const admin = await makeAdmin(s.app, s.db, `admin-${newKey()}@example.com`);
    const queue = await s.app.inject({ method: 'GET', url: '/api/admin/orders', cookies: { lu_session: admin.session } });
    expect(queue.json().flagged.map((o: { orderId: string }) => o.orderId)).toContain(order.orderId);
  });
});

describe('pay_card_square without Square keys', () => {
  it('answers 404 (test mode takes cards through test_card_payment) and there is no webhook', async () => {
    const t = await createSquareTestApp({ JOBS_DUE_ORDERS_INTERVAL_MS: '9999999' }, new ManualClock(new Date()));
    try {
      const hal = await newUser(t.app, 'hal');
      const order = created(await createOrder(t.app, hal.session, buyBody(10, undefined, 'Card_Square')));
      const res = await payCardSquare(t.app, hal.session, { orderId: order.orderId, sourceId: SOURCE });
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().message).toBe(SQUARE_MESSAGES.notLive);
      expect(await statusOf(t.database.db, order.orderId)).toBe('Initiated');
      const hook = await t.app.inject({ method: 'POST', url: '/api/webhooks/square', headers: { 'content-type': 'application/json' }, payload: '{}' });
      expect(hook.statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
