import { BUY_PAYMENT_METHODS, DEFAULT_MONEY_SETTINGS, priceOn, priceToMicros, UNIT_TYPE_INFO, UNIT_TYPES, type MoneySettings } from '@landunits/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY, ManualClock, MINUTE } from '../../platform/clock';
import { settings, users } from '../../schema';
import { login, PASSWORD } from '../../test/accounts';
import { createTestApp, type TestContext } from '../../test/app';
import { createAdmin } from '../users';
import { MONEY_SETTINGS_KEY, SETTINGS_TTL_MS, updateMoneySettings, type PriceListBody } from '.';

const URL = '/api/order/get_price';
const EPOCH = new Date('2025-01-01T00:00:00.000Z');

function get(ctx: TestContext, headers: Record<string, string> = {}) {
  return ctx.app.inject({ method: 'GET', url: URL, headers });
}

async function body(ctx: TestContext): Promise<PriceListBody> {
  const res = await get(ctx);
  expect(res.statusCode).toBe(200);
  return res.json<PriceListBody>();
}

const pricesOf = (answer: PriceListBody) => Object.fromEntries(UNIT_TYPES.map((type) => [type, answer.prices[type].pricePerUnit]));
const domainPrices = (date: Date, s: MoneySettings = DEFAULT_MONEY_SETTINGS) => Object.fromEntries(UNIT_TYPES.map((type) => [type, priceOn(type, date, s)]));

describe('GET /api/order/get_price with the default settings', () => {
  const clock = new ManualClock(EPOCH);
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({}, undefined, clock);
  });
  afterAll(() => ctx.close());

  it('answers the whole list in its documented shape, P0 on the epoch', async () => {
    clock.set('2025-01-01T12:00:00.000Z');
    const res = await get(ctx);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const gbp = { buyOrderTransactionFeeInCents: 100, sellOrderTransactionFeeInUnits: 10, convertOrderTransactionFeeInUnits: 0 };
    expect(res.json()).toEqual({
      prices: {
        LAND_POUND: { pricePerUnit: '1.000000', ...gbp, currency: 'GBP', symbol: '£' },
        LAND_USD: { pricePerUnit: '1.000000', ...gbp, currency: 'USD', symbol: '$' },
        LAND_EUR: { pricePerUnit: '1.000000', ...gbp, currency: 'EUR', symbol: '€' },
        LAND_AUD: { pricePerUnit: '1.000000', ...gbp, currency: 'AUD', symbol: 'A$' },
      },
      externalFees: {
        Bank: { fixedPercentageFees: 0, fixedCentsFees: 0 },
        Crypto: { fixedPercentageFees: 100, fixedCentsFees: 0 },
        Card_Square: { fixedPercentageFees: 175, fixedCentsFees: 10 },
        Card_Stripe: { fixedPercentageFees: 150, fixedCentsFees: 20 },
      },
      priceDate: '2025-01-01',
      nextChangeAt: '2025-01-02T00:00:00.000Z',
    });
  });

  it('covers every unit type with its currency and every buy payment method with integer fees', async () => {
    clock.set('2026-11-21T14:00:00.000Z');
    const answer = await body(ctx);
    expect(Object.keys(answer.prices)).toEqual([...UNIT_TYPES]);
    for (const type of UNIT_TYPES) {
      expect(answer.prices[type]).toMatchObject(UNIT_TYPE_INFO[type]);
      expect(answer.prices[type].pricePerUnit).toMatch(/^\d+\.\d{6}$/);
      expect(Number.isInteger(answer.prices[type].buyOrderTransactionFeeInCents)).toBe(true);
    }
    expect(Object.keys(answer.externalFees)).toEqual([...BUY_PAYMENT_METHODS]);
    for (const method of BUY_PAYMENT_METHODS) expect(answer.externalFees[method]).toEqual(DEFAULT_MONEY_SETTINGS.externalFees[method]);
    // bc -l at 60 digits: 1.075^(689/365) = 1.146275089…
    expect(pricesOf(answer)).toEqual({ LAND_POUND: '1.146275', LAND_USD: '1.146275', LAND_EUR: '1.146275', LAND_AUD: '1.146275' });
    expect(answer.priceDate).toBe('2026-11-21');
    expect(answer.nextChangeAt).toBe('2026-11-22T00:00:00.000Z');
  });

  it.each([
    ['one day', new Date(EPOCH.getTime() + DAY), '1.000198'],
    ['one year (365 days)', new Date(EPOCH.getTime() + 365 * DAY), '1.075000'],
    ['ten years of 365 days', new Date(EPOCH.getTime() + 3650 * DAY), '2.061032'],
    ['ten calendar years', new Date('2035-01-01T18:45:00.000Z'), '2.061848'],
  ])('answers the domain price %s after the epoch', async (_name, date, expected) => {
    clock.set(date);
    const answer = await body(ctx);
    expect(pricesOf(answer)).toEqual(domainPrices(date));
    expect(answer.prices.LAND_POUND.pricePerUnit).toBe(expected);
    expect(answer.priceDate).toBe(date.toISOString().slice(0, 10));
  });

  it('rises every day, changing at 00:00 UTC and not before', async () => {
    let previous = 0n;
    for (const start of [EPOCH.getTime(), new Date('2035-06-01T00:00:00.000Z').getTime()]) {
      previous = 0n;
      for (let day = 0; day < 20; day += 1) {
        const midnight = start + day * DAY;
        clock.set(new Date(midnight - 1));
        const before = await body(ctx);
        clock.set(new Date(midnight));
        const after = await body(ctx);
        expect(pricesOf(after)).toEqual(domainPrices(new Date(midnight)));
        const price = priceToMicros(after.prices.LAND_POUND.pricePerUnit);
        expect(price).toBeGreaterThan(previous);
        if (day > 0) expect(priceToMicros(before.prices.LAND_POUND.pricePerUnit)).toBe(previous);
        previous = price;
      }
    }
  });

  it('lets caches keep the answer a minute at most and never past the next 00:00 UTC, at least one second', async () => {
    for (const [at, maxAge] of [
      ['2026-11-21T00:00:00.000Z', 60],
      ['2026-11-21T12:00:00.000Z', 60],
      ['2026-11-21T23:58:30.000Z', 60],
      ['2026-11-21T23:59:30.000Z', 30],
      ['2026-11-21T23:59:59.999Z', 1],
      ['2028-02-29T23:00:00.000Z', 60],
    ] as const) {
      clock.set(at);
      const res = await get(ctx);
      expect(res.headers['cache-control']).toBe(`public, max-age=${maxAge}`);
      expect(maxAge * 1000).toBeLessThanOrEqual(Math.max(1000, Date.parse(res.json<PriceListBody>().nextChangeAt) - Date.parse(at)));
    }
  });

  it('answers 304 to a matching If-None-Match until the day changes', async () => {
    clock.set('2026-11-21T10:00:00.000Z');
    const first = await get(ctx);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"2026-11-21-[\w-]+"$/);

    clock.advance(3 * 60 * MINUTE);
    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const res = await get(ctx, { 'if-none-match': ifNoneMatch });
      expect(res.statusCode).toBe(304);
      expect(res.body).toBe('');
      expect(res.headers.etag).toBe(etag);
      expect(res.headers['cache-control']).toBe('public, max-age=60');
    }
    expect((await get(ctx, { 'if-none-match': '"2026-11-20-old"' })).statusCode).toBe(200);

    clock.set('2026-11-22T00:00:01.000Z');
    const next = await get(ctx, { 'if-none-match': etag });
    expect(next.statusCode).toBe(200);
    expect(next.headers.etag).not.toBe(etag);
    expect(next.json<PriceListBody>().priceDate).toBe('2026-11-22');
  });

  it('needs no session and refuses no cross-site GET', async () => {
    clock.set('2026-11-21T10:00:00.000Z');
    const res = await get(ctx, { origin: 'https://elsewhere.example', 'sec-fetch-site': 'cross-site', referer: 'https://elsewhere.example/page' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.json<PriceListBody>().priceDate).toBe('2026-11-21');
    const head = await ctx.app.inject({ method: 'HEAD', url: URL });
    expect(head.statusCode).toBe(200);
    expect(head.headers.etag).toBe(res.headers.etag);
  });

  it('answers the same with a signed-in session as without', async () => {
    clock.set('2026-11-21T10:00:00.000Z');
    await createAdmin(ctx.database.db, { email: 'prices.admin@example.com', password: PASSWORD });
    const signedIn = await login(ctx.app, 'prices.admin@example.com', PASSWORD);
    const cookie = signedIn.cookies.find((c) => c.name === 'lu_session')?.value ?? '';
    const withSession = await ctx.app.inject({ method: 'GET', url: URL, cookies: { lu_session: cookie } });
    const without = await get(ctx);
    expect(withSession.body).toBe(without.body);
    expect(withSession.headers.etag).toBe(without.headers.etag);
  });
});

describe('GET /api/order/get_price after the settings change', () => {
  const clock = new ManualClock(new Date('2026-11-21T10:00:00.000Z'));
  let ctx: TestContext;
  let adminId: string;
  beforeAll(async () => {
    ctx = await createTestApp({}, undefined, clock);
    await createAdmin(ctx.database.db, { email: 'prices.editor@example.com', password: PASSWORD });
    const [admin] = await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.email, 'prices.editor@example.com'));
    adminId = admin?.id ?? '';
  });
  afterAll(() => ctx.close());

  it('shows an update made in this process in the very next answer', async () => {
    const before = await get(ctx);
    const etag = before.headers.etag as string;
    expect(before.json<PriceListBody>().prices.LAND_USD.pricePerUnit).toBe('1.146275');

    const changed = structuredClone(DEFAULT_MONEY_SETTINGS) as MoneySettings;
    changed.initialPrices.LAND_USD = '2.000000';
    changed.buyOrderTransactionFeeInCents.USD = 150;
    changed.externalFees.Card_Stripe = { fixedPercentageFees: 140, fixedCentsFees: 25 };
    await updateMoneySettings(ctx.database.db, changed, adminId);

    const after = await get(ctx, { 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    const answer = after.json<PriceListBody>();
    expect(answer.prices.LAND_USD).toMatchObject({ pricePerUnit: priceOn('LAND_USD', clock.now(), changed), buyOrderTransactionFeeInCents: 150 });
    expect(answer.prices.LAND_USD.pricePerUnit).toBe('2.292550');
    expect(answer.prices.LAND_POUND).toMatchObject({ pricePerUnit: '1.146275', buyOrderTransactionFeeInCents: 100 });
    expect(answer.externalFees.Card_Stripe).toEqual({ fixedPercentageFees: 140, fixedCentsFees: 25 });
  });

  it('picks up a change written by another instance within the TTL', async () => {
    const seen = await body(ctx);
    const elsewhere = structuredClone(DEFAULT_MONEY_SETTINGS) as MoneySettings;
    elsewhere.initialPrices.LAND_EUR = '3.000000';
    // Another instance's updateMoneySettings: the row changes, this process's cache is not told.
    await ctx.database.db
      .update(settings)
      .set({ value: elsewhere, version: sql`${settings.version} + 1`, updatedAt: new Date() })
      .where(eq(settings.key, MONEY_SETTINGS_KEY));

    clock.advance(SETTINGS_TTL_MS - 1);
    expect(await body(ctx)).toEqual(seen);
    clock.advance(1);
    const fresh = await body(ctx);
    expect(fresh.prices.LAND_EUR.pricePerUnit).toBe(priceOn('LAND_EUR', clock.now(), elsewhere));
    expect(fresh.prices.LAND_USD.pricePerUnit).toBe('1.146275');
  });

  it('answers a plain 500, without prices, while the stored settings are broken', async () => {
    const broken = { ...DEFAULT_MONEY_SETTINGS, growthPerYear: 'seven' };
    await ctx.database.db
      .update(settings)
      .set({ value: broken, version: sql`${settings.version} + 1` })
      .where(eq(settings.key, MONEY_SETTINGS_KEY));
    clock.advance(SETTINGS_TTL_MS);
    const res = await get(ctx);
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Something went wrong on our side. Please try again in a moment.', code: 'INTERNAL' });
    expect(res.headers.etag).toBeUndefined();

    await updateMoneySettings(ctx.database.db, DEFAULT_MONEY_SETTINGS, adminId);
    expect(pricesOf(await body(ctx))).toEqual(domainPrices(clock.now()));
  });
});
