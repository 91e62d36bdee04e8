import { MONEY_HOLD_MS } from '@landunits/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock';
import { queryRows } from '../../platform/db/client';
import { createTestApp, type TestContext } from '../../test/app';
import { startMoneyHold } from '../auth';
import { GOOD_BANK, postBank } from '../verification/test/helpers';
import { createOrder, getJson, giveUnits, signUp, transferBody, type TestUser } from './test/fixtures';
import { created, ledgerSnapshot, scheduleBody, sellBody, setVerification, statusOf, type TestAdmin } from './test/lifecycle';
import { makeAdminAs, markPaid, payoutRowOf } from './test/payouts-setup';

// Decision 0049: for 48 hours after a security change, a person's sales, transfers and payouts wait.
const clock = new ManualClock(new Date('2026-11-25T14:05:00Z'));
let ctx: TestContext;
let sam: TestUser;
let rita: TestUser;
let finance: TestAdmin;

beforeAll(async () => {
  ctx = await createTestApp({ JOBS_DUE_ORDERS_INTERVAL_MS: '9999999' }, undefined, clock);
  sam = await signUp(ctx.app, 'sam.hold@example.com', 'Sam', 'Seller');
  rita = await signUp(ctx.app, 'rita.hold@example.com', 'Rita', 'Recipient');
  finance = await makeAdminAs(ctx.app, ctx.database.db, 'finance.hold@example.com', 'FINANCE', 'Finn');
  await giveUnits(ctx.database.db, sam.id, 1_000);
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;
const orderCount = async () => (await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from orders where user_id = ${sam.id}`))[0]!.n;
const HOLD = 'Sales and transfers are paused until 27/11/2026 14:06 (UTC) because your bank details changed. This protects your Units if someone else made the change.';

describe('the cooling-off after changed bank details', () => {
  let placedBefore: string;

  it('a first save of bank details holds nothing: an approved person sells', async () => {
    expect((await postBank(ctx.app, sam.session, { ...GOOD_BANK, verificationStatus: 'Saved' })).statusCode).toBe(200);
    await setVerification(db(), sam.id, 'Approved', 'Approved');
    placedBefore = created(await createOrder(ctx.app, sam.session, sellBody(20))).orderId;
  });

  it('changed details: a sale, a transfer and a scheduled transfer are refused with why and until when, and nothing changes', async () => {
    clock.advance(60_000);
    expect((await postBank(ctx.app, sam.session, { ...GOOD_BANK, bankAccountNumber: '99887766', verificationStatus: 'Saved' })).statusCode).toBe(200);
    // The admin approves the new details at once; the cooling-off still runs.
    await setVerification(db(), sam.id, 'Approved', 'Approved');
    const ledger = await ledgerSnapshot(db());
    const orders = await orderCount();
    for (const body of [sellBody(20), transferBody(rita.email, 5), scheduleBody(rita.email, 5, '2026-12-01')]) {
      const res = await createOrder(ctx.app, sam.session, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(409);
      expect(res.json()).toEqual({ code: 'MONEY_HOLD', message: HOLD });
    }
    expect(await ledgerSnapshot(db())).toEqual(ledger);
    expect(await orderCount()).toBe(orders);
  });

  it('the payout of a sale placed before the change is held too: 409 for the admin, no payout recorded', async () => {
    const status = await statusOf(db(), placedBefore);
    const res = await markPaid(ctx.app, finance.session, placedBefore, 'REF-HELD-1');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 'MONEY_HOLD', message: 'Payouts to this person are held until 27/11/2026 14:06 (UTC) because their bank details changed.' });
    expect(await statusOf(db(), placedBefore)).toBe(status);
    expect(await payoutRowOf(db(), placedBefore)).toBeUndefined();
  });

  it('the person and the admin see why and until when', async () => {
    const overview = await getJson(ctx.app, sam.session, '/api/user/verification');
    expect(overview.json().moneyHold).toEqual({ reason: 'bank-details', startedAt: '2026-11-25T14:06:00.000Z', until: '2026-11-27T14:06:00.000Z' });
    const detail = await getJson(ctx.app, finance.session, `/api/admin/users/${sam.id}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().moneyHold).toEqual({ reason: 'bank-details', startedAt: '2026-11-25T14:06:00.000Z', until: '2026-11-27T14:06:00.000Z' });
    const queue = (await getJson(ctx.app, finance.session, '/api/admin/payouts')).json();
    expect(queue.payouts.find((p: { orderId: string }) => p.orderId === placedBefore)).toMatchObject({ moneyHold: { reason: 'bank-details', until: '2026-11-27T14:06:00.000Z' } });
  });

  it('48 hours later money moves again: the held payout, a sale and a transfer', async () => {
    clock.advance(MONEY_HOLD_MS - 1000);
    expect((await createOrder(ctx.app, sam.session, transferBody(rita.email, 5))).statusCode).toBe(409);
    clock.advance(1000);
    expect((await markPaid(ctx.app, finance.session, placedBefore, 'REF-HELD-1')).statusCode).toBe(200);
    expect(await statusOf(db(), placedBefore)).toBe('Completed');
    created(await createOrder(ctx.app, sam.session, sellBody(20)));
    created(await createOrder(ctx.app, sam.session, transferBody(rita.email, 5)));
  });

  it('the hold that ends last is the one shown: a later change moves the date on', async () => {
    await startMoneyHold(db(), sam.id, 'password-reset', clock.now());
    const res = await createOrder(ctx.app, sam.session, transferBody(rita.email, 5));
    expect(res.json()).toMatchObject({ code: 'MONEY_HOLD', message: expect.stringContaining('until 29/11/2026 14:06 (UTC) because your password was reset.') });
  });
});
