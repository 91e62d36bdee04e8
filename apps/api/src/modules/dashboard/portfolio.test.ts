import { DEFAULT_MONEY_SETTINGS, priceOn } from '@landunits/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY, ManualClock } from '../../platform/clock';
import { createTestApp, type TestContext } from '../../test/app';
import { createOrder, signUp, transferBody, type TestUser } from '../orders/test/fixtures';
import { buyBody, convertBody, created, decide, expectReconciled, makeAdmin, scheduleBody, sellBody, setVerification, signIn, successOrder, type TestAdmin } from '../orders/test/lifecycle';

/**
 * GET /api/user/portfolio and PUT /api/user/display-currency: the dashboard's total in one
 * currency, its parts, and the value of what was held at the end of each day, from the ledger.
 */

// The database dates ledger entries by its own clock, so the test starts today (at noon UTC, so two
// days on is still inside the tests' run), and moves the app's clock on from there.
const REAL = new Date();
const START = new Date(Date.UTC(REAL.getUTCFullYear(), REAL.getUTCMonth(), REAL.getUTCDate(), 12));
const isoDay = (offset: number) => new Date(START.getTime() + offset * DAY).toISOString().slice(0, 10);
const DAY0 = isoDay(0);
const clock = new ManualClock(START);
let ctx: TestContext;
let admin: TestAdmin;
let ada: TestUser;
let bob: TestUser;

beforeAll(async () => {
  ctx = await createTestApp({ JOBS_DUE_ORDERS_INTERVAL_MS: '9999999' }, undefined, clock);
  ada = await signUp(ctx.app, 'ada.portfolio@example.com', 'Ada', 'Lovelace');
  bob = await signUp(ctx.app, 'bob.portfolio@example.com', 'Bob', 'Babbage');
  admin = await makeAdmin(ctx.app, ctx.database.db, 'admin.portfolio@example.com');
});
afterAll(() => ctx.close());

const ORIGIN = { origin: 'http://localhost:3000' };
const as = (user: TestUser) => ({ cookies: { lu_session: user.session } });

async function portfolio(user: TestUser, query = '') {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/user/portfolio${query}`, ...as(user) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const price = (date: string) => priceOn('LAND_POUND', new Date(`${date}T00:00:00Z`), DEFAULT_MONEY_SETTINGS);
/** Cents of `units` at `unitPrice`, half-up (the reference for the history's points). */
const cents = (units: number, unitPrice: string) => Math.round(units * Number(unitPrice) * 100);

describe('GET /api/user/portfolio', () => {
  it('asks a signed-out visitor to log in, and refuses an unknown currency or range', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/user/portfolio' })).statusCode).toBe(401);
    for (const query of ['?currency=JPY', '?range=5Y']) {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/user/portfolio${query}`, ...as(ada) });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
  });

  it('shows nothing held for a new person, and a bank buy as awaiting payment until approved', async () => {
    const empty = await portfolio(ada);
    expect(empty).toMatchObject({ currency: 'GBP', total: 0, available: 0, locked: 0, pending: 0, awaitingPayment: [], priceDate: DAY0 });
    expect(empty.history).toHaveLength(91);
    expect(empty.history.at(-1)).toEqual({ date: DAY0, value: 0 });
    expect(empty.holdings.map((h: { unitType: string }) => h.unitType)).toEqual(['LAND_POUND', 'LAND_USD', 'LAND_EUR', 'LAND_AUD']);

    const order = created(await createOrder(ctx.app, ada.session, buyBody(100)));
    expect((await successOrder(ctx.app, ada.session, order.orderId)).statusCode).toBe(200);
    expect(await portfolio(ada)).toMatchObject({ total: 0, awaitingPayment: [{ unitType: 'LAND_POUND', units: 100 }] });

    await decide(ctx.app, admin.session, order.orderId, 'Approved');
    const approved = await portfolio(ada);
    const worth = cents(100, price(DAY0));
    expect(approved).toMatchObject({ total: worth, available: worth, locked: 0, pending: 0, awaitingPayment: [] });
    expect(approved.holdings[0]).toEqual({ unitType: 'LAND_POUND', units: 100, value: worth });
  });

  it('splits into available, locked and pending that add up to the total in every currency', async () => {
    // Ada sells 20, schedules 10 to Bob and converts 20 GBP Units into 24 USD Units (locked).
    await setVerification(ctx.database.db, ada.id);
    created(await createOrder(ctx.app, ada.session, sellBody(20)));
    created(await createOrder(ctx.app, ada.session, scheduleBody(bob.email, 10, isoDay(20))));
    created(await createOrder(ctx.app, ada.session, convertBody(20)));

    const today = price(DAY0);
    const gbp = await portfolio(ada);
    expect(gbp.available).toBe(cents(50, today));
    expect(gbp.pending).toBe(cents(30, today));
    // 24 USD Units at the USD price (the same number) in pounds: ÷ 1.24.
    expect(gbp.locked).toBe(Math.round((24 * Number(today) * 100) / 1.24));
    expect(gbp.total).toBe(gbp.available + gbp.locked + gbp.pending);
    expect(gbp.holdings.slice(0, 2)).toEqual([
      { unitType: 'LAND_POUND', units: 80, value: cents(80, today) },
      { unitType: 'LAND_USD', units: 24, value: gbp.locked },
    ]);

    for (const currency of ['USD', 'EUR', 'AUD'] as const) {
      const other = await portfolio(ada, `?currency=${currency}`);
      expect(other.currency).toBe(currency);
      expect(other.total).toBe(other.available + other.locked + other.pending);
      // The pound figure at the admin's rate, within the rounding of three parts.
      const rate = Number(DEFAULT_MONEY_SETTINGS.exchangeRates[currency]);
      expect(Math.abs(other.total - gbp.total * rate)).toBeLessThan(2 + 2 * rate);
    }
    await expectReconciled(ctx.database.db, clock.now());
  });

  it('walks the value back day by day through the ledger: each day what was held then, at that day’s price', async () => {
    // Two days on, Ada sends Bob 5 of her available GBP Units at once.
    clock.set(new Date(START.getTime() + 2 * DAY));
    ada.session = await signIn(ctx.app, ada.email);
    bob.session = await signIn(ctx.app, bob.email);
    created(await createOrder(ctx.app, ada.session, transferBody(bob.email, 5)));

    const [day1, day2] = [isoDay(1), isoDay(2)];
    const adas = await portfolio(ada, '?range=1M');
    expect(adas.history).toHaveLength(30);
    const value = (history: { date: string; value: number }[], date: string) => history.find((p) => p.date === date)?.value;
    // Before the buy: nothing. The buy's day and the next: 80 GBP Units and 24 USD Units (the buy,
    // the sale, the schedule and the conversion were all that day), at each day's price.
    expect(value(adas.history, isoDay(-1))).toBe(0);
    for (const date of [DAY0, day1]) {
      const p = Number(price(date));
      expect(value(adas.history, date)).toBe(Math.round(80 * p * 100 + (24 * p * 100) / 1.24));
    }
    // Today: 75 GBP Units and the 24 USD ones, the total.
    expect(adas.history.at(-1)).toEqual({ date: day2, value: adas.total });
    expect(adas.holdings[0]).toMatchObject({ units: 75 });

    // Bob held nothing until today.
    const bobs = await portfolio(bob, '?range=1M');
    expect(bobs.history.filter((p: { value: number }) => p.value !== 0)).toEqual([{ date: day2, value: cents(5, price(day2)) }]);
    await expectReconciled(ctx.database.db, clock.now());
  });
});

describe('PUT /api/user/display-currency', () => {
  it('saves the currency the portfolio answers in by default, and refuses one it does not know without changing it', async () => {
    const put = (currency: unknown) => ctx.app.inject({ method: 'PUT', url: '/api/user/display-currency', headers: ORIGIN, payload: { currency }, ...as(ada) });
    expect((await put('EUR')).json()).toEqual({ currency: 'EUR' });
    expect((await portfolio(ada)).currency).toBe('EUR');
    const bad = await put('JPY');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION_FAILED');
    expect((await portfolio(ada)).currency).toBe('EUR');
    // Asked for in the query, another currency answers without changing the saved one.
    expect((await portfolio(ada, '?currency=AUD')).currency).toBe('AUD');
    expect((await portfolio(ada)).currency).toBe('EUR');
    // Bob's is his own.
    expect((await portfolio(bob)).currency).toBe('GBP');
  });
});
