import { buyTotal, priceOn, SETTING_REQUEST_MESSAGES as M, SETTINGS_MESSAGES, type PriceListBody, type SiteStatistics } from '@landunits/domain';
import type { MoneyPreview, MoneySettingsAdmin, SettingChangeRequest } from '@landunits/domain/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock';
import { settingChangeRequests, settings } from '../../schema';
import { createTestApp, type TestContext } from '../../test/app';
import { forgetPriceList } from '.';
import { decideRequest, figures, getJson, makeAdmin, MONEY, postJson, propose, withAudit, type TestAdmin } from './test/settings-admin-setup';

/*
 * When an approved change applies (decision 0019): fees, rates and the rest at once; the price
 * terms (growth, epoch, P0) from the next 00:00 UTC, so a price seen today stays today's price.
 * Also the preview an admin sees before proposing, computed by the server.
 */

const clock = new ManualClock(new Date('2026-11-21T10:00:00.000Z'));
let ctx: TestContext;
let finance: TestAdmin;
let owner: TestAdmin;
const db = () => ctx.database.db;

beforeAll(async () => {
  ctx = await createTestApp({ JOBS_DUE_ORDERS_INTERVAL_MS: '9999999' }, undefined, clock);
  finance = await makeAdmin(ctx.app, db(), 'finance.prices@example.com', 'FINANCE');
  owner = await makeAdmin(ctx.app, db(), 'owner.prices@example.com', 'OWNER');
});
afterAll(() => ctx.close());
beforeEach(async () => {
  await db().delete(settingChangeRequests);
  await db().delete(settings);
  forgetPriceList(db());
  clock.set('2026-11-21T10:00:00.000Z');
});

const prices = async () => (await getJson(ctx.app, undefined, '/api/order/get_price')).json<PriceListBody>();
const statistics = async () => (await getJson(ctx.app, undefined, '/api/site/statistics')).json<SiteStatistics>();
const usd = async () => (await prices()).prices.LAND_USD;

const newTerms = figures((f) => {
  f.growthPerYear = '0.1';
  f.initialPrices.LAND_USD = '2.000000';
  f.buyOrderTransactionFeeInCents.USD = 150;
});

async function approved(value: unknown): Promise<{ message: string; request: SettingChangeRequest }> {
  const res = await propose(ctx.app, finance.session, value, 'New prices from the board');
  expect(res.statusCode, res.body).toBe(200);
  const decided = await decideRequest(ctx.app, owner.session, res.json().request.id, 'approve');
  expect(decided.statusCode, decided.body).toBe(200);
  return decided.json();
}

describe('an approved change of the price terms', () => {
  it('leaves today’s prices alone, applies the fee at once, and changes prices at 00:00 UTC', async () => {
    const before = await usd();
    expect(before.pricePerUnit).toBe('1.146275');
    expect((await statistics()).growthPerYearPercent).toBe('7.5');

    clock.set('2026-11-21T23:00:00.000Z');
    const { message, request } = await approved(newTerms);
    expect(message).toBe(M.approvedPricesLater);
    expect(request).toMatchObject({ pricesChange: true, pricesFrom: '2026-11-22' });

    expect(await usd()).toMatchObject({ pricePerUnit: '1.146275', buyOrderTransactionFeeInCents: 150 });
    expect((await statistics()).growthPerYearPercent).toBe('7.5');
    const page = (await getJson(ctx.app, owner.session, MONEY)).json<MoneySettingsAdmin>();
    expect(page.current).toMatchObject({ growthPerYear: '0.1', initialPrices: { LAND_USD: '2.000000' } });
    expect(page.pricesToday).toMatchObject({ growthPerYear: '0.075', initialPrices: { LAND_USD: '1.000000' }, until: '2026-11-22' });

    clock.set('2026-11-21T23:59:59.999Z');
    expect((await usd()).pricePerUnit).toBe('1.146275');
    clock.set('2026-11-22T00:00:00.000Z');
    const tomorrow = await usd();
    expect(tomorrow.pricePerUnit).toBe(priceOn('LAND_USD', clock.now(), newTerms));
    expect(tomorrow.pricePerUnit).not.toBe(priceOn('LAND_USD', clock.now(), figures()));
    expect((await prices()).prices.LAND_POUND.pricePerUnit).toBe(priceOn('LAND_POUND', clock.now(), newTerms));
    expect((await statistics()).growthPerYearPercent).toBe('10');
    expect((await getJson(ctx.app, owner.session, MONEY)).json<MoneySettingsAdmin>().pricesToday).toBeNull();
  });

  it('a second change on the same day also waits: today keeps the terms of the morning', async () => {
    await approved(newTerms);
    const again = figures((f) => {
      f.growthPerYear = '0.2';
      f.initialPrices.LAND_USD = '3.000000';
    });
    const { request } = await approved(again);
    expect(request.pricesFrom).toBe('2026-11-22');
    expect((await usd()).pricePerUnit).toBe('1.146275');
    clock.set('2026-11-22T00:00:00.000Z');
    expect((await usd()).pricePerUnit).toBe(priceOn('LAND_USD', clock.now(), again));
  });

  it('a change of the fees alone applies at once and keeps prices as they are', async () => {
    const { message, request } = await approved(figures((f) => (f.exchangeRates.USD = '1.30')));
    expect(message).toBe(M.approved);
    expect(request).toMatchObject({ pricesChange: false, pricesFrom: null });
    expect((await statistics()).exchangeRates.USD).toBe('1.30');
    expect((await usd()).pricePerUnit).toBe('1.146275');
  });
});

describe('POST /api/admin/settings/preview', () => {
  const preview = (value: unknown, who = finance) => postJson(ctx.app, who.session, `${MONEY}/preview`, { value });

  it('works out today’s prices, the prices of the effective day and the /fees example, writing nothing', async () => {
    const proposed = figures((f) => {
      f.initialPrices.LAND_USD = '2.000000';
      f.externalFees.Card_Stripe = { fixedPercentageFees: 200, fixedCentsFees: 25 };
      f.landValueGbpInCents = 900_000_000;
    });
    const { result, rows } = await withAudit(db(), () => preview(proposed));
    expect(result.statusCode, result.body).toBe(200);
    const body = result.json<MoneyPreview>();
    const tomorrow = new Date('2026-11-22T00:00:00.000Z');
    expect(body).toMatchObject({ priceDate: '2026-11-21', effectiveDay: '2026-11-22', pricesChange: true });
    expect(body.prices.find((p) => p.unitType === 'LAND_USD')).toEqual({
      unitType: 'LAND_USD',
      currency: 'USD',
      today: '1.146275',
      effectiveDayNow: priceOn('LAND_USD', tomorrow, figures()),
      effectiveDayProposed: priceOn('LAND_USD', tomorrow, proposed),
    });
    const total = buyTotal({ units: 100, price: '1.146275', buyFeeCents: 100, externalFee: { fixedPercentageFees: 200, fixedCentsFees: 25 } });
    expect(body.workedExample.current).toMatchObject({ paymentAmount: 11_756, percentageFee: 173, fixedFee: 20, percentageBasisPoints: 150 });
    expect(body.workedExample.proposed).toMatchObject({
      pricePerUnit: '1.146275',
      subTotal: 11_463,
      transactionFee: 100,
      percentageFee: 231,
      fixedFee: 25,
      paymentAmount: Number(total.paymentAmount),
    });
    expect(body.landValues.find((v) => v.currency === 'USD')).toEqual({ currency: 'USD', current: 1_050_763_600, proposed: 1_116_000_000 });
    expect(body.changes.map((c) => c.path)).toEqual(['initialPrices.LAND_USD', 'externalFees.Card_Stripe.fixedPercentageFees', 'externalFees.Card_Stripe.fixedCentsFees', 'landValueGbpInCents']);
    expect(rows).toEqual([]);
    expect(await db().select().from(settingChangeRequests)).toEqual([]);
  });

  it.each([
    ['a zero land value', figures((f) => (f.landValueGbpInCents = 0)), { landValueGbpInCents: SETTINGS_MESSAGES.landValueZero }],
    ['a percentage over 100', figures((f) => (f.maxLandUnitsForSaleBasisPoints = 10_001)), { maxLandUnitsForSaleBasisPoints: SETTINGS_MESSAGES.invalidPercentage }],
    ['a growth written as a percent', figures((f) => (f.growthPerYear = '7.5')), { growthPerYear: SETTINGS_MESSAGES.invalidPercentage }],
    [
      'a fee that is not a number',
      { ...figures(), buyOrderTransactionFeeInCents: { ...figures().buyOrderTransactionFeeInCents, GBP: 'one' } },
      { 'buyOrderTransactionFeeInCents.GBP': SETTINGS_MESSAGES.invalidNumber },
    ],
    ['a rate that is not a number', { ...figures(), exchangeRates: { ...figures().exchangeRates, USD: '1,24' } }, { 'exchangeRates.USD': SETTINGS_MESSAGES.invalidNumber }],
    ['a negative cap', figures((f) => (f.doubleLandOfferCapUnits = -5)), { doubleLandOfferCapUnits: SETTINGS_MESSAGES.invalidNumber }],
  ])('refuses %s with the SPEC §8 message at its field, in the preview and the proposal', async (_name, value, errors) => {
    for (const res of [await preview(value), await propose(ctx.app, finance.session, value)]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'Please check the highlighted fields.', code: 'VALIDATION_FAILED', errors });
    }
  });
});
