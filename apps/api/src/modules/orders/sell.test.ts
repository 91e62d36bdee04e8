import { ORDER_MESSAGES } from '@landunits/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock';
import { VALIDATION_MESSAGE } from '../../platform/http/app-error';
import { createTestApp, type TestContext } from '../../test/app';
import { INSUFFICIENT_UNITS_MESSAGE } from '../ledger';
import { ORDER_ID_PATTERN } from './order-ids';
import { createOrder, giveUnits, signUp, type TestUser } from './test/fixtures';
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
  systemBalance,
  transition,
  type TestAdmin,
} from './test/lifecycle';
import { GBP_ACCOUNT, markPaid, setBank } from './test/payouts-setup';

// 2026-01-15: one Unit is worth 1.077986 in every currency.
const START = new Date('2026-01-15T10:00:00Z');
const clock = new ManualClock(START);
let ctx: TestContext;
let admin: TestAdmin;
let sam: TestUser;
let una: TestUser;

beforeAll(async () => {
  ctx = await createTestApp({ JOBS_DUE_ORDERS_INTERVAL_MS: '9999999' }, undefined, clock);
  sam = await signUp(ctx.app, 'sam.sell@example.com', 'Sam', 'Seller');
  una = await signUp(ctx.app, 'una.sell@example.com', 'Una', 'Unverified');
  admin = await makeAdmin(ctx.app, ctx.database.db, 'admin.sell@example.com');
  await setBank(ctx.database.db, sam.id, GBP_ACCOUNT);
  await giveUnits(ctx.database.db, sam.id, 1_000);
  await giveUnits(ctx.database.db, sam.id, 100, 'LAND_EUR');
  await giveUnits(ctx.database.db, una.id, 100);
});
afterAll(() => ctx.close());
afterEach(async () => {
  await expectReconciled(ctx.database.db, clock.now());
});

const db = () => ctx.database.db;
const sellFees = (unitType: 'LAND_POUND' | 'LAND_EUR' = 'LAND_POUND') => systemBalance(db(), 'fees', unitType, 'sellFee');

describe('SELL: who may sell', () => {
  it.each([
    ['UnVerified', 'UnVerified', 'To sell Units, complete your profile verification and your bank verification first.'],
    ['Approved', 'UnVerified', 'To sell Units, complete your bank verification first.'],
    ['Approved', 'Pending', 'To sell Units, complete your bank verification first.'],
    ['Pending', 'Approved', 'To sell Units, complete your profile verification first.'],
    ['Rejected', 'Approved', 'To sell Units, complete your profile verification first.'],
  ] as const)('profile %s, bank %s → 403 naming what to complete, nothing written', async (profile, bank, message) => {
    await setVerification(db(), una.id, profile, bank);
    const before = await ledgerSnapshot(db());
    const res = await createOrder(ctx.app, una.session, sellBody(50));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message, code: 'FORBIDDEN' });
    expect(await ledgerSnapshot(db())).toEqual(before);
  });

  it('lets a person with both verifications Approved sell', async () => {
    await setVerification(db(), una.id, 'Approved', 'Approved');
    try {
      const order = created(await createOrder(ctx.app, una.session, sellBody(11)));
      expect(order.orderStatus).toBe('FundsWaitingApproval');
      await decide(ctx.app, admin.session, order.orderId, 'Failed', 'Test over');
    } finally {
      await setVerification(db(), una.id, 'UnVerified', 'UnVerified');
    }
  });
});

describe('SELL: placing', () => {
  it.each([1, 5, 10])('refuses %i Units (not more than the 10-Unit fee) with 400 on the units field', async (units) => {
    const before = await ledgerSnapshot(db());
    const res = await createOrder(ctx.app, sam.session, sellBody(units));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: VALIDATION_MESSAGE,
      code: 'VALIDATION_FAILED',
      errors: { numberOfUnits: 'You must sell more than 10 units to cover the sale fee' },
    });
    expect(await ledgerSnapshot(db())).toEqual(before);
  });

  it('answers 201 FundsWaitingApproval with the payout (units − fee) × price and moves owned → pendingSell', async () => {
    const before = await bucketsOf(db(), sam.id);
    const res = await createOrder(ctx.app, sam.session, sellBody(50));
    expect(res.statusCode).toBe(201);
    const orderId = res.json().orderCreatedData.orderId as string;
    expect(orderId).toMatch(ORDER_ID_PATTERN);
    expect(res.json()).toEqual({
      orderCreatedData: {
        orderId,
        orderType: 'SELL',
        orderStatus: 'FundsWaitingApproval',
        statusLabel: 'Funds Waiting Approval',
        statusColour: 'amber',
        direction: 'SENT',
        paymentMethod: 'None',
        currencyUnit: {
          unitType: 'LAND_POUND',
          numberOfUnits: 50,
          pricePerUnit: '1.077986',
          buyOrderTransactionFeeInCents: 100,
          sellOrderTransactionFeeInUnits: 10,
          convertOrderTransactionFeeInUnits: 0,
          isDoubleLand: false,
        },
        paymentDetails: {
          currency: 'GBP',
          paymentMethod: 'None',
          // 50 × 1.077986 = 53.8993 → £53.90; the fee is 10 Units' worth.
          subTotal: 5390,
          discount: 0,
          transactionFee: 1078,
          paymentMethodFees: { fixedPercentageFees: 0, fixedCentsFees: 0 },
          // 40 × 1.077986 = 43.11944 → £43.12
          paymentAmount: 4312,
        },
        buy: null,
        sell: { unitsSold: 40, feeUnits: 10, payoutAmount: 4312 },
        transfer: null,
        convert: null,
        counterpartyEmail: null,
        counterpartyName: null,
        createdAt: START.toISOString(),
        updatedAt: START.toISOString(),
      },
    });
    expect(await bucketsOf(db(), sam.id)).toMatchObject({ owned: before.owned! - 50, pendingSell: before.pendingSell! + 50 });
    expect(await historyOf(db(), orderId)).toEqual([{ from_status: null, to_status: 'FundsWaitingApproval', actor: `user:${sam.id}`, reason: null }]);
    await decide(ctx.app, admin.session, orderId, 'Failed', 'Test over');
  });

  it('sells the unit type asked for, paid out in its currency', async () => {
    const order = created(await createOrder(ctx.app, sam.session, sellBody(100, 'LAND_EUR')));
    expect(order.paymentDetails).toMatchObject({ currency: 'EUR', subTotal: 10780, transactionFee: 1078, paymentAmount: 9702 });
    expect(await bucketsOf(db(), sam.id, 'LAND_EUR')).toMatchObject({ owned: 0, pendingSell: 100 });
    // Nothing left to sell.
    const res = await createOrder(ctx.app, sam.session, sellBody(11, 'LAND_EUR'));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: INSUFFICIENT_UNITS_MESSAGE, code: 'INSUFFICIENT_UNITS' });
    await decide(ctx.app, admin.session, order.orderId, 'Failed', 'Test over');
    expect(await bucketsOf(db(), sam.id, 'LAND_EUR')).toMatchObject({ owned: 100, pendingSell: 0 });
  });

  it('refuses to sell more than owned with 409, writing nothing', async () => {
    const owned = (await bucketsOf(db(), sam.id)).owned!;
    const before = await ledgerSnapshot(db());
    const res = await createOrder(ctx.app, sam.session, sellBody(owned + 1));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: INSUFFICIENT_UNITS_MESSAGE, code: 'INSUFFICIENT_UNITS' });
    expect(await ledgerSnapshot(db())).toEqual(before);
  });
});

describe('SELL: the admin’s side', () => {
  it('PartialComplete → AllUnitSold → Completed: the sold Units go back to the supply and the fee Units to the fees account', async () => {
    // Sam's own purchase, so the sale takes its cost with it: 100 Units at £107.80.
    const bought = created(await createOrder(ctx.app, sam.session, buyBody(100)));
    expect((await successOrder(ctx.app, sam.session, bought.orderId)).statusCode).toBe(200);
    await decide(ctx.app, admin.session, bought.orderId, 'Approved');
    const cost = await holdingCost(db(), sam.id);
    const held = (await bucketsOf(db(), sam.id)).owned!;

    const order = created(await createOrder(ctx.app, sam.session, sellBody(50)));
    const [supplyBefore, feesBefore] = [await outstanding(db()), await sellFees()];

    clock.advance(60_000);
    const partial = await decide(ctx.app, admin.session, order.orderId, 'PartialComplete', 'Paid £20.00 so far');
    expect(partial).toEqual({ ...order, orderStatus: 'PartialComplete', statusLabel: 'Partially Complete', statusColour: 'amber', direction: null, updatedAt: clock.now().toISOString() });
    // Nothing moves until all is sold.
    expect(await bucketsOf(db(), sam.id)).toMatchObject({ owned: held - 50, pendingSell: 50 });

    clock.advance(60_000);
    const sold = await decide(ctx.app, admin.session, order.orderId, 'AllUnitSold', 'All Units sold');
    expect(sold).toMatchObject({ orderStatus: 'AllUnitSold', statusLabel: 'All Units Sold', statusColour: 'teal' });
    expect(await bucketsOf(db(), sam.id)).toMatchObject({ owned: held - 50, pendingSell: 0 });
    expect(await outstanding(db())).toBe(supplyBefore - 40);
    expect(await sellFees()).toBe(feesBefore + 10);
    // Their average cost left with them: 50 of the held Units' cost.
    expect(await holdingCost(db(), sam.id)).toBe(cost - Math.round((cost * 50) / held));

    // Completed only by paying out with the bank's reference (payouts.test.ts has the four-eyes rule).
    clock.advance(60_000);
    expect((await transition(ctx.app, admin.session, order.orderId, { toStatus: 'Completed', reason: 'Payout sent' })).statusCode).toBe(409);
    const paid = await markPaid(ctx.app, admin.session, order.orderId, 'FP-SELL-001');
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().orderData).toMatchObject({ orderStatus: 'Completed', statusLabel: 'Completed', statusColour: 'green' });
    expect(await historyOf(db(), order.orderId)).toEqual([
      { from_status: null, to_status: 'FundsWaitingApproval', actor: `user:${sam.id}`, reason: null },
      { from_status: 'FundsWaitingApproval', to_status: 'PartialComplete', actor: `admin:${admin.id}`, reason: 'Paid £20.00 so far' },
      { from_status: 'PartialComplete', to_status: 'AllUnitSold', actor: `admin:${admin.id}`, reason: 'All Units sold' },
      { from_status: 'AllUnitSold', to_status: 'Completed', actor: `admin:${admin.id}`, reason: 'Paid out with bank reference FP-SELL-001' },
    ]);

    // The end: nothing further.
    const before = await ledgerSnapshot(db());
    for (const toStatus of ['Failed', 'AllUnitSold', 'Completed']) {
      expect((await transition(ctx.app, admin.session, order.orderId, { toStatus, reason: 'Again' })).statusCode).toBe(409);
    }
    expect(await ledgerSnapshot(db())).toEqual(before);
  });

  it('may mark all Units sold straight from FundsWaitingApproval', async () => {
    const order = created(await createOrder(ctx.app, sam.session, sellBody(20)));
    const feesBefore = await sellFees();
    await decide(ctx.app, admin.session, order.orderId, 'AllUnitSold');
    expect(await sellFees()).toBe(feesBefore + 10);
    expect(await bucketsOf(db(), sam.id)).toMatchObject({ pendingSell: 0 });
    expect((await markPaid(ctx.app, admin.session, order.orderId, 'FP-SELL-002')).statusCode).toBe(200);
  });

  it('Failed from FundsWaitingApproval gives the Units back to owned; a partly paid sale cannot fail', async () => {
    const before = await bucketsOf(db(), sam.id);
    const cost = await holdingCost(db(), sam.id);
    const order = created(await createOrder(ctx.app, sam.session, sellBody(30)));
    const failed = await decide(ctx.app, admin.session, order.orderId, 'Failed', 'Bank details do not match');
    expect(failed).toMatchObject({ orderStatus: 'Failed', statusColour: 'red' });
    expect(await bucketsOf(db(), sam.id)).toMatchObject({ owned: before.owned, pendingSell: 0 });
    expect(await holdingCost(db(), sam.id)).toBe(cost);

    const partly = created(await createOrder(ctx.app, sam.session, sellBody(30)));
    await decide(ctx.app, admin.session, partly.orderId, 'PartialComplete');
    const res = await transition(ctx.app, admin.session, partly.orderId, { toStatus: 'Failed', reason: 'Changed my mind' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'This order is Partially Complete; it cannot become Failed.', code: 'TRANSITION_REFUSED' });
    expect(await statusOf(db(), partly.orderId)).toBe('PartialComplete');
    await decide(ctx.app, admin.session, partly.orderId, 'AllUnitSold');
  });

  it('a seller cannot cancel or "pay" their sale themself', async () => {
    const order = created(await createOrder(ctx.app, sam.session, sellBody(15)));
    const before = await ledgerSnapshot(db());
    const pay = await successOrder(ctx.app, sam.session, order.orderId);
    expect(pay.statusCode).toBe(409);
    const cancel = await createOrder(ctx.app, sam.session, { orderType: 'SELL', currencyUnit: { numberOfUnits: 15 }, orderStatus: 'Cancelled' });
    expect(cancel.statusCode).toBe(400);
    expect(cancel.json().errors).toEqual({ orderStatus: ORDER_MESSAGES.notSettable });
    expect(await ledgerSnapshot(db())).toEqual(before);
    await decide(ctx.app, admin.session, order.orderId, 'Failed');
  });
});
