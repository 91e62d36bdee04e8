import { afterAll, afterEach, beforeAll } from 'vitest';
import { ManualClock } from '../../../platform/clock';
import { referenceCodes } from '../../../schema';
import { createTestApp, type TestContext } from '../../../test/app';
import { signUp, type TestUser } from './fixtures';
import { expectReconciled, makeAdmin, postJson, type TestAdmin } from './lifecycle';

/** The app, people, reference codes and helpers of buy-options.test.ts. */

export const START = new Date('2026-01-15T10:00:00Z');
export const clock = new ManualClock(START);
export let ctx: TestContext;
export let admin: TestAdmin;
export const people: Record<string, TestUser> = {};

/** Registers the hooks of the test file: a new app with its people, admin and reference codes, reconciled after each test. */
export function useBuyOptionsApp(): void {
  beforeAll(async () => {
    // A test worker loads this module once for every file that uses it.
    clock.set(START);
    ctx = await createTestApp({ JOBS_DUE_ORDERS_INTERVAL_MS: '9999999' }, undefined, clock);
    for (const name of ['ann', 'ben', 'cat', 'dan', 'eve', 'fin', 'gil', 'hud', 'ian', 'jay', 'kit', 'lee']) {
      people[name] = await signUp(ctx.app, `${name}.options@example.com`, name.charAt(0).toUpperCase() + name.slice(1), 'Buyer');
    }
    admin = await makeAdmin(ctx.app, ctx.database.db, 'admin.options@example.com');
    await ctx.database.db.insert(referenceCodes).values([
      { code: 'TEN-PERCENT', codeType: 'DISCOUNT', isPercent: true, amount: '10' },
      { code: 'FIVER', codeType: 'DISCOUNT', isPercent: false, amount: '500' },
      { code: 'BONUS50', codeType: 'BONUS', bonusUnits: 50 },
      { code: 'ONCE', codeType: 'DISCOUNT', isPercent: true, amount: '5', maxUses: 1 },
      { code: 'BIG-ONLY', codeType: 'DISCOUNT', isPercent: true, amount: '5', minPaymentAmountCents: 50_000, maxPaymentAmountCents: 90_000 },
      { code: 'LATE', codeType: 'DISCOUNT', isPercent: true, amount: '5', validUntil: new Date('2026-01-01T00:00:00Z') },
    ]);
  });
  afterAll(() => ctx.close());
  afterEach(async () => {
    await expectReconciled(ctx.database.db, clock.now());
  });
}

export const db = () => ctx.database.db;
export const who = (name: string) => people[name] as TestUser;

export function buy(units: number, paymentMethod: string, extra: { code?: string; lu2x?: boolean; cryptoType?: string } = {}) {
  return {
    orderType: 'BUY',
    currencyUnit: { numberOfUnits: units, ...(extra.lu2x ? { isDoubleLand: true } : {}) },
    paymentDetails: { paymentMethod, ...(extra.cryptoType ? { cryptoType: extra.cryptoType } : {}) },
    ...(extra.code ? { buy: { referenceCode: extra.code } } : {}),
  };
}

export const payCard = (user: TestUser, orderId: string, cardNumber: string) => postJson(ctx.app, user.session, '/api/order/test_card_payment', { orderId, cardNumber, expiry: '12/30', cvc: '123' });
