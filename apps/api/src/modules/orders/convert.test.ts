import { DEFAULT_MONEY_SETTINGS, MONEY_MESSAGES, ORDER_MESSAGES, priceToMicros } from '@landunits/domain';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock';
import { queryRows } from '../../platform/db/client';
import { VALIDATION_MESSAGE } from '../../platform/http/app-error';
import { createTestApp, type TestContext } from '../../test/app';
import { INSUFFICIENT_UNITS_MESSAGE } from '../ledger';
import { updateMoneySettings } from '../pricing';
import { runDueOrders } from './index';
import { ORDER_ID_PATTERN } from './order-ids';
import { createOrder, getJson, giveUnits, signUp, transferBody, type TestUser } from './test/fixtures';
import {
  bucketsOf,
  buyBody,
  convertBody,
  created,
  decide,
  expectReconciled,
  holdingCost,
  ledgerSnapshot,
  systemBalance,
  makeAdmin,
  outstanding,
  sellBody,
  setVerification,
  signIn,
  successOrder,
  type TestAdmin,
} from './test/lifecycle';

// 2026-01-15: every unit type costs 1.077986 with the default settings; GBP-based rates
// USD 1.24, EUR 1.19, AUD 1.99.
const START = new Date('2026-01-15T10:00:00Z');
const clock = new ManualClock(START);
let ctx: TestContext;
let admin: TestAdmin;
let ada: TestUser;
let cat: TestUser;
let bob: TestUser;

beforeAll(async () => {
  ctx = await createTestApp({ JOBS_DUE_ORDERS_INTERVAL_MS: '9999999' }, undefined, clock);
  ada = await signUp(ctx.app, 'ada.convert@example.com', 'Ada', 'Lovelace');
  cat = await signUp(ctx.app, 'cat.convert@example.com', 'Cat', 'Costed');
  bob = await signUp(ctx.app, 'bob.convert@example.com', 'Bob', 'Babbage');
  admin = await makeAdmin(ctx.app, ctx.database.db, 'admin.convert@example.com');
  await giveUnits(ctx.database.db, ada.id, 1_000);
  await giveUnits(ctx.database.db, ada.id, 1_000, 'LAND_USD');
  await giveUnits(ctx.database.db, ada.id, 100, 'LAND_AUD');
});
afterAll(() => ctx.close());
afterEach(async () => {
  await expectReconciled(ctx.database.db, clock.now());
});

const db = () => ctx.database.db;

describe('CONVERT', () => {
  it('20 GBP Units → floor(20 × 1.077986 × 1.24 / 1.077986) = 24 USD Units, locked for 30 days; each supply moves', async () => {
    const [gbpBefore, usdBefore] = [await bucketsOf(db(), ada.id), await bucketsOf(db(), ada.id, 'LAND_USD')];
    const [gbpOut, usdOut] = [await outstanding(db(), 'LAND_POUND'), await outstanding(db(), 'LAND_USD')];
    const res = await createOrder(ctx.app, ada.session, convertBody(20, 'LAND_POUND', 'LAND_USD'));
    expect(res.statusCode).toBe(201);
    const orderId = res.json().orderCreatedData.orderId as string;
    expect(orderId).toMatch(ORDER_ID_PATTERN);
    expect(res.json()).toEqual({
      orderCreatedData: {
        orderId,
        orderType: 'CONVERT',
        orderStatus: 'Completed',
        statusLabel: 'Completed',
        statusColour: 'green',
        direction: 'SENT',
        paymentMethod: 'None',
        currencyUnit: {
          unitType: 'LAND_POUND',
          numberOfUnits: 20,
          pricePerUnit: '1.077986',
          buyOrderTransactionFeeInCents: 100,
          sellOrderTransactionFeeInUnits: 10,
          convertOrderTransactionFeeInUnits: 0,
          isDoubleLand: false,
        },
        paymentDetails: null,
        buy: null,
        sell: null,
        transfer: null,
        convert: { unitType: 'LAND_USD', numberOfUnits: 24, pricePerUnit: '1.077986', exchangeRate: '1.240000', feeUnits: 0, unlockAt: '2026-02-14T10:00:00.000Z' },
        counterpartyEmail: null,
        counterpartyName: null,
        createdAt: START.toISOString(),
        updatedAt: START.toISOString(),
      },
    });
    expect(await bucketsOf(db(), ada.id)).toEqual({ ...gbpBefore, owned: gbpBefore.owned! - 20 });
    expect(await bucketsOf(db(), ada.id, 'LAND_USD')).toEqual({ ...usdBefore, convertLocked: usdBefore.convertLocked! + 24 });
    expect(await outstanding(db(), 'LAND_POUND')).toBe(gbpOut - 20);
    expect(await outstanding(db(), 'LAND_USD')).toBe(usdOut + 24);
    // The details call shows the same.
    const details = await getJson(ctx.app, ada.session, `/api/order/get_order_details/${orderId}`);
    expect(details.json().orderData).toMatchObject({ convert: res.json().orderCreatedData.convert, statusHistory: [{ fromStatus: null, toStatus: 'Completed', reason: null }] });
  });

  it('converts LAND_POUND to LAND_USD when no types are given', async () => {
    const order = created(await createOrder(ctx.app, ada.session, { orderType: 'CONVERT', currencyUnit: { numberOfUnits: 10 } }));
    expect(order.currencyUnit).toMatchObject({ unitType: 'LAND_POUND', numberOfUnits: 10 });
    expect(order.convert).toMatchObject({ unitType: 'LAND_USD', numberOfUnits: 12 });
  });

  it.each([
    // floor(7 × 1.24) = floor(8.68) = 8
    ['LAND_POUND', 'LAND_USD', 7, 8, '1.240000'],
    // USD → EUR through GBP: 1.19 / 1.24 = 0.95967…; floor(100 × 0.95967…) = 95
    ['LAND_USD', 'LAND_EUR', 100, 95, '0.959677'],
    // AUD → GBP: 1 / 1.99; floor(10 / 1.99) = floor(5.025…) = 5
    ['LAND_AUD', 'LAND_POUND', 10, 5, '0.502513'],
    // GBP → AUD: floor(3 × 1.99) = 5
    ['LAND_POUND', 'LAND_AUD', 3, 5, '1.990000'],
  ] as const)('%s → %s: %i Units give %i (rate %s), rounded down', async (from, to, units, out, rate) => {
    const order = created(await createOrder(ctx.app, ada.session, convertBody(units, from, to)));
    expect(order.convert).toMatchObject({ unitType: to, numberOfUnits: out, exchangeRate: rate, feeUnits: 0 });
  });

  it('uses each unit type’s own price: floor(units × priceA × rate / priceB)', async () => {
    await updateMoneySettings(db(), { ...DEFAULT_MONEY_SETTINGS, initialPrices: { ...DEFAULT_MONEY_SETTINGS.initialPrices, LAND_USD: '1.500000' } }, admin.id, clock.now());
    try {
      const order = created(await createOrder(ctx.app, ada.session, convertBody(20, 'LAND_POUND', 'LAND_USD')));
      const priceUsd = (order.convert as { pricePerUnit: string }).pricePerUnit;
      // 1.5 × 1.077986… (the growth factor of day 379), to 6 places.
      expect(priceUsd).toBe('1.616979');
      expect(order.convert).toMatchObject({ numberOfUnits: Number((20n * 1_077_986n * 124n) / (100n * priceToMicros(priceUsd))) });
      expect(order.convert).toMatchObject({ numberOfUnits: 16 });
    } finally {
      await updateMoneySettings(db(), DEFAULT_MONEY_SETTINGS, admin.id, clock.now());
    }
  });

  it('refuses a conversion that would give no Units (400)', async () => {
    const before = await ledgerSnapshot(db());
    const res = await createOrder(ctx.app, ada.session, convertBody(1, 'LAND_AUD', 'LAND_POUND'));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: VALIDATION_MESSAGE, code: 'VALIDATION_FAILED', errors: { numberOfUnits: MONEY_MESSAGES.convertTooSmall } });
    expect(await ledgerSnapshot(db())).toEqual(before);
  });

  it('refuses the same unit type on both sides, or an unknown target (400)', async () => {
    const before = await ledgerSnapshot(db());
    for (const [body, message] of [
      [convertBody(5, 'LAND_USD', 'LAND_USD'), ORDER_MESSAGES.convertSameType],
      [convertBody(5, undefined, 'LAND_POUND'), ORDER_MESSAGES.convertSameType],
      [convertBody(5, 'LAND_POUND', 'LAND_YEN'), ORDER_MESSAGES.convertTarget],
      [{ orderType: 'CONVERT', currencyUnit: { numberOfUnits: 5 }, convert: 'LAND_USD' }, ORDER_MESSAGES.convertTarget],
    ] as const) {
      const res = await createOrder(ctx.app, ada.session, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: VALIDATION_MESSAGE, code: 'VALIDATION_FAILED', errors: { convertUnitType: message } });
    }
    expect(await ledgerSnapshot(db())).toEqual(before);
  });

  it('refuses more than owned with "You can only convert up to N units" (409)', async () => {
    const owned = (await bucketsOf(db(), ada.id, 'LAND_AUD')).owned!;
    const before = await ledgerSnapshot(db());
    const res = await createOrder(ctx.app, ada.session, convertBody(owned + 1, 'LAND_AUD', 'LAND_EUR'));
    expect(res.statusCode).toBe(409);
    const message = `You can only convert up to ${owned} units`;
    expect(res.json()).toEqual({ message, code: 'INSUFFICIENT_UNITS', errors: { numberOfUnits: message } });
    expect(await ledgerSnapshot(db())).toEqual(before);
  });

  it('stops at the target supply cap with "You can only convert up to N units", N the most that still fits', async () => {
    // A land value that leaves a little room in the LAND_EUR supply (EUR land value = GBP × 1.19).
    await updateMoneySettings(db(), { ...DEFAULT_MONEY_SETTINGS, landValueGbpInCents: 1 }, admin.id, clock.now());
    try {
      const eurOutstanding = -(await systemBalance(db(), 'issuer', 'LAND_EUR', 'supply'));
      // cap = floor(landValueEUR × 84.74 % / price); aim at outstanding + ~30.
      const price = priceToMicros((await getJson(ctx.app, ada.session, '/api/order/get_price')).json().prices.LAND_EUR.pricePerUnit);
      const landValueGbp = (((BigInt(eurOutstanding) + 30n) * price) / 8474n / 119n) * 100n + 1n;
      await updateMoneySettings(db(), { ...DEFAULT_MONEY_SETTINGS, landValueGbpInCents: Number(landValueGbp) }, admin.id, clock.now());
      const room = BigInt((await getJson(ctx.app, ada.session, '/api/user')).json().landUnitStats.unitsAvailable.LAND_EUR);
      expect(room).toBeGreaterThan(0n);
      // GBP and EUR cost the same on any day (equal P0), so u GBP Units give floor(1.19 u) EUR Units.
      let most = 0n;
      while (((most + 1n) * 119n) / 100n <= room) most += 1n;
      const before = await ledgerSnapshot(db());
      const res = await createOrder(ctx.app, ada.session, convertBody(Number(most + 5n), 'LAND_POUND', 'LAND_EUR'));
      const message = MONEY_MESSAGES.convertUpTo(most);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message, code: 'LIMIT_EXCEEDED', errors: { numberOfUnits: message } });
      expect(await ledgerSnapshot(db())).toEqual(before);
      expect((await createOrder(ctx.app, ada.session, convertBody(Number(most), 'LAND_POUND', 'LAND_EUR'))).statusCode).toBe(201);
    } finally {
      await updateMoneySettings(db(), DEFAULT_MONEY_SETTINGS, admin.id, clock.now());
    }
  });

  it('answers 409, not a server error, for a conversion far beyond anything owned', async () => {
    const before = await ledgerSnapshot(db());
    for (const units of [Number.MAX_SAFE_INTEGER, 8_000_000_000_000_000]) {
      const res = await createOrder(ctx.app, bob.session, convertBody(units, 'LAND_POUND', 'LAND_AUD'));
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toEqual({ message: 'You can only convert up to 0 units', code: 'INSUFFICIENT_UNITS', errors: { numberOfUnits: 'You can only convert up to 0 units' } });
    }
    expect(await ledgerSnapshot(db())).toEqual(before);
  });

  it('moves the holding cost into the new currency at the exchange rate', async () => {
    // Cat bought 100 GBP Units for £107.80 and the £1 bank fee: £108.80 paid, her cost.
    await setVerification(db(), cat.id);
    const bought = created(await createOrder(ctx.app, cat.session, buyBody(100)));
    expect((await successOrder(ctx.app, cat.session, bought.orderId)).statusCode).toBe(200);
    await decide(ctx.app, admin.session, bought.orderId, 'Approved');
    expect(await holdingCost(db(), cat.id)).toBe(10880);

    created(await createOrder(ctx.app, cat.session, convertBody(20)));
    // A fifth of the Units, so a fifth of the cost (£21.76) leaves GBP and arrives as $26.98 (× 1.24).
    expect(await holdingCost(db(), cat.id, 'LAND_POUND')).toBe(8704);
    expect(await holdingCost(db(), cat.id, 'LAND_USD')).toBe(2698);
    expect(await bucketsOf(db(), cat.id)).toMatchObject({ owned: 80 });
    expect(await bucketsOf(db(), cat.id, 'LAND_USD')).toMatchObject({ owned: 0, convertLocked: 24 });
  });

  it('keeps converted Units locked: they cannot be converted, sold or transferred for 30 days', async () => {
    const before = await ledgerSnapshot(db());
    const again = await createOrder(ctx.app, cat.session, convertBody(24, 'LAND_USD', 'LAND_POUND'));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You can only convert up to 0 units');
    const sell = await createOrder(ctx.app, cat.session, sellBody(24, 'LAND_USD'));
    expect(sell.statusCode).toBe(409);
    expect(sell.json()).toEqual({ message: INSUFFICIENT_UNITS_MESSAGE, code: 'INSUFFICIENT_UNITS' });
    const transfer = await createOrder(ctx.app, cat.session, transferBody(ada.email, 24, 'LAND_USD'));
    expect(transfer.statusCode).toBe(409);
    expect(await ledgerSnapshot(db())).toEqual(before);
  });

  it('the job unlocks converted Units after 30 days (convertLocked → owned), not a millisecond before', async () => {
    const locked = await queryRows<{ n: string }>(db(), sql`select count(*)::text as n from orders where order_type = 'CONVERT' and due_at is not null`);
    const pending = Number(locked[0]?.n);
    expect(pending).toBeGreaterThan(0);
    const catUsd = await bucketsOf(db(), cat.id, 'LAND_USD');

    clock.set('2026-02-14T09:59:59.999Z');
    expect(await runDueOrders(ctx.app.ctx)).toEqual([]);
    expect(await bucketsOf(db(), cat.id, 'LAND_USD')).toEqual(catUsd);

    clock.set('2026-02-14T10:00:00.000Z');
    expect(await runDueOrders(ctx.app.ctx)).toEqual(Array(pending).fill('unlocked'));
    expect(await bucketsOf(db(), cat.id, 'LAND_USD')).toEqual({ ...catUsd, owned: 24, convertLocked: 0 });
    expect(await bucketsOf(db(), ada.id, 'LAND_USD')).toMatchObject({ convertLocked: 0 });
    // The order keeps its status; the cost stays with the Units.
    expect(await holdingCost(db(), cat.id, 'LAND_USD')).toBe(2698);
    const before = await ledgerSnapshot(db());
    expect(await runDueOrders(ctx.app.ctx)).toEqual([]);
    expect(await ledgerSnapshot(db())).toEqual(before);

    // Now they may go anywhere.
    cat.session = await signIn(ctx.app, cat.email);
    expect(created(await createOrder(ctx.app, cat.session, transferBody(ada.email, 4, 'LAND_USD'))).orderStatus).toBe('Completed');
  });
});
