import { DEFAULT_MONEY_SETTINGS, UNIT_TYPES, type UnitType } from '@landunits/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DAY, ManualClock } from '../../platform/clock';
import { me } from '../../test/accounts';
import { createTestApp, type TestContext } from '../../test/app';
import { runDueOrders } from '../orders';
import { createOrder, signUp, type TestUser } from '../orders/test/fixtures';
import {
  buyBody,
  cancelFutureTransfer,
  convertBody,
  created,
  decide,
  expectReconciled,
  makeAdmin,
  outstanding,
  scheduleBody,
  sellBody,
  setVerification,
  signIn,
  successOrder,
  type TestAdmin,
} from '../orders/test/lifecycle';

// 2026-01-15 (day 379): every Unit costs 1.077986; a year later (2027-01-15) 1.158835.
const START = new Date('2026-01-15T10:00:00Z');
const clock = new ManualClock(START);
let ctx: TestContext;
let admin: TestAdmin;
let ada: TestUser;
let bob: TestUser;
let yan: TestUser;

beforeAll(async () => {
  ctx = await createTestApp({ JOBS_DUE_ORDERS_INTERVAL_MS: '9999999' }, undefined, clock);
  ada = await signUp(ctx.app, 'ada.dashboard@example.com', 'Ada', 'Lovelace');
  bob = await signUp(ctx.app, 'bob.dashboard@example.com', 'Bob', 'Babbage');
  yan = await signUp(ctx.app, 'yan.dashboard@example.com', 'Yan', 'Yearlong');
  admin = await makeAdmin(ctx.app, ctx.database.db, 'admin.dashboard@example.com');
});
afterAll(() => ctx.close());
afterEach(async () => {
  await expectReconciled(ctx.database.db, clock.now());
});

const db = () => ctx.database.db;
const CURRENCY: Record<UnitType, 'GBP' | 'USD' | 'EUR' | 'AUD'> = { LAND_POUND: 'GBP', LAND_USD: 'USD', LAND_EUR: 'EUR', LAND_AUD: 'AUD' };
const SYMBOL: Record<UnitType, string> = { LAND_POUND: '£', LAND_USD: '$', LAND_EUR: '€', LAND_AUD: 'A$' };
// GBP land value × the GBP-based rate (SPEC §9 figures).
const LAND_VALUES = { GBP: 847_390_000, USD: 1_050_763_600, EUR: 1_008_394_100, AUD: 1_686_306_100 };

async function bundle(user: TestUser) {
  const res = await me(ctx.app, user.session);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const HELD = ['owned', 'owned_DOUBLE_LAND', 'pendingSell', 'transferQueued', 'convertLocked', 'bonusLocked'];
/** A holding; units_valued, the Units the value is of, is the held buckets' sum (everything but pendingBuy). */
const holding = (unitType: UnitType, figures: Record<string, number | string> = {}) => ({
  units_valued: HELD.reduce((sum, key) => sum + Number(figures[key] ?? 0), 0),
  owned: 0,
  owned_DOUBLE_LAND: 0,
  pendingBuy: 0,
  pendingSell: 0,
  transferQueued: 0,
  convertLocked: 0,
  bonusLocked: 0,
  total_value_bought: 0,
  total_value_today: 0,
  profit: 0,
  profit_percentage: '0.00',
  currencyType: CURRENCY[unitType],
  ...figures,
});

/** Units left under the supply cap: floor(land value × 84.74 % / price) − outstanding. */
async function available(unitType: UnitType, priceMicros: bigint): Promise<number> {
  const cap = (BigInt(LAND_VALUES[CURRENCY[unitType]]) * 8474n) / priceMicros;
  return Number(cap) - (await outstanding(db(), unitType));
}

describe('GET /api/user (the dashboard bundle)', () => {
  it('asks a signed-out visitor to log in', async () => {
    const res = await me(ctx.app, undefined);
    expect(res.statusCode).toBe(401);
  });

  it('gives a new person every figure: empty holdings, today’s prices, fees, rates, limits and the supply left', async () => {
    const body = await bundle(ada);
    const prices = Object.fromEntries(
      UNIT_TYPES.map((t) => [
        t,
        { pricePerUnit: '1.077986', buyOrderTransactionFeeInCents: 100, sellOrderTransactionFeeInUnits: 10, convertOrderTransactionFeeInUnits: 0, currency: CURRENCY[t], symbol: SYMBOL[t] },
      ]),
    );
    const unitsAvailable = Object.fromEntries(await Promise.all(UNIT_TYPES.map(async (t) => [t, await available(t, 1_077_986n)] as const)));
    expect(unitsAvailable.LAND_POUND).toBe(6_661_295);
    expect(body).toEqual({
      user: {
        id: ada.id,
        email: ada.email,
        firstName: 'Ada',
        lastName: 'Lovelace',
        userType: 'USER',
        role: 'USER',
        adminRole: null,
        firstLogin: expect.any(Boolean),
        profileVerificationStatus: 'UnVerified',
        bankVerificationStatus: 'UnVerified',
      },
      prices,
      externalFees: {
        Bank: { fixedPercentageFees: 0, fixedCentsFees: 0 },
        Crypto: { fixedPercentageFees: 100, fixedCentsFees: 0 },
        Card_Square: { fixedPercentageFees: 175, fixedCentsFees: 10 },
        Card_Stripe: { fixedPercentageFees: 150, fixedCentsFees: 20 },
      },
      userDashBoardDetails: {
        userAnalytics: Object.fromEntries(UNIT_TYPES.map((t) => [t, holding(t)])),
        buyOrderBonusLockedByStatus: { LockedBonusApproved: [], PaymentSent: [] },
        purchaseLimit: {
          GBP: { limitInCents: 100_000, usedInCents: 0 },
          USD: { limitInCents: 100_000, usedInCents: 0 },
          EUR: { limitInCents: 100_000, usedInCents: 0 },
          AUD: { limitInCents: 100_000, usedInCents: 0 },
        },
        doubleLand: Object.fromEntries(UNIT_TYPES.map((t) => [t, { lockedUnits: 0, nextUnlockAt: null, nextUnlockUnits: 0 }])),
        doubleLandOffer: { capUnits: 100_000, remainingUnits: 100_000 },
      },
      landUnitStats: {
        growthPerYear: '0.075',
        priceEpoch: '2025-01-01',
        initialPrices: { LAND_POUND: '1.000000', LAND_USD: '1.000000', LAND_EUR: '1.000000', LAND_AUD: '1.000000' },
        landValues: LAND_VALUES,
        maxLandUnitsForSalePercentage: '84.74',
        unitsAvailable,
      },
      exchangeRate: { GBP: '1', USD: '1.24', EUR: '1.19', AUD: '1.99' },
      adminBankDetails: DEFAULT_MONEY_SETTINGS.adminBankDetails,
      cryptoWallets: DEFAULT_MONEY_SETTINGS.adminCryptoWallets,
      emailChange: null,
    });
    // The prices and fees are those of the public price list.
    const list = (await ctx.app.inject({ method: 'GET', url: '/api/order/get_price' })).json();
    expect(body.prices).toEqual(list.prices);
    expect(body.externalFees).toEqual(list.externalFees);
  });

  it('follows a bank buy: reserved and counted against the limit, then owned at what was paid, fees included, once approved', async () => {
    const before = await bundle(ada);
    const order = created(await createOrder(ctx.app, ada.session, buyBody(100)));
    const initiated = await bundle(ada);
    expect(initiated.userDashBoardDetails.userAnalytics.LAND_POUND).toEqual(holding('LAND_POUND', { pendingBuy: 100 }));
    expect(initiated.userDashBoardDetails.purchaseLimit.GBP).toEqual({ limitInCents: 100_000, usedInCents: 10_880 });
    expect(initiated.userDashBoardDetails.purchaseLimit.USD).toEqual({ limitInCents: 100_000, usedInCents: 0 });
    expect(initiated.landUnitStats.unitsAvailable.LAND_POUND).toBe(before.landUnitStats.unitsAvailable.LAND_POUND - 100);

    expect((await successOrder(ctx.app, ada.session, order.orderId)).statusCode).toBe(200);
    expect((await bundle(ada)).userDashBoardDetails.purchaseLimit.GBP.usedInCents).toBe(10_880);

    await decide(ctx.app, admin.session, order.orderId, 'Approved');
    const approved = await bundle(ada);
    expect(approved.userDashBoardDetails.userAnalytics.LAND_POUND).toEqual(
      // Paid £107.80 + the £1.00 transaction fee (a bank transfer has no payment-method fee): worth £107.80 today.
      holding('LAND_POUND', { owned: 100, total_value_bought: 10_880, total_value_today: 10_780, profit: -100, profit_percentage: '-0.92' }),
    );
    expect(approved.userDashBoardDetails.purchaseLimit.GBP.usedInCents).toBe(0);
    expect(approved.landUnitStats.unitsAvailable.LAND_POUND).toBe(before.landUnitStats.unitsAvailable.LAND_POUND - 100);
  });

  it('shows Units in every bucket; converted Units carry their cost, so a fresh conversion shows a small loss', async () => {
    // Ada (100 GBP Units for £108.80) completes her profile, then sells 20, schedules 10 and converts 20.
    await setVerification(db(), ada.id);
    const sale = created(await createOrder(ctx.app, ada.session, sellBody(20)));
    const scheduled = created(await createOrder(ctx.app, ada.session, scheduleBody(bob.email, 10, '2026-02-01')));
    created(await createOrder(ctx.app, ada.session, convertBody(20)));
    const body = await bundle(ada);
    expect(body.user).toMatchObject({ profileVerificationStatus: 'Approved', bankVerificationStatus: 'Approved' });
    expect(body.userDashBoardDetails.purchaseLimit.GBP).toEqual({ limitInCents: 10_000_000, usedInCents: 0 });
    expect(body.userDashBoardDetails.userAnalytics).toEqual({
      // 80 GBP Units held (50 owned + 20 being sold + 10 queued), costing 4/5 of £108.80; worth 80 × 1.077986.
      LAND_POUND: holding('LAND_POUND', { owned: 50, pendingSell: 20, transferQueued: 10, total_value_bought: 8_704, total_value_today: 8_624, profit: -80, profit_percentage: '-0.92' }),
      // 24 USD Units locked, costing £21.76 × 1.24 = $26.98, worth 24 × 1.077986 = $25.87.
      LAND_USD: holding('LAND_USD', { convertLocked: 24, total_value_bought: 2_698, total_value_today: 2_587, profit: -111, profit_percentage: '-4.11' }),
      LAND_EUR: holding('LAND_EUR'),
      LAND_AUD: holding('LAND_AUD'),
    });
    // Put things back: the sale fails, the transfer is cancelled.
    await decide(ctx.app, admin.session, sale.orderId, 'Failed');
    expect((await cancelFutureTransfer(ctx.app, ada.session, scheduled.orderId)).statusCode).toBe(200);
  });

  it('a year on, the same Units are worth 7.5 % more (to the cent)', async () => {
    const order = created(await createOrder(ctx.app, yan.session, buyBody(100)));
    expect((await successOrder(ctx.app, yan.session, order.orderId)).statusCode).toBe(200);
    await decide(ctx.app, admin.session, order.orderId, 'Approved');
    expect((await bundle(yan)).userDashBoardDetails.userAnalytics.LAND_POUND).toMatchObject({ total_value_bought: 10_880, total_value_today: 10_780, profit: -100 });

    clock.set(new Date(START.getTime() + 365 * DAY));
    // Ada's converted Units have long unlocked.
    expect(await runDueOrders(ctx.app.ctx)).toEqual(['unlocked']);
    yan.session = await signIn(ctx.app, yan.email);
    const body = await bundle(yan);
    expect(body.prices.LAND_POUND.pricePerUnit).toBe('1.158835');
    // 100 × 1.158835 = £115.88; profit £7.08 on £108.80 paid = 6.507… % → 6.51.
    expect(body.userDashBoardDetails.userAnalytics.LAND_POUND).toEqual(
      holding('LAND_POUND', { owned: 100, total_value_bought: 10_880, total_value_today: 11_588, profit: 708, profit_percentage: '6.51' }),
    );
    expect(body.landUnitStats.unitsAvailable.LAND_POUND).toBe(await available('LAND_POUND', 1_158_835n));

    ada.session = await signIn(ctx.app, ada.email);
    const adas = (await bundle(ada)).userDashBoardDetails.userAnalytics;
    // 24 × 1.158835 = $27.81 against $26.98: +$0.83 = 3.08 %.
    expect(adas.LAND_USD).toEqual(holding('LAND_USD', { owned: 24, total_value_bought: 2_698, total_value_today: 2_781, profit: 83, profit_percentage: '3.08' }));
    // 80 × 1.158835 = £92.71 against £87.04.
    expect(adas.LAND_POUND).toEqual(holding('LAND_POUND', { owned: 80, total_value_bought: 8_704, total_value_today: 9_271, profit: 567, profit_percentage: '6.51' }));
  });
});
