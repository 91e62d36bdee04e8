import { DEFAULT_MONEY_SETTINGS, ORDER_MESSAGES } from '@landunits/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { HOUR, ManualClock } from '../../platform/clock';
import { VALIDATION_MESSAGE } from '../../platform/http/app-error';
import { IDEMPOTENCY_MESSAGES } from '../../platform/http/idempotency';
import { createTestApp, type TestContext } from '../../test/app';
import { updateMoneySettings } from '../pricing';
import { runDueOrders } from './index';
import { ORDER_ID_PATTERN } from './order-ids';
import { createOrder, getJson, newKey, signUp, type TestUser } from './test/fixtures';
import {
  bucketsOf,
  buyBody,
  cancelOrder,
  created,
  decide,
  expectReconciled,
  historyOf,
  ledgerSnapshot,
  makeAdmin,
  outstanding,
  setVerification,
  signIn,
  statusOf,
  successOrder,
  type TestAdmin,
} from './test/lifecycle';

// Today is 2026-01-15 (UTC): day 379 after the price epoch, so one Unit costs 1.077986 in every
// currency with the default settings (P0 1.000000, 7.5 %/year).
const START = new Date('2026-01-15T10:00:00Z');
const PRICE = '1.077986';
const clock = new ManualClock(START);
let ctx: TestContext;
let admin: TestAdmin;
const people: Record<string, TestUser> = {};

beforeAll(async () => {
  // The periodic job must not run due orders behind the tests' backs; they call runDueOrders.
  ctx = await createTestApp({ JOBS_DUE_ORDERS_INTERVAL_MS: '9999999' }, undefined, clock);
  for (const name of ['ada', 'bob', 'cy', 'dee', 'eli', 'fay', 'gus', 'hal', 'ivy', 'jo', 'kim']) {
    people[name] = await signUp(ctx.app, `${name}.buy@example.com`, name.charAt(0).toUpperCase() + name.slice(1), 'Buyer');
  }
  admin = await makeAdmin(ctx.app, ctx.database.db, 'admin.buy@example.com');
});
afterAll(() => ctx.close());
afterEach(async () => {
  await expectReconciled(ctx.database.db, clock.now());
});

const db = () => ctx.database.db;
const who = (name: string) => people[name] as TestUser;
const LIMIT_MESSAGE = 'Your current purchase limit is £1,000.00, This purchase plus any existing unapproved purchases exceed that limit.';

async function buy(user: TestUser, units: number, unitType?: string) {
  return created(await createOrder(ctx.app, user.session, buyBody(units, unitType)));
}

describe('BUY by bank transfer', () => {
  it('answers 201 Initiated with every figure from today’s price and reserves the Units in pendingBuy', async () => {
    const ada = who('ada');
    const supplyBefore = await outstanding(db());
    const res = await createOrder(ctx.app, ada.session, buyBody(100));
    expect(res.statusCode).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    const view = res.json().orderCreatedData;
    const orderId = view.orderId as string;
    expect(orderId).toMatch(ORDER_ID_PATTERN);
    expect(res.json()).toEqual({
      orderCreatedData: {
        orderId,
        orderType: 'BUY',
        orderStatus: 'Initiated',
        statusLabel: 'Initiated',
        statusColour: 'grey',
        direction: 'SENT',
        paymentMethod: 'Bank',
        currencyUnit: {
          unitType: 'LAND_POUND',
          numberOfUnits: 100,
          pricePerUnit: PRICE,
          buyOrderTransactionFeeInCents: 100,
          sellOrderTransactionFeeInUnits: 10,
          convertOrderTransactionFeeInUnits: 0,
          isDoubleLand: false,
        },
        paymentDetails: {
          currency: 'GBP',
          paymentMethod: 'Bank',
          // 100 × 1.077986 = 107.7986 → £107.80
          subTotal: 10780,
          discount: 0,
          transactionFee: 100,
          paymentMethodFees: { fixedPercentageFees: 0, fixedCentsFees: 0 },
          paymentAmount: 10880,
        },
        buy: {
          paymentId: orderId.slice(-5),
          expiresAt: '2026-01-16T10:00:00.000Z',
          referenceCode: null,
          referenceCodeDetails: null,
          bonusUnits: 0,
          bonusUnlockAt: null,
          paymentFlag: null,
        },
        sell: null,
        transfer: null,
        convert: null,
        counterpartyEmail: null,
        counterpartyName: null,
        createdAt: START.toISOString(),
        updatedAt: START.toISOString(),
      },
    });
    expect(await bucketsOf(db(), ada.id)).toMatchObject({ owned: 0, pendingBuy: 100 });
    expect(await outstanding(db())).toBe(supplyBefore + 100);
    expect(await historyOf(db(), orderId)).toEqual([{ from_status: null, to_status: 'Initiated', actor: `user:${ada.id}`, reason: null }]);

    // The details call shows the same order with its history.
    const details = await getJson(ctx.app, ada.session, `/api/order/get_order_details/${orderId}`);
    expect(details.json()).toEqual({
      orderData: { ...view, statusHistory: [{ fromStatus: null, toStatus: 'Initiated', createdAt: START.toISOString(), reason: null }] },
    });
  });

  it('rounds the subtotal half-up to the cent once, and prices each unit type in its own currency', async () => {
    // 2,500 × 1.077986 = 2,694.965 exactly → £2,694.97 (a profile-Approved buyer: limit £100,000).
    const gus = who('gus');
    await setVerification(db(), gus.id, 'Approved', 'UnVerified');
    const half = await buy(gus, 2500);
    expect(half.paymentDetails).toMatchObject({ subTotal: 269497, transactionFee: 100, paymentAmount: 269597 });
    // 7 × 1.077986 = 7.545902 → $7.55, in USD for LAND_USD.
    const usd = await buy(gus, 7, 'LAND_USD');
    expect(usd.currencyUnit).toMatchObject({ unitType: 'LAND_USD', pricePerUnit: PRICE });
    expect(usd.paymentDetails).toEqual({
      currency: 'USD',
      paymentMethod: 'Bank',
      subTotal: 755,
      discount: 0,
      transactionFee: 100,
      paymentMethodFees: { fixedPercentageFees: 0, fixedCentsFees: 0 },
      paymentAmount: 855,
    });
    expect(await bucketsOf(db(), gus.id, 'LAND_USD')).toMatchObject({ pendingBuy: 7 });
  });

  it('uses the price of the clock’s UTC day: it changes at 00:00 UTC', async () => {
    const hal = who('hal');
    try {
      clock.set('2026-01-15T23:59:59.999Z');
      expect((await buy(hal, 1)).currencyUnit).toMatchObject({ pricePerUnit: '1.077986' });
      clock.set('2026-01-16T00:00:00.000Z');
      const next = await buy(hal, 1);
      expect(next.currencyUnit).toMatchObject({ pricePerUnit: '1.078200' });
      expect(next.buy).toMatchObject({ expiresAt: '2026-01-17T00:00:00.000Z' });
    } finally {
      clock.set(START);
    }
  });

  it('success_order moves an Initiated buy to PaymentSent (Pending Approval); the Units stay reserved', async () => {
    const bob = who('bob');
    const order = await buy(bob, 10);
    clock.advance(60_000);
    try {
      const res = await successOrder(ctx.app, bob.session, order.orderId);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.json()).toEqual({
        orderSuccessData: {
          ...order,
          orderStatus: 'PaymentSent',
          statusLabel: 'Pending Approval',
          statusColour: 'lilac',
          updatedAt: clock.now().toISOString(),
        },
      });
      expect(await bucketsOf(db(), bob.id)).toMatchObject({ owned: 0, pendingBuy: 10 });
      expect(await historyOf(db(), order.orderId)).toEqual([
        { from_status: null, to_status: 'Initiated', actor: `user:${bob.id}`, reason: null },
        { from_status: 'Initiated', to_status: 'PaymentSent', actor: `user:${bob.id}`, reason: null },
      ]);
    } finally {
      clock.set(START);
    }
  });

  it('success_order twice: a new key is refused with 409, the same key replays the first answer', async () => {
    const bob = who('bob');
    const order = await buy(bob, 3);
    const key = newKey();
    const first = await successOrder(ctx.app, bob.session, order.orderId, key);
    expect(first.statusCode).toBe(200);
    const before = await ledgerSnapshot(db());

    const again = await successOrder(ctx.app, bob.session, order.orderId);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'This order is Pending Approval; it cannot become Pending Approval.', code: 'TRANSITION_REFUSED' });

    const replay = await successOrder(ctx.app, bob.session, order.orderId, key);
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toBe(first.body);
    expect(await ledgerSnapshot(db())).toEqual(before);
  });

  it('a key used for one request cannot be used for another: a different buy, or another call on the same order (409)', async () => {
    const bob = who('bob');
    const key = newKey();
    const order = created(await createOrder(ctx.app, bob.session, buyBody(2), key));
    const before = await ledgerSnapshot(db());
    const other = await createOrder(ctx.app, bob.session, buyBody(3), key);
    expect(other.statusCode).toBe(409);
    expect(other.json()).toEqual({ message: IDEMPOTENCY_MESSAGES.reused, code: 'IDEMPOTENCY_KEY_REUSED' });
    const payKey = newKey();
    expect((await successOrder(ctx.app, bob.session, order.orderId, payKey)).statusCode).toBe(200);
    const snapshot = await ledgerSnapshot(db());
    const cancel = await cancelOrder(ctx.app, bob.session, order.orderId, payKey);
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json()).toEqual({ message: IDEMPOTENCY_MESSAGES.reused, code: 'IDEMPOTENCY_KEY_REUSED' });
    expect(await ledgerSnapshot(db())).toEqual(snapshot);
    expect(before.counts.orders).toBe(snapshot.counts.orders);
  });

  it('cancel_order cancels an Initiated buy and gives its Units back to the supply', async () => {
    const cy = who('cy');
    const supplyBefore = await outstanding(db());
    const order = await buy(cy, 25);
    expect(await bucketsOf(db(), cy.id)).toMatchObject({ pendingBuy: 25 });
    const res = await cancelOrder(ctx.app, cy.session, order.orderId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ orderCancelledData: { ...order, orderStatus: 'Cancelled', statusLabel: 'Cancelled', statusColour: 'grey' } });
    expect(await bucketsOf(db(), cy.id)).toMatchObject({ owned: 0, pendingBuy: 0 });
    expect(await outstanding(db())).toBe(supplyBefore);
    expect(await historyOf(db(), order.orderId)).toEqual([
      { from_status: null, to_status: 'Initiated', actor: `user:${cy.id}`, reason: null },
      { from_status: 'Initiated', to_status: 'Cancelled', actor: `user:${cy.id}`, reason: null },
    ]);

    // Nothing further can happen to it.
    const before = await ledgerSnapshot(db());
    const pay = await successOrder(ctx.app, cy.session, order.orderId);
    expect(pay.statusCode).toBe(409);
    expect(pay.json()).toEqual({ message: 'This order is Cancelled; it cannot become Pending Approval.', code: 'TRANSITION_REFUSED' });
    const twice = await cancelOrder(ctx.app, cy.session, order.orderId);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ message: 'This order is Cancelled; it cannot become Cancelled.', code: 'TRANSITION_REFUSED' });
    expect(await ledgerSnapshot(db())).toEqual(before);
  });

  it('refuses to cancel a buy once the payment is said to be sent (409), changing nothing', async () => {
    const cy = who('cy');
    const order = await buy(cy, 4);
    expect((await successOrder(ctx.app, cy.session, order.orderId)).statusCode).toBe(200);
    const before = await ledgerSnapshot(db());
    const res = await cancelOrder(ctx.app, cy.session, order.orderId);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'This order is Pending Approval; it cannot become Cancelled.', code: 'TRANSITION_REFUSED' });
    expect(await ledgerSnapshot(db())).toEqual(before);
    expect(await statusOf(db(), order.orderId)).toBe('PaymentSent');
  });

  it('answers 404 for someone else’s order, and the owner’s order is untouched', async () => {
    const order = await buy(who('dee'), 2);
    const before = await ledgerSnapshot(db());
    for (const res of [await successOrder(ctx.app, who('eli').session, order.orderId), await cancelOrder(ctx.app, who('eli').session, order.orderId)]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: ORDER_MESSAGES.orderNotFound, code: 'NOT_FOUND' });
    }
    expect(await ledgerSnapshot(db())).toEqual(before);
  });

  it.each([
    ['None', ORDER_MESSAGES.paymentMethod],
    ['Cash', ORDER_MESSAGES.paymentMethod],
  ])('refuses the payment method %s with 400 and writes nothing', async (method, message) => {
    const before = await ledgerSnapshot(db());
    const res = await createOrder(ctx.app, who('dee').session, buyBody(5, undefined, method));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: VALIDATION_MESSAGE, code: 'VALIDATION_FAILED', errors: { paymentMethod: message } });
    expect(await ledgerSnapshot(db())).toEqual(before);
  });
});

describe('purchase limit (email-verified: £1,000.00 per currency)', () => {
  it('refuses one buy over the limit with the SPEC message, on the units field too', async () => {
    const eli = who('eli');
    const before = await ledgerSnapshot(db());
    // 927 × 1.077986 = 999.29… → £999.29 + £1.00 fee = £1,000.29.
    const res = await createOrder(ctx.app, eli.session, buyBody(927));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: LIMIT_MESSAGE, code: 'LIMIT_EXCEEDED', errors: { numberOfUnits: LIMIT_MESSAGE } });
    expect(await ledgerSnapshot(db())).toEqual(before);
    // 926 → £998.22 + £1.00 = £999.22: within the limit.
    expect((await buy(eli, 926)).paymentDetails).toMatchObject({ paymentAmount: 99922 });
  });

  it('counts every unapproved buy: two that together exceed the limit, the second is refused', async () => {
    const fay = who('fay');
    expect((await buy(fay, 500)).paymentDetails).toMatchObject({ paymentAmount: 53999 });
    // 430 → £463.53 + £1 = £464.53; with £539.99 unapproved: £1,004.52.
    const res = await createOrder(ctx.app, fay.session, buyBody(430));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(LIMIT_MESSAGE);
    // 420 → £452.75 + £1 = £453.75; £993.74 in all.
    const fits = await buy(fay, 420);
    expect(fits.paymentDetails).toMatchObject({ paymentAmount: 45375 });

    // Another currency has its own limit.
    expect((await buy(fay, 500, 'LAND_USD')).paymentDetails).toMatchObject({ currency: 'USD', paymentAmount: 53999 });

    // A cancelled buy no longer counts…
    expect((await cancelOrder(ctx.app, fay.session, fits.orderId)).statusCode).toBe(200);
    const paid = await buy(fay, 420);
    // …nor does an approved one (even while PaymentSent it still does).
    expect((await successOrder(ctx.app, fay.session, paid.orderId)).statusCode).toBe(200);
    expect((await createOrder(ctx.app, fay.session, buyBody(100))).statusCode).toBe(409);
    await decide(ctx.app, admin.session, paid.orderId, 'Approved');
    expect((await buy(fay, 100)).orderStatus).toBe('Initiated');
  });

  it('lets two concurrent buys that together exceed the limit through one at a time: one 201, one 409', async () => {
    const ivy = who('ivy');
    const answers = await Promise.all([createOrder(ctx.app, ivy.session, buyBody(500)), createOrder(ctx.app, ivy.session, buyBody(500))]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    expect(answers.find((a) => a.statusCode === 409)?.json().message).toBe(LIMIT_MESSAGE);
    expect(await bucketsOf(db(), ivy.id)).toMatchObject({ pendingBuy: 500 });
  });

  it('gives a profile-Approved person £100,000.00', async () => {
    const jo = who('jo');
    expect((await createOrder(ctx.app, jo.session, buyBody(1000))).statusCode).toBe(409);
    await setVerification(db(), jo.id, 'Approved', 'UnVerified');
    expect((await buy(jo, 1000)).paymentDetails).toMatchObject({ paymentAmount: 107899 });
  });
});

describe('supply cap', () => {
  it('answers "You can only buy up to N units" with what is left under the cap', async () => {
    const kim = who('kim');
    await setVerification(db(), kim.id, 'Approved', 'UnVerified');
    // A land value that caps LAND_POUND at what is outstanding now plus 150:
    // floor(landValue × 84.74 % / 1.077986) = cap.
    const cap = BigInt((await outstanding(db())) + 150);
    const landValue = (cap * 1_077_986n + 8473n) / 8474n;
    expect((landValue * 8474n) / 1_077_986n).toBe(cap);
    await updateMoneySettings(db(), { ...DEFAULT_MONEY_SETTINGS, landValueGbpInCents: Number(landValue) }, admin.id, clock.now());
    try {
      const first = await buy(kim, 100);
      const before = await ledgerSnapshot(db());
      const res = await createOrder(ctx.app, kim.session, buyBody(60));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: 'You can only buy up to 50 units', code: 'LIMIT_EXCEEDED', errors: { numberOfUnits: 'You can only buy up to 50 units' } });
      expect(await ledgerSnapshot(db())).toEqual(before);
      const last = await buy(kim, 50);
      expect((await createOrder(ctx.app, kim.session, buyBody(1))).json().message).toBe('You can only buy up to 0 units');

      // A cancelled reservation frees its Units for the next buyer.
      expect((await cancelOrder(ctx.app, kim.session, first.orderId)).statusCode).toBe(200);
      expect((await createOrder(ctx.app, kim.session, buyBody(101))).json().message).toBe('You can only buy up to 100 units');
      expect((await cancelOrder(ctx.app, kim.session, last.orderId)).statusCode).toBe(200);
    } finally {
      await updateMoneySettings(db(), DEFAULT_MONEY_SETTINGS, admin.id, clock.now());
    }
  });
});

describe('expiry (the due-orders job)', () => {
  it('expires an Initiated buy 24 hours after it was placed, not a millisecond before; a PaymentSent one stays', async () => {
    const dee = who('dee');
    clock.set('2026-02-01T08:00:00Z');
    // Unpaid buys of the tests above are long due: let them expire first.
    await runDueOrders(ctx.app.ctx);
    const supplyBefore = await outstanding(db());
    const pendingBefore = (await bucketsOf(db(), dee.id)).pendingBuy ?? 0;
    const unpaid = await buy(dee, 30);
    const paid = await buy(dee, 20);
    expect((await successOrder(ctx.app, dee.session, paid.orderId)).statusCode).toBe(200);
    expect(unpaid.buy).toMatchObject({ expiresAt: '2026-02-02T08:00:00.000Z' });

    clock.set('2026-02-02T07:59:59.999Z');
    expect(await runDueOrders(ctx.app.ctx)).toEqual([]);
    expect(await statusOf(db(), unpaid.orderId)).toBe('Initiated');

    clock.set('2026-02-02T08:00:00.000Z');
    expect(await runDueOrders(ctx.app.ctx)).toEqual(['expired']);
    expect(await statusOf(db(), unpaid.orderId)).toBe('Expired');
    expect(await statusOf(db(), paid.orderId)).toBe('PaymentSent');
    expect(await bucketsOf(db(), dee.id)).toMatchObject({ pendingBuy: pendingBefore + 20 });
    expect(await outstanding(db())).toBe(supplyBefore + 20);
    expect((await historyOf(db(), unpaid.orderId)).at(-1)).toEqual({ from_status: 'Initiated', to_status: 'Expired', actor: 'system', reason: 'Not paid in time' });
    const view = await getJson(ctx.app, dee.session, `/api/order/get_order_details/${unpaid.orderId}`);
    expect(view.json().orderData).toMatchObject({ orderStatus: 'Expired', statusLabel: 'Expired', statusColour: 'grey', updatedAt: '2026-02-02T08:00:00.000Z' });

    // An expired order cannot be paid or cancelled any more; later runs leave everything alone.
    expect((await successOrder(ctx.app, dee.session, unpaid.orderId)).json()).toEqual({ message: 'This order is Expired; it cannot become Pending Approval.', code: 'TRANSITION_REFUSED' });
    expect((await cancelOrder(ctx.app, dee.session, unpaid.orderId)).statusCode).toBe(409);
    const before = await ledgerSnapshot(db());
    clock.advance(30 * 24 * HOUR);
    expect(await runDueOrders(ctx.app.ctx)).toEqual([]);
    expect(await statusOf(db(), paid.orderId)).toBe('PaymentSent');
    expect(await ledgerSnapshot(db())).toEqual(before);
  });

  it('refuses "I have sent the payment" once the 24 hours are over, even before the job has run', async () => {
    const dee = who('dee');
    clock.set('2026-03-10T08:00:00Z');
    // More than 30 days went by since Dee's last request: her session lapsed.
    dee.session = await signIn(ctx.app, dee.email);
    await runDueOrders(ctx.app.ctx);
    const order = await buy(dee, 5);
    clock.set('2026-03-11T08:00:00Z');
    const before = await ledgerSnapshot(db());
    const res = await successOrder(ctx.app, dee.session, order.orderId);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'This order is Expired; it cannot become Pending Approval.', code: 'TRANSITION_REFUSED' });
    expect(await ledgerSnapshot(db())).toEqual(before);
    expect(await runDueOrders(ctx.app.ctx)).toEqual(['expired']);
    expect(await statusOf(db(), order.orderId)).toBe('Expired');
  });

  it('still takes "I have sent the payment" a millisecond before the deadline', async () => {
    const dee = who('dee');
    const order = await buy(dee, 5);
    clock.advance(24 * HOUR - 1);
    expect((await successOrder(ctx.app, dee.session, order.orderId)).statusCode).toBe(200);
    clock.advance(1);
    expect(await runDueOrders(ctx.app.ctx)).toEqual([]);
    expect(await statusOf(db(), order.orderId)).toBe('PaymentSent');
  });
});
