import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock';
import { queryRows } from '../../platform/db/client';
import { createTestApp, type TestContext } from '../../test/app';
import { stepUp } from '../../test/accounts';
import { openSession } from '../../test/factories';
import { INSUFFICIENT_UNITS_MESSAGE } from '../ledger';
import { createOrder, giveUnits, newKey, signUp, transferBody, type TestUser } from './test/fixtures';
import {
  bucketsOf,
  buyBody,
  cancelOrder,
  convertBody,
  created,
  expectReconciled,
  makeAdmin,
  scheduleBody,
  sellBody,
  setVerification,
  successOrder,
  transition,
  type TestAdmin,
} from './test/lifecycle';

// Races over HTTP (QUALITY.md "Ledger and orders"). On PostgreSQL (TEST_DATABASE_URL) the requests
// really run side by side on a pool of 10 connections; on the embedded database they queue, which
// must give the same answers.
const clock = new ManualClock(new Date('2026-01-15T10:00:00Z'));
let ctx: TestContext;
let admin: TestAdmin;
let bob: TestUser;
let n = 0;

beforeAll(async () => {
  ctx = await createTestApp({ JOBS_DUE_ORDERS_INTERVAL_MS: '9999999' }, undefined, clock);
  bob = await signUp(ctx.app, 'bob.races@example.com', 'Bob', 'Babbage');
  admin = await makeAdmin(ctx.app, ctx.database.db, 'admin.races@example.com');
});
afterAll(() => ctx.close());
afterEach(async () => {
  await expectReconciled(ctx.database.db, clock.now());
});

const db = () => ctx.database.db;

/** A fresh verified seller holding `units` GBP Units. */
async function seller(units: number): Promise<TestUser> {
  n += 1;
  const user = await signUp(ctx.app, `seller${n}.races@example.com`, 'Sel', `Ler${n}`);
  await setVerification(db(), user.id);
  if (units > 0) await giveUnits(db(), user.id, units);
  return user;
}

const codes = (answers: { statusCode: number }[]) => {
  const count: Record<number, number> = {};
  for (const a of answers) count[a.statusCode] = (count[a.statusCode] ?? 0) + 1;
  return count;
};

async function ordersOf(userId: string, orderType: string): Promise<number> {
  const rows = await queryRows<{ n: string }>(db(), sql`select count(*)::text as n from orders where user_id = ${userId}::uuid and order_type = ${orderType}`);
  return Number(rows[0]?.n);
}

describe('drain races over HTTP', () => {
  // A sale must be larger than its 10-Unit fee, so the sell race uses 11-Unit sales on an 1,100-Unit
  // balance: room for exactly 100 of the 200.
  it('200 concurrent 11-Unit sells from 1,100 Units: exactly 100 × 201, 100 × 409, none 5xx', async () => {
    const sam = await seller(1_100);
    // Each sale takes its own step-up (decision 0050): one session each, stepped up beforehand.
    const sessions = await Promise.all(Array.from({ length: 200 }, () => openSession(ctx.app, sam.id)));
    for (const session of sessions) await stepUp(ctx.app, session, 'sell');
    const answers = await Promise.all(sessions.map((session) => createOrder(ctx.app, session, sellBody(11), newKey(), { stepUp: false })));
    expect(codes(answers)).toEqual({ 201: 100, 409: 100 });
    for (const a of answers.filter((x) => x.statusCode === 409)) expect(a.json()).toEqual({ message: INSUFFICIENT_UNITS_MESSAGE, code: 'INSUFFICIENT_UNITS' });
    expect(await bucketsOf(db(), sam.id)).toMatchObject({ owned: 0, pendingSell: 1_100 });
    expect(await ordersOf(sam.id, 'SELL')).toBe(100);
  });

  it('200 concurrent 1-Unit conversions from 100 Units: exactly 100 × 201, 100 × 409, none 5xx', async () => {
    const cy = await seller(100);
    const answers = await Promise.all(Array.from({ length: 200 }, () => createOrder(ctx.app, cy.session, convertBody(1, 'LAND_POUND', 'LAND_USD'))));
    expect(codes(answers)).toEqual({ 201: 100, 409: 100 });
    for (const a of answers.filter((x) => x.statusCode === 409)) {
      expect(a.json()).toEqual({ message: 'You can only convert up to 0 units', code: 'INSUFFICIENT_UNITS', errors: { numberOfUnits: 'You can only convert up to 0 units' } });
    }
    // floor(1 × 1.24) = 1 USD Unit each.
    expect(await bucketsOf(db(), cy.id)).toMatchObject({ owned: 0 });
    expect(await bucketsOf(db(), cy.id, 'LAND_USD')).toMatchObject({ convertLocked: 100 });
    expect(await ordersOf(cy.id, 'CONVERT')).toBe(100);
  });

  it('sells, conversions, transfers and scheduled transfers racing for 330 Units: the successes add up to exactly 330', async () => {
    const mix = await seller(330);
    const requests = [
      ...Array.from({ length: 30 }, () => ({ units: 11, body: sellBody(11) })),
      ...Array.from({ length: 165 }, () => ({ units: 2, body: convertBody(2) })),
      ...Array.from({ length: 165 }, () => ({ units: 1, body: transferBody(bob.email, 1) })),
      ...Array.from({ length: 165 }, () => ({ units: 1, body: scheduleBody(bob.email, 1, '2026-01-20') })),
    ].sort(() => Math.random() - 0.5);
    const answers = await Promise.all(requests.map((r) => createOrder(ctx.app, mix.session, r.body)));
    expect(answers.filter((a) => a.statusCode >= 500)).toEqual([]);
    expect(answers.every((a) => a.statusCode === 201 || a.statusCode === 409)).toBe(true);
    const spent = requests.reduce((sum, r, i) => (answers[i]?.statusCode === 201 ? sum + r.units : sum), 0);
    expect(spent).toBe(330);
    expect(await bucketsOf(db(), mix.id)).toMatchObject({ owned: 0 });
  });
});

describe('one request, many times at once', () => {
  it('50 concurrent identical create_order requests with one key: 1 order, 49 replays of the first answer', async () => {
    const ivy = await seller(0);
    const key = newKey();
    const answers = await Promise.all(Array.from({ length: 50 }, () => createOrder(ctx.app, ivy.session, buyBody(10), key)));
    expect(codes(answers)).toEqual({ 201: 50 });
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(49);
    expect(await ordersOf(ivy.id, 'BUY')).toBe(1);
    expect(await bucketsOf(db(), ivy.id)).toMatchObject({ pendingBuy: 10 });
  });

  it('50 concurrent identical conversions with one key convert once', async () => {
    const jo = await seller(100);
    const key = newKey();
    const answers = await Promise.all(Array.from({ length: 50 }, () => createOrder(ctx.app, jo.session, convertBody(10), key)));
    expect(codes(answers)).toEqual({ 201: 50 });
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(49);
    expect(await bucketsOf(db(), jo.id)).toMatchObject({ owned: 90 });
  });

  it('20 concurrent success_order calls with different keys: one 200, 19 × 409', async () => {
    const kim = await seller(0);
    const order = created(await createOrder(ctx.app, kim.session, buyBody(5)));
    const answers = await Promise.all(Array.from({ length: 20 }, () => successOrder(ctx.app, kim.session, order.orderId)));
    expect(codes(answers)).toEqual({ 200: 1, 409: 19 });
  });

  it('success_order and cancel_order at once: exactly one wins, and the Units follow it', async () => {
    const lu = await seller(0);
    for (let round = 0; round < 5; round++) {
      const order = created(await createOrder(ctx.app, lu.session, buyBody(3)));
      const before = (await bucketsOf(db(), lu.id)).pendingBuy ?? 0;
      const [paid, cancelled] = await Promise.all([successOrder(ctx.app, lu.session, order.orderId), cancelOrder(ctx.app, lu.session, order.orderId)]);
      expect([paid.statusCode, cancelled.statusCode].sort()).toEqual([200, 409]);
      expect((await bucketsOf(db(), lu.id)).pendingBuy).toBe(paid.statusCode === 200 ? before : before - 3);
    }
  });

  it('20 concurrent approvals of one buy by an admin (different keys): one 200, the Units move once', async () => {
    const mo = await seller(0);
    const order = created(await createOrder(ctx.app, mo.session, buyBody(7)));
    expect((await successOrder(ctx.app, mo.session, order.orderId)).statusCode).toBe(200);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => transition(ctx.app, admin.session, order.orderId, { toStatus: i % 2 ? 'Approved' : 'Failed', reason: `Decision ${i}` })));
    expect(codes(answers)).toEqual({ 200: 1, 409: 19 });
    const won = answers.find((a) => a.statusCode === 200)?.json().orderData.orderStatus;
    expect(await bucketsOf(db(), mo.id)).toMatchObject(won === 'Approved' ? { owned: 7, pendingBuy: 0 } : { owned: 0, pendingBuy: 0 });
  });
});
