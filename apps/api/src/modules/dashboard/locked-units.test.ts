import { DEFAULT_MONEY_SETTINGS, UNIT_TYPES } from '@landunits/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock';
import { queryRows } from '../../platform/db/client';
import { orders } from '../../schema';
import { me } from '../../test/accounts';
import { createTestApp, type TestContext } from '../../test/app';
import { runDueOrders } from '../orders';
import { createOrder, signUp, type TestUser } from '../orders/test/fixtures';
import { staffLogin } from '../../test/accounts';
import { buyBody, cancelOrder, created, decide, expectReconciled, makeAdmin, postJson, signIn, successOrder, type TestAdmin } from '../orders/test/lifecycle';

/**
 * The dashboard bundle's locked Units (docs/api/payments.md "dashboard bundle additions"): bonus
 * Units of BONUS-code buys by status, LU2X Units and their next unlock, the offer's room left, and
 * the crypto wallets. Buys are placed over HTTP, as a person would.
 */

const START = new Date('2026-03-10T10:00:00Z');
const clock = new ManualClock(START);
let ctx: TestContext;
let admin: TestAdmin;
let ada: TestUser;
let bob: TestUser;

beforeAll(async () => {
  ctx = await createTestApp({ JOBS_DUE_ORDERS_INTERVAL_MS: '9999999' }, undefined, clock);
  ada = await signUp(ctx.app, 'ada.locked@example.com', 'Ada', 'Lovelace');
  bob = await signUp(ctx.app, 'bob.locked@example.com', 'Bob', 'Babbage');
  admin = await makeAdmin(ctx.app, ctx.database.db, 'admin.locked@example.com');
  const res = await postJson(ctx.app, admin.session, '/api/admin/reference-codes', { code: 'BONUS50', codeType: 'BONUS', bonusUnits: 50 }, null);
  expect(res.statusCode, res.body).toBe(201);
});
afterAll(() => ctx.close());
afterEach(async () => {
  await expectReconciled(ctx.database.db, clock.now());
});

async function details(user: TestUser) {
  const res = await me(ctx.app, user.session);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().userDashBoardDetails;
}

const bonusBuy = (units: number) => ({ ...buyBody(units), buy: { referenceCode: 'bonus50' } });
const doubleLandBuy = (units: number) => {
  const body = buyBody(units);
  return { ...body, currencyUnit: { ...body.currencyUnit, isDoubleLand: true } };
};

/** Moves the clock and signs everyone in again (sessions lapse after 30 days). */
async function travelTo(at: string) {
  clock.set(at);
  for (const person of [ada, bob]) person.session = await signIn(ctx.app, person.email);
  admin.session = await staffLogin(ctx.app, admin.email);
}

describe('the locked Units of the dashboard bundle', () => {
  it('lists a bonus buy under PaymentSent until approved, then with its unlock date, and drops it once unlocked', async () => {
    const order = created(await createOrder(ctx.app, ada.session, bonusBuy(100)));
    const waiting = { LockedBonusApproved: [], PaymentSent: [{ orderId: order.orderId, code: 'BONUS50', unlockDate: null, lockedUnits: 50, unitType: 'LAND_POUND' }] };
    expect((await details(ada)).buyOrderBonusLockedByStatus).toEqual(waiting);
    // Another person sees none of it.
    expect((await details(bob)).buyOrderBonusLockedByStatus).toEqual({ LockedBonusApproved: [], PaymentSent: [] });

    expect((await successOrder(ctx.app, ada.session, order.orderId)).statusCode).toBe(200);
    expect((await details(ada)).buyOrderBonusLockedByStatus).toEqual(waiting);

    clock.set('2026-03-11T09:00:00Z');
    await decide(ctx.app, admin.session, order.orderId, 'Approved');
    // bonusLockDays (180) after the approval.
    const approved = await details(ada);
    expect(approved.buyOrderBonusLockedByStatus).toEqual({
      LockedBonusApproved: [{ orderId: order.orderId, code: 'BONUS50', unlockDate: '2026-09-07T09:00:00.000Z', lockedUnits: 50, unitType: 'LAND_POUND' }],
      PaymentSent: [],
    });
    expect(approved.userAnalytics.LAND_POUND).toMatchObject({ owned: 100, bonusLocked: 50 });

    await travelTo('2026-09-07T09:00:00Z');
    await runDueOrders(ctx.app.ctx);
    const unlocked = await details(ada);
    expect(unlocked.buyOrderBonusLockedByStatus).toEqual({ LockedBonusApproved: [], PaymentSent: [] });
    expect(unlocked.userAnalytics.LAND_POUND).toMatchObject({ owned: 150, bonusLocked: 0 });
  });

  it('leaves out bonus buys that were cancelled or failed', async () => {
    const cancelled = created(await createOrder(ctx.app, bob.session, bonusBuy(10)));
    expect((await cancelOrder(ctx.app, bob.session, cancelled.orderId)).statusCode).toBe(200);
    const failed = created(await createOrder(ctx.app, bob.session, bonusBuy(20)));
    expect((await successOrder(ctx.app, bob.session, failed.orderId)).statusCode).toBe(200);
    await decide(ctx.app, admin.session, failed.orderId, 'Failed', 'No payment arrived');
    const open = created(await createOrder(ctx.app, bob.session, bonusBuy(30)));
    expect((await details(bob)).buyOrderBonusLockedByStatus).toEqual({
      LockedBonusApproved: [],
      PaymentSent: [{ orderId: open.orderId, code: 'BONUS50', unlockDate: null, lockedUnits: 50, unitType: 'LAND_POUND' }],
    });
    expect((await cancelOrder(ctx.app, bob.session, open.orderId)).statusCode).toBe(200);
  });

  it('reads the bonus list with the person’s bonus index', async () => {
    const plan = await ctx.database.db.transaction(async (tx) => {
      // A near-empty table makes a scan look cheapest; without one, the planner shows the index it would use.
      await tx.execute(sql`set local enable_seqscan = off`);
      const rows = await queryRows<{ 'QUERY PLAN': string }>(
        tx,
        sql.raw(
          `explain select id from orders where user_id = '${ada.id}' and bonus_units is not null ` +
            `and order_status in ('Approved', 'Completed', 'Initiated', 'InProcess', 'PaymentSent', 'PaymentSent_FromUserCrypto') order by created_at, id`,
        ),
      );
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('orders_user_bonus_idx');
  });

  it('shows LU2X Units locked, the next monthly unlock, the offer’s room left and the crypto wallets', async () => {
    await travelTo('2027-01-15T10:00:00Z');
    const before = await details(ada);
    expect(before.doubleLandOffer).toEqual({ capUnits: 100_000, remainingUnits: 100_000 });
    expect(before.doubleLand).toEqual(Object.fromEntries(UNIT_TYPES.map((t) => [t, { lockedUnits: 0, nextUnlockAt: null, nextUnlockUnits: 0 }])));

    const order = created(await createOrder(ctx.app, ada.session, doubleLandBuy(100)));
    // The offer's Units are taken when the buy is placed; they are locked once it is paid.
    const placed = await details(ada);
    expect(placed.doubleLandOffer).toEqual({ capUnits: 100_000, remainingUnits: 99_900 });
    expect(placed.doubleLand.LAND_POUND).toEqual({ lockedUnits: 0, nextUnlockAt: null, nextUnlockUnits: 0 });
    expect((await details(bob)).doubleLandOffer.remainingUnits).toBe(99_900);

    expect((await successOrder(ctx.app, ada.session, order.orderId)).statusCode).toBe(200);
    await decide(ctx.app, admin.session, order.orderId, 'Approved');
    const paid = await details(ada);
    // Six months locked, then 10 % at the start of each month: the first tranche on 1 August 2027.
    expect(paid.doubleLand.LAND_POUND).toEqual({ lockedUnits: 100, nextUnlockAt: '2027-08-01T00:00:00.000Z', nextUnlockUnits: 10 });
    expect(paid.doubleLand.LAND_USD).toEqual({ lockedUnits: 0, nextUnlockAt: null, nextUnlockUnits: 0 });
    expect(paid.userAnalytics.LAND_POUND).toMatchObject({ owned_DOUBLE_LAND: 100 });

    await travelTo('2027-08-01T00:00:00Z');
    await runDueOrders(ctx.app.ctx);
    expect((await details(ada)).doubleLand.LAND_POUND).toEqual({ lockedUnits: 90, nextUnlockAt: '2027-09-01T00:00:00.000Z', nextUnlockUnits: 10 });

    const body = (await me(ctx.app, ada.session)).json();
    expect(body.cryptoWallets).toEqual(DEFAULT_MONEY_SETTINGS.adminCryptoWallets);
  });

  it('counts a cancelled LU2X buy back into the offer', async () => {
    const order = created(await createOrder(ctx.app, bob.session, doubleLandBuy(40)));
    expect((await details(bob)).doubleLandOffer.remainingUnits).toBe(99_860);
    expect((await cancelOrder(ctx.app, bob.session, order.orderId)).statusCode).toBe(200);
    expect((await details(bob)).doubleLandOffer.remainingUnits).toBe(99_900);
    const [row] = await ctx.database.db.select({ status: orders.orderStatus }).from(orders).where(eq(orders.id, order.orderId));
    expect(row?.status).toBe('Cancelled');
  });
});
