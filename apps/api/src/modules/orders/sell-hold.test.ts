import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock';
import { queryRows } from '../../platform/db/client';
import { createTestApp, type TestContext } from '../../test/app';
import { GOOD_BANK, postBank } from '../verification/test/helpers';
import { createOrder, giveUnits, signUp, type TestUser } from './test/fixtures';
import { created, ledgerSnapshot, sellBody, setVerification } from './test/lifecycle';

// PRODUCT-DECISIONS §8: after bank details change, new sells wait 48 hours.
const clock = new ManualClock(new Date('2026-11-25T14:05:00Z'));
let ctx: TestContext;
let sam: TestUser;

beforeAll(async () => {
  ctx = await createTestApp({ JOBS_DUE_ORDERS_INTERVAL_MS: '9999999' }, undefined, clock);
  sam = await signUp(ctx.app, 'sam.hold@example.com', 'Sam', 'Seller');
  await giveUnits(ctx.database.db, sam.id, 1_000);
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;
const orderCount = async () => (await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from orders where user_id = ${sam.id}`))[0]!.n;

describe('SELL during the bank-details hold', () => {
  it('a first save of bank details holds nothing: an approved person sells', async () => {
    expect((await postBank(ctx.app, sam.session, { ...GOOD_BANK, verificationStatus: 'Saved' })).statusCode).toBe(200);
    await setVerification(db(), sam.id, 'Approved', 'Approved');
    created(await createOrder(ctx.app, sam.session, sellBody(20)));
  });

  it('changed bank details: 409 naming when selling opens again, nothing changed; 48 hours later selling works', async () => {
    clock.advance(60_000);
    expect((await postBank(ctx.app, sam.session, { ...GOOD_BANK, bankAccountNumber: '99887766', verificationStatus: 'Saved' })).statusCode).toBe(200);
    // The admin approves the new details at once; the hold still runs.
    await setVerification(db(), sam.id, 'Approved', 'Approved');
    const ledger = await ledgerSnapshot(db());
    const orders = await orderCount();
    const res = await createOrder(ctx.app, sam.session, sellBody(20));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 'CONFLICT', message: 'Your bank details changed recently. You can sell again from 27/11/2026 14:06 (UTC).' });
    expect(await ledgerSnapshot(db())).toEqual(ledger);
    expect(await orderCount()).toBe(orders);

    clock.advance(48 * 60 * 60 * 1000 - 1000);
    expect((await createOrder(ctx.app, sam.session, sellBody(20))).statusCode).toBe(409);
    clock.advance(1000);
    created(await createOrder(ctx.app, sam.session, sellBody(20)));
  });
});
