import { ORDER_MESSAGES } from '@landunits/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { HOUR } from '../../platform/clock';
import { VALIDATION_MESSAGE } from '../../platform/http/app-error';
import { IDEMPOTENCY_MESSAGES } from '../../platform/http/idempotency';
import { orders } from '../../schema';
import { runDueOrders } from './index';
import { ORDER_ID_PATTERN } from './order-ids';
import { createOrder, getJson, newKey } from './test/fixtures';
import { bucketsOf, buyBody, cancelOrder, created, historyOf, ledgerSnapshot, outstanding, setVerification, signIn, statusOf, successOrder } from './test/lifecycle';

import { START, PRICE, clock, ctx, db, who, buy, useBuyBankApp } from './test/buy-bank-setup';

useBuyBankApp();

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
          paymentMethodFeeTerms: { percentageBasisPoints: 0, fixedCents: 0 },
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
      paymentMethodFeeTerms: { percentageBasisPoints: 0, fixedCents: 0 },
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
      // Placed on a Friday: one business day later is the Monday.
      expect(next.buy).toMatchObject({ expiresAt: '2026-01-19T00:00:00.000Z' });
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

describe('expiry (the due-orders job)', () => {
  it('expires an Initiated GBP buy one business day after it was placed, not a millisecond before; a PaymentSent one stays', async () => {
    const dee = who('dee');
    // A Monday.
    clock.set('2026-02-02T08:00:00Z');
    // Unpaid buys of the tests above are long due: let them expire first.
    await runDueOrders(ctx.app.ctx);
    const supplyBefore = await outstanding(db());
    const pendingBefore = (await bucketsOf(db(), dee.id)).pendingBuy ?? 0;
    const unpaid = await buy(dee, 30);
    const paid = await buy(dee, 20);
    expect((await successOrder(ctx.app, dee.session, paid.orderId)).statusCode).toBe(200);
    expect(unpaid.buy).toMatchObject({ expiresAt: '2026-02-03T08:00:00.000Z' });

    clock.set('2026-02-03T07:59:59.999Z');
    expect(await runDueOrders(ctx.app.ctx)).toEqual([]);
    expect(await statusOf(db(), unpaid.orderId)).toBe('Initiated');

    clock.set('2026-02-03T08:00:00.000Z');
    expect(await runDueOrders(ctx.app.ctx)).toEqual(['expired']);
    expect(await statusOf(db(), unpaid.orderId)).toBe('Expired');
    expect(await statusOf(db(), paid.orderId)).toBe('PaymentSent');
    expect(await bucketsOf(db(), dee.id)).toMatchObject({ pendingBuy: pendingBefore + 20 });
    expect(await outstanding(db())).toBe(supplyBefore + 20);
    expect((await historyOf(db(), unpaid.orderId)).at(-1)).toEqual({ from_status: 'Initiated', to_status: 'Expired', actor: 'system', reason: 'Not paid in time' });
    const view = await getJson(ctx.app, dee.session, `/api/order/get_order_details/${unpaid.orderId}`);
    expect(view.json().orderData).toMatchObject({ orderStatus: 'Expired', statusLabel: 'Expired', statusColour: 'grey', updatedAt: '2026-02-03T08:00:00.000Z' });

    // An expired order cannot be paid or cancelled any more; later runs leave everything alone.
    expect((await successOrder(ctx.app, dee.session, unpaid.orderId)).json()).toEqual({ message: 'This order is Expired; it cannot become Pending Approval.', code: 'TRANSITION_REFUSED' });
    expect((await cancelOrder(ctx.app, dee.session, unpaid.orderId)).statusCode).toBe(409);
    const before = await ledgerSnapshot(db());
    clock.advance(30 * 24 * HOUR);
    expect(await runDueOrders(ctx.app.ctx)).toEqual([]);
    expect(await statusOf(db(), paid.orderId)).toBe('PaymentSent');
    expect(await ledgerSnapshot(db())).toEqual(before);
  });

  it('refuses "I have sent the payment" once the business day is over, even before the job has run', async () => {
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

describe('the payment deadline of each currency and method (decision 0068)', () => {
  const dueAtOf = async (orderId: string) => (await db().select({ dueAt: orders.dueAt }).from(orders).where(eq(orders.id, orderId)))[0]?.dueAt?.toISOString();

  it('gives a bank buy the business days of its currency: GBP 1, EUR 2, USD and AUD 4, over the weekend', async () => {
    const kim = who('kim');
    // A Friday, 15:00 UTC.
    clock.set('2026-03-13T15:00:00Z');
    kim.session = await signIn(ctx.app, kim.email);
    await runDueOrders(ctx.app.ctx);
    const placed = {
      GBP: await buy(kim, 3),
      EUR: await buy(kim, 3, 'LAND_EUR'),
      USD: await buy(kim, 3, 'LAND_USD'),
      AUD: await buy(kim, 3, 'LAND_AUD'),
    };
    const want = {
      GBP: '2026-03-16T15:00:00.000Z', // Monday
      EUR: '2026-03-17T15:00:00.000Z', // Tuesday
      USD: '2026-03-19T15:00:00.000Z', // Thursday
      AUD: '2026-03-19T15:00:00.000Z',
    };
    for (const [currency, order] of Object.entries(placed)) {
      const deadline = want[currency as keyof typeof want];
      expect(order.buy, currency).toMatchObject({ expiresAt: deadline });
      expect(await dueAtOf(order.orderId), currency).toBe(deadline);
    }

    // Saturday counts from Monday 00:00 UTC.
    clock.set('2026-03-14T10:00:00Z');
    const weekend = await buy(kim, 2);
    expect(weekend.buy).toMatchObject({ expiresAt: '2026-03-17T00:00:00.000Z' });

    // The job expires each at its own deadline.
    clock.set('2026-03-19T14:59:59.999Z');
    await runDueOrders(ctx.app.ctx);
    expect([await statusOf(db(), placed.GBP.orderId), await statusOf(db(), placed.EUR.orderId), await statusOf(db(), weekend.orderId)]).toEqual(['Expired', 'Expired', 'Expired']);
    expect([await statusOf(db(), placed.USD.orderId), await statusOf(db(), placed.AUD.orderId)]).toEqual(['Initiated', 'Initiated']);
    expect((await successOrder(ctx.app, kim.session, placed.USD.orderId)).statusCode).toBe(200);
    clock.set('2026-03-19T15:00:00.000Z');
    expect(await runDueOrders(ctx.app.ctx)).toEqual(['expired']);
    expect(await statusOf(db(), placed.AUD.orderId)).toBe('Expired');
    expect(await statusOf(db(), placed.USD.orderId)).toBe('PaymentSent');
  });

  it('keeps the hours setting (24 h) for card and crypto buys, weekend or not, in any currency', async () => {
    const jo = who('jo');
    clock.set('2026-03-20T15:00:00Z'); // a Friday
    jo.session = await signIn(ctx.app, jo.email);
    const card = created(await createOrder(ctx.app, jo.session, buyBody(4, 'LAND_USD', 'Card_Stripe')));
    const crypto = created(await createOrder(ctx.app, jo.session, { ...buyBody(4, 'LAND_AUD', 'Crypto'), paymentDetails: { paymentMethod: 'Crypto', cryptoType: 'BITCOIN' } }));
    for (const order of [card, crypto]) {
      expect(order.buy).toMatchObject({ expiresAt: '2026-03-21T15:00:00.000Z' });
      expect(await dueAtOf(order.orderId)).toBe('2026-03-21T15:00:00.000Z');
      expect((await cancelOrder(ctx.app, jo.session, order.orderId)).statusCode).toBe(200);
    }
  });
});
