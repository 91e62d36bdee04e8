import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock';
import { queryRows } from '../../platform/db/client';
import { createTestApp, type TestContext } from '../../test/app';
import { paidBankBuy, sentBankBuy } from '../invoices/test/setup';
import { adminTransition } from './decide-order';
import { signUp, type TestUser } from './test/fixtures';
import { makeAdmin, statusOf, type TestAdmin } from './test/lifecycle';

/**
 * The approval path and its invoice share one transaction (decision 0024): when the approval rolls
 * back, so does its number, and the next approval takes it.
 */

const clock = new ManualClock(new Date('2026-05-04T10:00:00Z'));
let ctx: TestContext;
let admin: TestAdmin;
let ann: TestUser;
const db = () => ctx.database.db;
const numbers = async () => (await queryRows<{ number: string; order_id: string }>(db(), sql`select number, order_id from invoices order by sequence`)).map((r) => [r.number, r.order_id]);

beforeAll(async () => {
  ctx = await createTestApp({ JOBS_DUE_ORDERS_INTERVAL_MS: '9999999' }, undefined, clock);
  admin = await makeAdmin(ctx.app, db(), 'admin.invoice-issue@example.com');
  ann = await signUp(ctx.app, 'ann.invoice-issue@example.com', 'Ann', 'Issue');
});
afterAll(() => ctx.close());

describe('an approval that rolls back', () => {
  it('uses no invoice number: the order is still waiting and the next approval gets the next number', async () => {
    const first = await paidBankBuy(ctx.app, admin.session, ann, 5);
    const second = await sentBankBuy(ctx.app, ann, 5);
    await expect(
      db().transaction(async (tx) => {
        // The real approval, inside a transaction that then fails (as if the commit were lost).
        await adminTransition({ db: tx, clock }, { userId: admin.id, role: 'OWNER' }, second, { toStatus: 'Approved', reason: 'Payment received' }, { key: randomUUID(), fingerprint: 'f' });
        expect((await queryRows(tx, sql`select 1 from invoices where order_id = ${second}`)).length).toBe(1);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await statusOf(db(), second)).toBe('PaymentSent');
    expect(await numbers()).toEqual([['LU-2026-000001', first]]);

    await adminTransition({ db: db(), clock }, { userId: admin.id, role: 'OWNER' }, second, { toStatus: 'Approved', reason: 'Payment received' }, { key: randomUUID(), fingerprint: 'f' });
    expect(await numbers()).toEqual([
      ['LU-2026-000001', first],
      ['LU-2026-000002', second],
    ]);
  });
});
