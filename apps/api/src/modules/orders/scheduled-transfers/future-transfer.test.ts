import { ORDER_MESSAGES } from '@landunits/domain';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../platform/clock';
import { users } from '../../../schema';
import { VALIDATION_MESSAGE } from '../../../platform/http/app-error';
import { createTestApp, type TestContext } from '../../../test/app';
import { INSUFFICIENT_UNITS_MESSAGE } from '../../ledger';
import { runDueOrders } from '../index';
import { TRANSFER_DUE_MESSAGE } from './cancel-future-transfer';
import { ORDER_ID_PATTERN } from '../order-ids';
import { createOrder, getJson, giveUnits, signUp, transferBody, type TestUser } from '../test/fixtures';
import {
  bucketsOf,
  buyBody,
  cancelFutureTransfer,
  cancelOrder,
  created,
  decide,
  expectReconciled,
  historyOf,
  holdingCost,
  ledgerSnapshot,
  makeAdmin,
  scheduleBody,
  statusOf,
  successOrder,
} from '../test/lifecycle';

// Today is Thursday 2026-01-15 (UTC); tomorrow is 2026-01-16.
const START = new Date('2026-01-15T10:00:00Z');
const clock = new ManualClock(START);
let ctx: TestContext;
let ada: TestUser;
let bob: TestUser;
let eve: TestUser;
let gil: TestUser;

beforeAll(async () => {
  ctx = await createTestApp({ JOBS_DUE_ORDERS_INTERVAL_MS: '9999999' }, undefined, clock);
  ada = await signUp(ctx.app, 'ada.future@example.com', 'Ada', 'Lovelace');
  bob = await signUp(ctx.app, 'bob.future@example.com', 'Bob', 'Babbage');
  eve = await signUp(ctx.app, 'eve.future@example.com', 'Eve', 'Stranger');
  gil = await signUp(ctx.app, 'gil.future@example.com', 'Gil', 'Gone');
  // Ada bought 100 Units at £107.80 (so her Units have a cost) and was given 200 more.
  const admin = await makeAdmin(ctx.app, ctx.database.db, 'admin.future@example.com');
  const bought = created(await createOrder(ctx.app, ada.session, buyBody(100)));
  expect((await successOrder(ctx.app, ada.session, bought.orderId)).statusCode).toBe(200);
  await decide(ctx.app, admin.session, bought.orderId, 'Approved');
  await giveUnits(ctx.database.db, ada.id, 200);
});
afterAll(() => ctx.close());
afterEach(async () => {
  await expectReconciled(ctx.database.db, clock.now());
});

const db = () => ctx.database.db;

describe('TRANSFER_FUTURE: placing', () => {
  it.each([
    ['today', '2026-01-15', ORDER_MESSAGES.scheduledDateTooSoon],
    ['yesterday', '2026-01-14', ORDER_MESSAGES.scheduledDateTooSoon],
    ['last year', '2025-06-01', ORDER_MESSAGES.scheduledDateTooSoon],
    ['367 days ahead', '2027-01-17', ORDER_MESSAGES.scheduledDateTooFar],
    ['ten years ahead', '2036-01-16', ORDER_MESSAGES.scheduledDateTooFar],
    ['a day that does not exist', '2026-02-30', ORDER_MESSAGES.scheduledDateFormat],
    ['another format', '16/01/2026', ORDER_MESSAGES.scheduledDateFormat],
    ['an instant', '2026-01-16T00:00:00Z', ORDER_MESSAGES.scheduledDateFormat],
    ['an empty date', '', ORDER_MESSAGES.scheduledDateRequired],
  ])('refuses %s (%s) with 400 on scheduledDate, writing nothing', async (_name, date, message) => {
    const before = await ledgerSnapshot(db());
    const res = await createOrder(ctx.app, ada.session, scheduleBody(bob.email, 5, date));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: VALIDATION_MESSAGE, code: 'VALIDATION_FAILED', errors: { scheduledDate: message } });
    expect(await ledgerSnapshot(db())).toEqual(before);
  });

  it('refuses a transfer to yourself or to nobody, writing nothing', async () => {
    const before = await ledgerSnapshot(db());
    for (const [email, message] of [
      ['ADA.future@example.com', ORDER_MESSAGES.selfTransfer],
      ['nobody.future@example.com', ORDER_MESSAGES.noSuchRecipient],
    ] as const) {
      const res = await createOrder(ctx.app, ada.session, scheduleBody(email, 5, '2026-01-16'));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: VALIDATION_MESSAGE, code: 'VALIDATION_FAILED', errors: { recipientEmail: message } });
    }
    expect(await ledgerSnapshot(db())).toEqual(before);
  });

  it('answers 201 Scheduled (Transfer Queued) for tomorrow and moves owned → transferQueued', async () => {
    const before = await bucketsOf(db(), ada.id);
    const res = await createOrder(ctx.app, ada.session, scheduleBody('Bob.Future@example.com', 12, '2026-01-16'));
    expect(res.statusCode).toBe(201);
    const orderId = res.json().orderCreatedData.orderId as string;
    expect(orderId).toMatch(ORDER_ID_PATTERN);
    expect(res.json()).toEqual({
      orderCreatedData: {
        orderId,
        orderType: 'TRANSFER_FUTURE',
        orderStatus: 'Scheduled',
        statusLabel: 'Transfer Queued',
        statusColour: 'blue',
        direction: 'SENT',
        paymentMethod: 'None',
        currencyUnit: {
          unitType: 'LAND_POUND',
          numberOfUnits: 12,
          pricePerUnit: '1.077986',
          buyOrderTransactionFeeInCents: 100,
          sellOrderTransactionFeeInUnits: 10,
          convertOrderTransactionFeeInUnits: 0,
          isDoubleLand: false,
        },
        paymentDetails: null,
        buy: null,
        sell: null,
        transfer: { recipientEmail: 'bob.future@example.com', scheduledDate: '2026-01-16' },
        convert: null,
        counterpartyEmail: 'bob.future@example.com',
        counterpartyName: 'Bob B.',
        createdAt: START.toISOString(),
        updatedAt: START.toISOString(),
      },
    });
    expect(await bucketsOf(db(), ada.id)).toMatchObject({ owned: before.owned! - 12, transferQueued: before.transferQueued! + 12 });
    // The recipient sees it coming, without Ada's email.
    const theirs = await getJson(ctx.app, bob.session, `/api/order/get_order_details/${orderId}`);
    expect(theirs.json().orderData).toMatchObject({ direction: 'RECEIVED', orderStatus: 'Scheduled', transfer: { recipientEmail: null, scheduledDate: '2026-01-16' }, counterpartyName: 'Ada L.' });
    expect((await cancelFutureTransfer(ctx.app, ada.session, orderId)).statusCode).toBe(200);
  });

  it('accepts a date up to 366 days ahead', async () => {
    const order = created(await createOrder(ctx.app, ada.session, scheduleBody(bob.email, 1, '2027-01-16')));
    expect(order.transfer).toEqual({ recipientEmail: bob.email, scheduledDate: '2027-01-16' });
    expect((await cancelFutureTransfer(ctx.app, ada.session, order.orderId)).statusCode).toBe(200);
  });

  it('refuses more Units than owned with 409, writing nothing', async () => {
    const owned = (await bucketsOf(db(), ada.id)).owned!;
    const before = await ledgerSnapshot(db());
    const res = await createOrder(ctx.app, ada.session, scheduleBody(bob.email, owned + 1, '2026-01-16'));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: INSUFFICIENT_UNITS_MESSAGE, code: 'INSUFFICIENT_UNITS' });
    expect(await ledgerSnapshot(db())).toEqual(before);
  });
});

describe('cancel-future-transfer', () => {
  it('cancels a Scheduled transfer and gives the Units back to owned', async () => {
    const before = await bucketsOf(db(), ada.id);
    const order = created(await createOrder(ctx.app, ada.session, scheduleBody(bob.email, 7, '2026-01-20')));
    clock.advance(60_000);
    try {
      const res = await cancelFutureTransfer(ctx.app, ada.session, order.orderId);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        orderCancelledData: { ...order, orderStatus: 'Cancelled', statusLabel: 'Cancelled', statusColour: 'grey', updatedAt: clock.now().toISOString() },
      });
      expect(await bucketsOf(db(), ada.id)).toEqual(before);
      expect(await historyOf(db(), order.orderId)).toEqual([
        { from_status: null, to_status: 'Scheduled', actor: `user:${ada.id}`, reason: null },
        { from_status: 'Scheduled', to_status: 'Cancelled', actor: `user:${ada.id}`, reason: null },
      ]);

      const snapshot = await ledgerSnapshot(db());
      const twice = await cancelFutureTransfer(ctx.app, ada.session, order.orderId);
      expect(twice.statusCode).toBe(409);
      expect(twice.json()).toEqual({ message: 'This order is Cancelled; it cannot become Cancelled.', code: 'TRANSITION_REFUSED' });
      expect(await ledgerSnapshot(db())).toEqual(snapshot);
    } finally {
      clock.set(START);
    }
  });

  it('answers 404 to anyone but the sender, the recipient included', async () => {
    const order = created(await createOrder(ctx.app, ada.session, scheduleBody(bob.email, 3, '2026-01-16')));
    const before = await ledgerSnapshot(db());
    for (const user of [bob, eve]) {
      const res = await cancelFutureTransfer(ctx.app, user.session, order.orderId);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: ORDER_MESSAGES.orderNotFound, code: 'NOT_FOUND' });
    }
    expect(await ledgerSnapshot(db())).toEqual(before);
    expect((await cancelFutureTransfer(ctx.app, ada.session, order.orderId)).statusCode).toBe(200);
  });

  it('is not the call for other orders, and the buy calls are not for transfers (409)', async () => {
    const order = created(await createOrder(ctx.app, ada.session, scheduleBody(bob.email, 3, '2026-01-16')));
    const buy = created(await createOrder(ctx.app, ada.session, buyBody(1)));
    const before = await ledgerSnapshot(db());
    expect((await cancelOrder(ctx.app, ada.session, order.orderId)).statusCode).toBe(409);
    expect((await successOrder(ctx.app, ada.session, order.orderId)).statusCode).toBe(409);
    const wrong = await cancelFutureTransfer(ctx.app, ada.session, buy.orderId);
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json()).toEqual({ message: 'This order is Initiated; it cannot become Cancelled.', code: 'TRANSITION_REFUSED' });
    expect(await ledgerSnapshot(db())).toEqual(before);
    expect((await cancelFutureTransfer(ctx.app, ada.session, order.orderId)).statusCode).toBe(200);
    expect((await cancelOrder(ctx.app, ada.session, buy.orderId)).statusCode).toBe(200);
  });
});

describe('an immediate transfer', () => {
  it('moves the costs the way the job does: the sender’s average cost leaves, the recipient’s grows by today’s value', async () => {
    const sender = await bucketsOf(db(), ada.id);
    const senderHeld = Object.entries(sender).reduce((sum, [bucket, units]) => (bucket === 'pendingBuy' ? sum : sum + units), 0);
    const [senderCost, recipientCost] = [await holdingCost(db(), ada.id), await holdingCost(db(), bob.id)];
    created(await createOrder(ctx.app, ada.session, transferBody(bob.email, 30)));
    expect(await holdingCost(db(), ada.id)).toBe(senderCost - Math.round((senderCost * 30) / senderHeld));
    // 30 × 1.077986 = 32.33958 → £32.34
    expect(await holdingCost(db(), bob.id)).toBe(recipientCost + 3234);
  });
});

describe('the job runs a scheduled transfer at 00:00 UTC of its date', () => {
  it('not one millisecond before; then the recipient owns the Units and the costs move with them', async () => {
    const order = created(await createOrder(ctx.app, ada.session, scheduleBody(bob.email, 30, '2026-01-16')));
    const sender = await bucketsOf(db(), ada.id);
    const recipient = await bucketsOf(db(), bob.id);
    const senderHeld = Object.entries(sender).reduce((sum, [bucket, units]) => (bucket === 'pendingBuy' ? sum : sum + units), 0);
    const [senderCost, recipientCost] = [await holdingCost(db(), ada.id), await holdingCost(db(), bob.id)];

    clock.set('2026-01-15T23:59:59.999Z');
    expect(await runDueOrders(ctx.app.ctx)).toEqual([]);
    expect(await statusOf(db(), order.orderId)).toBe('Scheduled');
    expect(await bucketsOf(db(), ada.id)).toEqual(sender);

    clock.set('2026-01-16T00:00:00.000Z');
    expect(await runDueOrders(ctx.app.ctx)).toEqual(['transferred']);
    expect(await statusOf(db(), order.orderId)).toBe('Completed');
    expect(await bucketsOf(db(), ada.id)).toEqual({ ...sender, transferQueued: sender.transferQueued! - 30 });
    expect(await bucketsOf(db(), bob.id)).toEqual({ ...recipient, owned: recipient.owned! + 30 });
    // Ada's average cost leaves with the 30 Units; Bob's grows by their value on the day: 30 × 1.078200 = £32.35.
    expect(await holdingCost(db(), ada.id)).toBe(senderCost - Math.round((senderCost * 30) / senderHeld));
    expect(await holdingCost(db(), bob.id)).toBe(recipientCost + 3235);
    expect((await historyOf(db(), order.orderId)).at(-1)).toEqual({ from_status: 'Scheduled', to_status: 'Completed', actor: 'system', reason: null });

    // Done once: another run, and a late cancel, change nothing.
    const before = await ledgerSnapshot(db());
    expect(await runDueOrders(ctx.app.ctx)).toEqual([]);
    const late = await cancelFutureTransfer(ctx.app, ada.session, order.orderId);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ message: 'This order is Completed; it cannot become Cancelled.', code: 'TRANSITION_REFUSED' });
    expect(await ledgerSnapshot(db())).toEqual(before);
  });

  it('fails when the recipient no longer has an active account, and gives the Units back', async () => {
    clock.set('2026-01-16T12:00:00Z');
    const before = await bucketsOf(db(), ada.id);
    const order = created(await createOrder(ctx.app, ada.session, scheduleBody(gil.email, 8, '2026-01-17')));
    await db().update(users).set({ emailVerifiedAt: null }).where(eq(users.id, gil.id));
    clock.set('2026-01-17T00:00:00Z');
    expect(await runDueOrders(ctx.app.ctx)).toEqual(['failed']);
    expect(await statusOf(db(), order.orderId)).toBe('Failed');
    expect(await bucketsOf(db(), ada.id)).toEqual(before);
    expect(await bucketsOf(db(), gil.id)).toMatchObject({ owned: 0 });
    expect((await historyOf(db(), order.orderId)).at(-1)).toEqual({
      from_status: 'Scheduled',
      to_status: 'Failed',
      actor: 'system',
      reason: 'The recipient no longer has an active account',
    });
  });

  it('can be cancelled until 00:00 UTC of its date, not from then on even before the job has run', async () => {
    clock.set('2026-01-17T09:00:00Z');
    const before = await bucketsOf(db(), ada.id);
    const early = created(await createOrder(ctx.app, ada.session, scheduleBody(bob.email, 4, '2026-01-18')));
    const late = created(await createOrder(ctx.app, ada.session, scheduleBody(bob.email, 6, '2026-01-18')));
    clock.set('2026-01-17T23:59:59.999Z');
    expect((await cancelFutureTransfer(ctx.app, ada.session, early.orderId)).statusCode).toBe(200);
    clock.set('2026-01-18T00:00:00.000Z');
    const snapshot = await ledgerSnapshot(db());
    const res = await cancelFutureTransfer(ctx.app, ada.session, late.orderId);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: TRANSFER_DUE_MESSAGE, code: 'TRANSITION_REFUSED' });
    expect(await ledgerSnapshot(db())).toEqual(snapshot);
    expect(await runDueOrders(ctx.app.ctx)).toEqual(['transferred']);
    expect(await bucketsOf(db(), ada.id)).toEqual({ ...before, owned: before.owned! - 6 });
  });
});
