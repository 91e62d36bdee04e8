import { ORDER_MESSAGES } from '@landunits/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock, MINUTE } from '../../platform/clock';
import { VALIDATION_MESSAGE } from '../../platform/http/app-error';
import { IDEMPOTENCY_MESSAGES } from '../../platform/http/idempotency';
import { createTestApp, type TestContext } from '../../test/app';
import { createOrder, getJson, giveUnits, newKey, signUp, transferBody, type TestUser } from './test/fixtures';
import {
  bucketsOf,
  buyBody,
  created,
  decide,
  expectReconciled,
  historyOf,
  holdingCost,
  ledgerSnapshot,
  makeAdmin,
  outstanding,
  sellBody,
  setVerification,
  statusOf,
  successOrder,
  transition,
  type TestAdmin,
} from './test/lifecycle';

const START = new Date('2026-01-15T10:00:00Z');
const clock = new ManualClock(START);
let ctx: TestContext;
let admin: TestAdmin;
let ada: TestUser;
let bob: TestUser;
let sam: TestUser;

beforeAll(async () => {
  ctx = await createTestApp({ JOBS_DUE_ORDERS_INTERVAL_MS: '9999999' }, undefined, clock);
  ada = await signUp(ctx.app, 'ada.admin-orders@example.com', 'Ada', 'Lovelace');
  bob = await signUp(ctx.app, 'bob.admin-orders@example.com', 'Bob', 'Babbage');
  sam = await signUp(ctx.app, 'sam.admin-orders@example.com', 'Sam', 'Seller');
  admin = await makeAdmin(ctx.app, ctx.database.db, 'boss.admin-orders@example.com');
  await setVerification(ctx.database.db, sam.id);
  await giveUnits(ctx.database.db, sam.id, 500);
});
afterAll(() => ctx.close());
afterEach(async () => {
  await expectReconciled(ctx.database.db, clock.now());
});

const db = () => ctx.database.db;
const list = (session: string | undefined, query = '') => getJson(ctx.app, session, `/api/admin/orders${query}`);
const FORBIDDEN = { message: 'Only administrators can do this.', code: 'FORBIDDEN' };

/** A bank buy said to be paid (PaymentSent); returns its view as the buyer saw it then. */
async function paidBuy(user: TestUser, units: number) {
  const order = created(await createOrder(ctx.app, user.session, buyBody(units)));
  const res = await successOrder(ctx.app, user.session, order.orderId);
  expect(res.statusCode).toBe(200);
  return res.json().orderSuccessData as typeof order;
}

describe('GET /api/admin/orders', () => {
  it('lists the orders waiting for an admin, oldest first, with who placed them', async () => {
    clock.set(START);
    const first = await paidBuy(bob, 5);
    clock.advance(MINUTE);
    created(await createOrder(ctx.app, ada.session, buyBody(10))); // Initiated: the buyer still has to pay
    clock.advance(MINUTE);
    const sale = created(await createOrder(ctx.app, sam.session, sellBody(30)));
    clock.advance(MINUTE);
    created(await createOrder(ctx.app, sam.session, transferBody(ada.email, 1))); // nothing to decide
    clock.advance(MINUTE);
    const last = await paidBuy(ada, 20);

    const res = await list(admin.session);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const placedBy = (user: TestUser, name: string) => ({ placedBy: { userId: user.id, email: user.email, name } });
    expect(res.json()).toEqual({
      orders: [
        { ...first, direction: null, ...placedBy(bob, 'Bob Babbage') },
        // A sale also says where its payout stands (four eyes from 10,000.00; not marked paid yet).
        {
          ...sale,
          direction: null,
          ...placedBy(sam, 'Sam Seller'),
          payout: { amountCents: (sale.paymentDetails as { paymentAmount: number }).paymentAmount, currency: 'GBP', needsSecondAdmin: false, mark: null },
        },
        { ...last, direction: null, ...placedBy(ada, 'Ada Lovelace') },
      ],
      flagged: [],
      total: 3,
      page: 1,
      pageSize: 20,
    });

    const page2 = await list(admin.session, '?page=2&pageSize=2');
    expect(page2.json()).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(page2.json().orders.map((o: { orderId: string }) => o.orderId)).toEqual([last.orderId]);
  });

  it('refuses a page size over 100 or a page below 1', async () => {
    for (const query of ['?pageSize=101', '?page=0', '?page=x']) {
      const res = await list(admin.session, query);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
  });

  it('is for admins only: 401 signed out, 403 for anyone else', async () => {
    const out = await list(undefined);
    expect(out.statusCode).toBe(401);
    expect(out.json().code).toBe('UNAUTHORIZED');
    const user = await list(ada.session);
    expect(user.statusCode).toBe(403);
    expect(user.json()).toEqual(FORBIDDEN);
  });
});

describe('POST /api/admin/orders/{id}/transition', () => {
  it('Approved moves a paid buy’s Units from pendingBuy to owned, at what was paid (fees included), with the reason in the history', async () => {
    const order = await paidBuy(bob, 20);
    const before = await bucketsOf(db(), bob.id);
    const costBefore = await holdingCost(db(), bob.id);
    clock.advance(MINUTE);
    const res = await transition(ctx.app, admin.session, order.orderId, { toStatus: 'Approved', reason: '  Payment received in full  ' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      orderData: { ...order, orderStatus: 'Approved', statusLabel: 'Completed', statusColour: 'green', direction: null, updatedAt: clock.now().toISOString() },
    });
    const after = await bucketsOf(db(), bob.id);
    expect(after.owned).toBe((before.owned ?? 0) + 20);
    expect(after.pendingBuy).toBe((before.pendingBuy ?? 0) - 20);
    // 20 × 1.077986 = 21.55972 → £21.56, and the £1 fee: what was paid.
    expect(await holdingCost(db(), bob.id)).toBe(costBefore + 2256);
    expect((await historyOf(db(), order.orderId)).at(-1)).toEqual({
      from_status: 'PaymentSent',
      to_status: 'Approved',
      actor: `admin:${admin.id}`,
      reason: 'Payment received in full',
    });
    // The buyer sees the reason; the order leaves the admin's list.
    const mine = await getJson(ctx.app, bob.session, `/api/order/get_order_details/${order.orderId}`);
    expect(mine.json().orderData.statusHistory.at(-1)).toEqual({ fromStatus: 'PaymentSent', toStatus: 'Approved', createdAt: clock.now().toISOString(), reason: 'Payment received in full' });
    expect((await list(admin.session)).json().orders.map((o: { orderId: string }) => o.orderId)).not.toContain(order.orderId);
  });

  it('Failed rejects a paid buy and gives its Units back to the supply', async () => {
    const supplyBefore = await outstanding(db());
    const order = await paidBuy(ada, 15);
    const pending = (await bucketsOf(db(), ada.id)).pendingBuy ?? 0;
    const view = await decide(ctx.app, admin.session, order.orderId, 'Failed', 'No payment arrived');
    expect(view).toMatchObject({ orderStatus: 'Failed', statusLabel: 'Failed', statusColour: 'red' });
    expect((await bucketsOf(db(), ada.id)).pendingBuy).toBe(pending - 15);
    expect(await outstanding(db())).toBe(supplyBefore);
    expect((await historyOf(db(), order.orderId)).at(-1)).toEqual({ from_status: 'PaymentSent', to_status: 'Failed', actor: `admin:${admin.id}`, reason: 'No payment arrived' });
  });

  it.each([
    [{ toStatus: 'Approved' }, { reason: ORDER_MESSAGES.reasonRequired }],
    [{ toStatus: 'Approved', reason: 'ok' }, { reason: ORDER_MESSAGES.reasonRequired }],
    [{ toStatus: 'Approved', reason: '   ab   ' }, { reason: ORDER_MESSAGES.reasonRequired }],
    [{ toStatus: 'Approved', reason: 'x'.repeat(501) }, { reason: ORDER_MESSAGES.reasonTooLong }],
    [{ toStatus: 'Approved', reason: 42 }, { reason: ORDER_MESSAGES.reasonRequired }],
    [{ toStatus: 'Expired', reason: 'Because' }, { toStatus: ORDER_MESSAGES.adminStatus }],
    [{ toStatus: 'Cancelled', reason: 'Because' }, { toStatus: ORDER_MESSAGES.adminStatus }],
    [{ reason: 'Because' }, { toStatus: ORDER_MESSAGES.adminStatus }],
  ])('refuses the body %j with 400 and changes nothing', async (body, errors) => {
    const order = await paidBuy(ada, 1);
    const before = await ledgerSnapshot(db());
    const res = await transition(ctx.app, admin.session, order.orderId, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: VALIDATION_MESSAGE, code: 'VALIDATION_FAILED', errors });
    expect(await ledgerSnapshot(db())).toEqual(before);
  });

  it('refuses a body that tries to set anything else', async () => {
    const order = await paidBuy(ada, 1);
    const before = await ledgerSnapshot(db());
    const res = await transition(ctx.app, admin.session, order.orderId, { toStatus: 'Approved', reason: 'Paid', numberOfUnits: 1000 });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
    expect(await ledgerSnapshot(db())).toEqual(before);
  });

  it('answers 409 for a transition the order’s flow does not allow, and changes nothing', async () => {
    const initiated = created(await createOrder(ctx.app, ada.session, buyBody(2)));
    const sale = created(await createOrder(ctx.app, sam.session, sellBody(20)));
    const transfer = created(await createOrder(ctx.app, sam.session, transferBody(bob.email, 1)));
    const approved = await paidBuy(bob, 1);
    await decide(ctx.app, admin.session, approved.orderId, 'Approved');
    const cases: [string, string, string][] = [
      [initiated.orderId, 'Approved', 'This order is Initiated; it cannot become Completed.'],
      [initiated.orderId, 'Failed', 'This order is Initiated; it cannot become Failed.'],
      [sale.orderId, 'Completed', 'This order is Funds Waiting Approval; it cannot become Completed.'],
      [sale.orderId, 'Approved', 'This order is Funds Waiting Approval; it cannot become Completed.'],
      [transfer.orderId, 'Failed', 'This order is Completed; it cannot become Failed.'],
      [approved.orderId, 'Approved', 'This order is Completed; it cannot become Completed.'],
      [approved.orderId, 'Failed', 'This order is Completed; it cannot become Failed.'],
      [approved.orderId, 'PartialComplete', 'This order is Completed; it cannot become Partially Complete.'],
    ];
    const before = await ledgerSnapshot(db());
    for (const [orderId, toStatus, message] of cases) {
      const res = await transition(ctx.app, admin.session, orderId, { toStatus, reason: 'Trying it' });
      expect(res.statusCode, `${toStatus} on ${orderId}`).toBe(409);
      expect(res.json()).toEqual({ message, code: 'TRANSITION_REFUSED' });
    }
    expect(await ledgerSnapshot(db())).toEqual(before);
    expect(await statusOf(db(), initiated.orderId)).toBe('Initiated');
    expect(await statusOf(db(), sale.orderId)).toBe('FundsWaitingApproval');
  });

  it('answers 404 for an unknown or malformed order id', async () => {
    const before = await ledgerSnapshot(db());
    for (const id of ['01ARYZ6S41TSV4RRFFQ69G5FAV', "1' or '1'='1", 'x'.repeat(64)]) {
      const res = await transition(ctx.app, admin.session, id, { toStatus: 'Approved', reason: 'Paid' });
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual({ message: ORDER_MESSAGES.orderNotFound, code: 'NOT_FOUND' });
    }
    expect(await ledgerSnapshot(db())).toEqual(before);
  });

  it('needs an Idempotency-Key; a repeated key replays the first answer, a different body with it is 409', async () => {
    const order = await paidBuy(ada, 3);
    const before = await ledgerSnapshot(db());
    const missing = await transition(ctx.app, admin.session, order.orderId, { toStatus: 'Approved', reason: 'Paid' }, null);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ message: IDEMPOTENCY_MESSAGES.missing, code: 'IDEMPOTENCY_KEY_MISSING' });
    const malformed = await transition(ctx.app, admin.session, order.orderId, { toStatus: 'Approved', reason: 'Paid' }, 'short');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ message: IDEMPOTENCY_MESSAGES.malformed, code: 'BAD_REQUEST' });
    expect(await ledgerSnapshot(db())).toEqual(before);

    const key = newKey();
    const first = await transition(ctx.app, admin.session, order.orderId, { toStatus: 'Approved', reason: 'Paid' }, key);
    expect(first.statusCode).toBe(200);
    const afterFirst = await ledgerSnapshot(db());
    const again = await transition(ctx.app, admin.session, order.orderId, { toStatus: 'Approved', reason: 'Paid' }, key);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
    const other = await transition(ctx.app, admin.session, order.orderId, { toStatus: 'Failed', reason: 'Paid' }, key);
    expect(other.statusCode).toBe(409);
    expect(other.json()).toEqual({ message: IDEMPOTENCY_MESSAGES.reused, code: 'IDEMPOTENCY_KEY_REUSED' });
    expect(await ledgerSnapshot(db())).toEqual(afterFirst);
  });

  it('is for admins only: 401 signed out, 403 for the buyer themself', async () => {
    const order = await paidBuy(ada, 1);
    const before = await ledgerSnapshot(db());
    const out = await transition(ctx.app, undefined, order.orderId, { toStatus: 'Approved', reason: 'Paid' });
    expect(out.statusCode).toBe(401);
    const self = await transition(ctx.app, ada.session, order.orderId, { toStatus: 'Approved', reason: 'Paid' });
    expect(self.statusCode).toBe(403);
    expect(self.json()).toEqual(FORBIDDEN);
    expect(await ledgerSnapshot(db())).toEqual(before);
  });
});
