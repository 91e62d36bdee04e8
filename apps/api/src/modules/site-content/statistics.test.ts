import {
  basisPointsToPercent,
  canonicalDecimal,
  DEFAULT_IMPACT_METRICS,
  fractionToPercent,
  DEFAULT_MONEY_SETTINGS,
  SETTINGS_MESSAGES,
  SITE_API,
  type ImpactMetrics,
  type MoneySettings,
  type SiteStatistics,
} from '@landunits/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DAY, ManualClock, MINUTE } from '../../platform/clock';
import { settings, users } from '../../schema';
import { VALIDATION_MESSAGE } from '../../platform/http/app-error';
import { PASSWORD, staffLogin } from '../../test/accounts';
import { personSession } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/app';
import { MONEY_SETTINGS_KEY, SETTINGS_TTL_MS, updateMoneySettings } from '../pricing';
import { createAdmin } from '../users';
import { ADMIN_IMPACT_PATH, IMPACT_SETTINGS_KEY, InvalidStoredImpactError, loadImpactMetrics, PUBLIC_CACHE, updateImpactMetrics } from '.';

const clock = new ManualClock(new Date('2026-11-21T15:30:00.000Z'));
let ctx: TestContext;
let adminId: string;
let adminSession: string;
let userSession: string;

beforeAll(async () => {
  ctx = await createTestApp({}, undefined, clock);
  await createAdmin(ctx.database.db, { email: 'stats.admin@example.com', password: PASSWORD });
  const [admin] = await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.email, 'stats.admin@example.com'));
  adminId = admin!.id;
  adminSession = await staffLogin(ctx.app, 'stats.admin@example.com');
  userSession = await personSession(ctx.app, 'stats.user@example.com');
});
afterAll(() => ctx.close());
beforeEach(async () => {
  // Each test starts from the defaults; moving the clock past the TTL drops any cached read.
  await ctx.database.db.delete(settings);
  clock.advance(SETTINGS_TTL_MS + MINUTE);
});

async function statistics(): Promise<SiteStatistics> {
  const res = await ctx.app.inject({ method: 'GET', url: SITE_API.statistics });
  expect(res.statusCode).toBe(200);
  expect(res.headers['cache-control']).toBe(PUBLIC_CACHE);
  expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  return res.json<SiteStatistics>();
}

const putImpact = (body: unknown, session?: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'PUT', url: ADMIN_IMPACT_PATH, payload: body as object, headers, ...(session ? { cookies: { lu_session: session } } : {}) });

const getImpact = (session?: string) => ctx.app.inject({ method: 'GET', url: ADMIN_IMPACT_PATH, ...(session ? { cookies: { lu_session: session } } : {}) });

function money(change: (copy: MoneySettings) => void): MoneySettings {
  const copy = structuredClone(DEFAULT_MONEY_SETTINGS) as MoneySettings;
  change(copy);
  return copy;
}

describe('GET /api/site/statistics', () => {
  it('computes every figure from the default settings (SPEC §9)', async () => {
    const today = clock.now().toISOString().slice(0, 10);
    const body = await statistics();
    expect(body.landValues).toEqual({
      GBP: 847_390_000, // £8,473,900.00
      USD: 1_050_763_600, // × 1.24 = $10,507,636.00
      EUR: 1_008_394_100, // × 1.19 = €10,083,941.00
      AUD: 1_686_306_100, // × 1.99 = A$16,863,061.00
    });
    expect(body.exchangeRates).toEqual({ USD: '1.24', EUR: '1.19', AUD: '1.99' });
    expect(body.growthPerYearPercent).toBe('7.5');
    expect(body.maxLandUnitsForSalePercent).toBe('84.74');
    expect(body.impact).toEqual({
      carbonSequestration: '30',
      hedgerowIncrease: '7',
      forestIncrease: '5',
      co2Offset: '12',
      naturalNitrogen: '35',
      organicIncrease: '20',
      pesticideElimination: '60',
    });
    expect(body.asOf).toBe(today);
  });

  it('gives the price of one Unit on 1 January of the epoch year and the ten after it', async () => {
    const { growthByYear } = await statistics();
    expect(growthByYear.map((entry) => entry.year)).toEqual([2025, 2026, 2027, 2028, 2029, 2030, 2031, 2032, 2033, 2034, 2035]);
    const same = (price: string) => ({ GBP: price, USD: price, EUR: price, AUD: price });
    // 1.075^0, ^1, ^2 and ^3: whole years of 365 days (2025, 2026 and 2027 have 365 days each).
    expect(growthByYear.slice(0, 4).map((entry) => entry.prices)).toEqual([same('1.000000'), same('1.075000'), same('1.155625'), same('1.242297')]);
    // 1 Jan 2029 is 1,461 days after the epoch (2028 is a leap year): 1.075^(1461/365) = 1.33573414…
    expect(growthByYear[4]?.prices.GBP).toBe('1.335734');
  });

  it('follows a change of the money settings at once, rounding land values half-up to the cent', async () => {
    const before = await statistics();
    expect(before.landValues.USD).toBe(1_050_763_600);
    await updateMoneySettings(
      ctx.database.db,
      money((s) => {
        s.exchangeRates.USD = '1.30';
        s.growthPerYear = '0.0825';
        s.maxLandUnitsForSaleBasisPoints = 9000;
        s.initialPrices.LAND_EUR = '2.000000';
      }),
      adminId,
    );
    const after = await statistics();
    expect(after.landValues).toEqual({ GBP: 847_390_000, USD: 1_101_607_000, EUR: 1_008_394_100, AUD: 1_686_306_100 });
    expect(after.exchangeRates.USD).toBe('1.30');
    expect(after.growthPerYearPercent).toBe('8.25');
    expect(after.maxLandUnitsForSalePercent).toBe('90');
    expect(after.growthByYear[1]?.prices).toEqual({ GBP: '1.082500', USD: '1.082500', EUR: '2.165000', AUD: '1.082500' });

    // 50 cents × 1.01 = 50.5 → 51; × 1.03 = 51.5 → 52; × 1.009 = 50.45 → 50 (half-up, not half-even).
    await updateMoneySettings(
      ctx.database.db,
      money((s) => {
        s.landValueGbpInCents = 50;
        s.exchangeRates = { GBP: '1', USD: '1.009', EUR: '1.01', AUD: '1.03' };
      }),
      adminId,
    );
    expect((await statistics()).landValues).toEqual({ GBP: 50, USD: 50, EUR: 51, AUD: 52 });
  });

  it('dates the figures with the clock’s UTC day and moves the years with the epoch', async () => {
    // One second before the next 00:00 UTC, then at it (the sessions of the other tests stay valid).
    const midnight = Math.ceil(clock.now().getTime() / DAY) * DAY;
    clock.set(new Date(midnight - 1000));
    expect((await statistics()).asOf).toBe(new Date(midnight - DAY).toISOString().slice(0, 10));
    clock.set(new Date(midnight));
    expect((await statistics()).asOf).toBe(new Date(midnight).toISOString().slice(0, 10));

    await updateMoneySettings(
      ctx.database.db,
      money((s) => (s.priceEpoch = '2026-07-01')),
      adminId,
    );
    const { growthByYear } = await statistics();
    expect(growthByYear.map((entry) => entry.year)).toEqual([2026, 2027, 2028, 2029, 2030, 2031, 2032, 2033, 2034, 2035, 2036]);
    // 1 January 2026 is before this epoch: the initial price.
    expect(growthByYear[0]?.prices.GBP).toBe('1.000000');
  });
});

describe('impact metrics', () => {
  const edited: ImpactMetrics = { ...DEFAULT_IMPACT_METRICS, co2Offset: '14.25', pesticideElimination: '75' };

  it('are the defaults until an admin stores others, without writing a row', async () => {
    expect(await loadImpactMetrics(ctx.database.db)).toEqual({ metrics: DEFAULT_IMPACT_METRICS, version: 0, updatedAt: null, updatedBy: null });
    const res = await getImpact(adminSession);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({ impact: DEFAULT_IMPACT_METRICS, version: 0, updatedAt: null });
    expect(await ctx.database.db.select().from(settings)).toEqual([]);
  });

  it('are stored by an admin with a version that goes up, and shown in the statistics at once', async () => {
    expect((await statistics()).impact).toEqual(DEFAULT_IMPACT_METRICS);
    const res = await putImpact(edited, adminSession);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({ impact: edited, version: 1, updatedAt: clock.now().toISOString() });
    expect((await statistics()).impact).toEqual(edited);

    const again = await putImpact({ ...edited, forestIncrease: '6' }, adminSession);
    expect(again.json()).toMatchObject({ version: 2, impact: { forestIncrease: '6' } });
    expect((await getImpact(adminSession)).json()).toMatchObject({ version: 2, impact: { ...edited, forestIncrease: '6' } });
    expect((await statistics()).impact.forestIncrease).toBe('6');

    // Stored under its own key, beside (not inside) the money settings.
    const rows = await ctx.database.db.select().from(settings);
    expect(rows.map((row) => row.key)).toEqual([IMPACT_SETTINGS_KEY]);
    expect(rows[0]).toMatchObject({ version: 2, updatedBy: adminId });
  });

  it('are written in canonical form, keeping only the known metrics', async () => {
    const res = await putImpact({ ...DEFAULT_IMPACT_METRICS, co2Offset: '012.50', organicIncrease: ' 20.00 ', surprise: '<script>' }, adminSession);
    expect(res.statusCode).toBe(200);
    const [row] = await ctx.database.db.select().from(settings).where(eq(settings.key, IMPACT_SETTINGS_KEY));
    expect(row?.value).toEqual({ ...DEFAULT_IMPACT_METRICS, co2Offset: '12.5', organicIncrease: '20' });
  });

  it.each([
    ['a word', { co2Offset: 'lots' }, { co2Offset: SETTINGS_MESSAGES.invalidNumber }],
    ['a JSON number', { co2Offset: 12 }, { co2Offset: SETTINGS_MESSAGES.invalidNumber }],
    ['an empty value', { forestIncrease: '' }, { forestIncrease: SETTINGS_MESSAGES.invalidNumber }],
    ['null', { hedgerowIncrease: null }, { hedgerowIncrease: SETTINGS_MESSAGES.invalidNumber }],
    ['an exponent', { naturalNitrogen: '1e2' }, { naturalNitrogen: SETTINGS_MESSAGES.invalidNumber }],
    ['a negative percent', { organicIncrease: '-5' }, { organicIncrease: SETTINGS_MESSAGES.invalidPercentage }],
    ['more than 1000 %', { pesticideElimination: '1000.01' }, { pesticideElimination: SETTINGS_MESSAGES.invalidPercentage }],
    ['three decimals', { carbonSequestration: '30.125' }, { carbonSequestration: SETTINGS_MESSAGES.invalidPercentage }],
  ])('refuses %s with the SPEC §8 message and changes nothing', async (_name, change, errors) => {
    await updateImpactMetrics(ctx.database.db, edited, adminId);
    const before = await ctx.database.db.select().from(settings);
    const res = await putImpact({ ...DEFAULT_IMPACT_METRICS, ...change }, adminSession);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: VALIDATION_MESSAGE, code: 'VALIDATION_FAILED', errors });
    expect(await ctx.database.db.select().from(settings)).toEqual(before);
  });

  it('accepts the edges of the range', async () => {
    const res = await putImpact({ ...DEFAULT_IMPACT_METRICS, co2Offset: '0', pesticideElimination: '1000', forestIncrease: '0.01' }, adminSession);
    expect(res.statusCode).toBe(200);
    expect(res.json().impact).toMatchObject({ co2Offset: '0', pesticideElimination: '1000', forestIncrease: '0.01' });
  });

  it('refuses a missing metric and a body that is not metrics', async () => {
    const { co2Offset: _gone, ...partial } = DEFAULT_IMPACT_METRICS;
    expect((await putImpact(partial, adminSession)).json()).toEqual({
      message: VALIDATION_MESSAGE,
      code: 'VALIDATION_FAILED',
      errors: { co2Offset: SETTINGS_MESSAGES.invalidNumber },
    });
    expect((await putImpact(['30'], adminSession)).json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: { _: expect.any(String) } });
    expect(await ctx.database.db.select().from(settings)).toEqual([]);
  });

  it('are for admins only: 401 signed out, 403 for anyone else, 403 cross-site', async () => {
    for (const res of [await getImpact(), await putImpact(edited)]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    }
    for (const res of [await getImpact(userSession), await putImpact(edited, userSession)]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'Only administrators can do this.', code: 'FORBIDDEN' });
    }
    const crossSite = await putImpact(edited, adminSession, { origin: 'https://evil.example' });
    expect(crossSite.statusCode).toBe(403);
    expect(await ctx.database.db.select().from(settings)).toEqual([]);
    // The use-case checks too, whoever calls it.
    await expect(updateImpactMetrics(ctx.database.db, edited, 'not-a-uuid')).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('refuse to use a stored row the schema rejects, and fill a metric missing from an older row', async () => {
    await ctx.database.db.insert(settings).values({ key: IMPACT_SETTINGS_KEY, value: { ...DEFAULT_IMPACT_METRICS, co2Offset: '5000' } });
    const error = await loadImpactMetrics(ctx.database.db).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(InvalidStoredImpactError);
    expect((error as InvalidStoredImpactError).issues).toEqual({ co2Offset: SETTINGS_MESSAGES.invalidPercentage });

    const { naturalNitrogen: _added, ...older } = { ...DEFAULT_IMPACT_METRICS, co2Offset: '9' };
    await ctx.database.db.update(settings).set({ value: older }).where(eq(settings.key, IMPACT_SETTINGS_KEY));
    expect((await loadImpactMetrics(ctx.database.db)).metrics).toEqual({ ...DEFAULT_IMPACT_METRICS, co2Offset: '9' });
  });

  it('leave the money settings alone', async () => {
    await updateImpactMetrics(ctx.database.db, edited, adminId);
    await updateMoneySettings(
      ctx.database.db,
      money((s) => (s.exchangeRates.AUD = '2.05')),
      adminId,
    );
    const keys = (await ctx.database.db.select().from(settings)).map((row) => row.key).sort();
    expect(keys).toEqual([IMPACT_SETTINGS_KEY, MONEY_SETTINGS_KEY].sort());
    const body = await statistics();
    expect(body.impact).toEqual(edited);
    expect(body.landValues.AUD).toBe(1_737_149_500); // 847,390,000 × 2.05
  });
});

describe('percent helpers', () => {
  it('turn a growth fraction into an exact percent string', () => {
    expect(['0.075', '0', '1', '1.000000', '0.000001', '0.1', '0.123456'].map(fractionToPercent)).toEqual(['7.5', '0', '100', '100', '0.0001', '10', '12.3456']);
  });

  it('turn basis points into a percent string', () => {
    expect([8474, 8400, 0, 1, 10, 10_000].map(basisPointsToPercent)).toEqual(['84.74', '84', '0', '0.01', '0.1', '100']);
  });

  it('write decimals without leading or trailing zeros', () => {
    expect(['007.50', '0', '0.0', '10', '10.00', '0.05'].map(canonicalDecimal)).toEqual(['7.5', '0', '0', '10', '10', '0.05']);
  });
});
