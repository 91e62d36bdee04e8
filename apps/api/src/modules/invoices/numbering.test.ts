import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock';
import { queryRows } from '../../platform/db/client';
import { createTestApp, type TestContext } from '../../test/app';
import { signUp, type TestUser } from '../orders/test/fixtures';
import { decide, expectReconciled, makeAdmin, transition, type TestAdmin } from '../orders/test/lifecycle';
import { issueInvoice } from '.';
import { counterOf, invoiceRows, paidBankBuy, sentBankBuy } from './test/setup';

/**
 * Invoice numbers (PRODUCT-DECISIONS §10, decision 0024): one series per calendar year, gapless
 * and never reused, issued by a counter row in the transaction that makes the order paid.
 */

const clock = new ManualClock(new Date('2026-12-31T18:00:00Z'));
let ctx: TestContext;
let admin: TestAdmin;
const buyers: TestUser[] = [];
const db = () => ctx.database.db;

beforeAll(async () => {
  ctx = await createTestApp({ JOBS_DUE_ORDERS_INTERVAL_MS: '9999999' }, undefined, clock);
  admin = await makeAdmin(ctx.app, db(), 'admin.numbers@example.com');
  for (const name of ['ana', 'ben', 'cai', 'dot', 'eve']) buyers.push(await signUp(ctx.app, `${name}.numbers@example.com`, name, 'Numbers'));
});
afterAll(() => ctx.close());

describe('invoice numbers', () => {
  it('under 50 concurrent approvals: numbers 1 to 50 of the year, no gap, no duplicate, one per order', async () => {
    const orderIds: string[] = [];
    for (let i = 0; i < 50; i += 1) orderIds.push(await sentBankBuy(ctx.app, buyers[i % buyers.length] as TestUser, 5));
    const answers = await Promise.all(orderIds.map((id) => transition(ctx.app, admin.session, id, { toStatus: 'Approved', reason: 'Payment received' })));
    expect(answers.map((a) => a.statusCode)).toEqual(orderIds.map(() => 200));

    const rows = await invoiceRows(db(), 2026);
    expect(rows.map((r) => Number(r.sequence))).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(new Set(rows.map((r) => r.number)).size).toBe(50);
    expect(rows.map((r) => r.order_id).sort()).toEqual([...orderIds].sort());
    expect(rows.every((r) => r.kind === 'invoice')).toBe(true);
    expect(rows[0]?.number).toBe('LU-2026-000001');
    expect(rows[49]?.number).toBe('LU-2026-000050');
    expect(await counterOf(db(), 2026)).toBe(50);
    await expectReconciled(db(), clock.now());
  });

  it('a transaction that issues a number and then rolls back uses none: the next approval follows without a gap', async () => {
    const before = await counterOf(db(), 2026);
    const orderId = await sentBankBuy(ctx.app, buyers[0] as TestUser, 5);
    await expect(
      db().transaction(async (tx) => {
        const { number } = await issueInvoice(tx, { orderId, userId: (buyers[0] as TestUser).id, kind: 'invoice', at: clock.now() });
        expect(number).toBe(`LU-2026-${String((before ?? 0) + 1).padStart(6, '0')}`);
        throw new Error('the approval failed after the number was taken');
      }),
    ).rejects.toThrow('the approval failed');
    expect(await counterOf(db(), 2026)).toBe(before);
    expect((await invoiceRows(db())).some((r) => r.order_id === orderId)).toBe(false);

    await decide(ctx.app, admin.session, orderId, 'Approved');
    const rows = await invoiceRows(db(), 2026);
    expect(rows.map((r) => Number(r.sequence))).toEqual(Array.from({ length: rows.length }, (_, i) => i + 1));
    expect(rows.at(-1)).toMatchObject({ order_id: orderId, sequence: (before ?? 0) + 1 });
  });

  it('a refused approval (already decided) issues nothing and an order never gets a second invoice', async () => {
    const orderId = await paidBankBuy(ctx.app, admin.session, buyers[1] as TestUser, 5);
    const count = (await invoiceRows(db())).length;
    const again = await transition(ctx.app, admin.session, orderId, { toStatus: 'Approved', reason: 'Twice' });
    expect(again.statusCode).toBe(409);
    await db().transaction(async (tx) => {
      const replay = await issueInvoice(tx, { orderId, userId: (buyers[1] as TestUser).id, kind: 'invoice', at: clock.now() });
      expect(replay.issued).toBe(false);
    });
    expect((await invoiceRows(db())).length).toBe(count);
    expect((await invoiceRows(db())).filter((r) => r.order_id === orderId)).toHaveLength(1);
  });

  it('a new year starts again at 000001, and the old year keeps its last number', async () => {
    const last2026 = await counterOf(db(), 2026);
    const lateOrder = await sentBankBuy(ctx.app, buyers[2] as TestUser, 5);
    clock.set('2027-01-01T00:00:05Z');
    try {
      await decide(ctx.app, admin.session, lateOrder, 'Approved');
      const second = await paidBankBuy(ctx.app, admin.session, buyers[3] as TestUser, 5);
      const rows = await invoiceRows(db(), 2027);
      expect(rows.map((r) => [r.number, r.order_id])).toEqual([
        ['LU-2027-000001', lateOrder],
        ['LU-2027-000002', second],
      ]);
      expect(await counterOf(db(), 2026)).toBe(last2026);
    } finally {
      clock.set('2026-12-31T19:00:00Z');
    }
  });

  it('keeps invoices forever: the table refuses updates and deletes', async () => {
    await expect(db().execute(sql`delete from invoices`)).rejects.toThrow();
    await expect(db().execute(sql`update invoices set issued_at = now()`)).rejects.toThrow();
    const [row] = await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from invoices`);
    expect(Number(row?.n)).toBeGreaterThan(50);
  });
});
