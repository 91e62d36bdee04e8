import { afterAll, afterEach, beforeAll } from 'vitest';
import { ManualClock } from '../../../platform/clock';
import { createTestApp, type TestContext } from '../../../test/app';
import { createOrder, signUp, type TestUser } from './fixtures';
import { buyBody, created, expectReconciled, makeAdmin, type TestAdmin } from './lifecycle';

/** The app, people and helpers of the bank-buy test files (buy-bank*.test.ts), each on its own database. */

// Today is 2026-01-15 (UTC): day 379 after the price epoch, so one Unit costs 1.077986 in every
// currency with the default settings (P0 1.000000, 7.5 %/year).
export const START = new Date('2026-01-15T10:00:00Z');
export const PRICE = '1.077986';
export const clock = new ManualClock(START);
export let ctx: TestContext;
export let admin: TestAdmin;
export const people: Record<string, TestUser> = {};

/** Registers the hooks of a test file: a new app with its people and admin, reconciled after each test. */
export function useBuyBankApp(): void {
  beforeAll(async () => {
    // Both bank-buy files share this module (and so this clock) within a test worker.
    clock.set(START);
    // The periodic job must not run due orders behind the tests' backs; they call runDueOrders.
    ctx = await createTestApp({ JOBS_DUE_ORDERS_INTERVAL_MS: '9999999' }, undefined, clock);
    for (const name of ['ada', 'bob', 'cy', 'dee', 'eli', 'fay', 'gus', 'hal', 'ivy', 'jo', 'kim']) {
      people[name] = await signUp(ctx.app, `${name}.buy@example.com`, name.charAt(0).toUpperCase() + name.slice(1), 'Buyer');
    }
    admin = await makeAdmin(ctx.app, ctx.database.db, 'admin.buy@example.com');
  });
  afterAll(() => ctx.close());
  afterEach(async () => {
    await expectReconciled(ctx.database.db, clock.now());
  });
}

export const db = () => ctx.database.db;
export const who = (name: string) => people[name] as TestUser;
export const LIMIT_MESSAGE = 'Your current purchase limit is £1,000.00, This purchase plus any existing unapproved purchases exceed that limit.';

export async function buy(user: TestUser, units: number, unitType?: string) {
  return created(await createOrder(ctx.app, user.session, buyBody(units, unitType)));
}
