import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY, HOUR, MINUTE, ManualClock } from '../../platform/clock';
import { orderStatusHistory, orders, users } from '../../schema';
import { inTransaction } from '../../platform/db/transaction';
import { createTestApp, type TestContext } from '../../test/app';
import { balancesOf, postTransfers, reconcile, userHolder } from '../ledger';
import { DUE_BATCH, drainDueOrders, runDueOrders } from './run-due-orders';
import { giveUnits, signUp, type TestUser } from './test/fixtures';
import { dayAfter, executionFacts, placeScheduledTransfers, tally, type PlannedTransfer } from './test/scheduled-transfers';

// The jobs that run scheduled transfers (TRANSFER_FUTURE, due 00:00 UTC on their date), driven by a
// clock the tests move. On PostgreSQL (TEST_DATABASE_URL) passes really run side by side.
const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;
const INTERVAL_MS = 10 * MINUTE;
const clock = new ManualClock(new Date('2026-01-15T10:00:00Z'));
let t: TestContext;

beforeAll(async () => {
  t = await createTestApp({ JOBS_DUE_ORDERS_INTERVAL_MS: String(INTERVAL_MS) }, undefined, clock);
});
afterAll(() => t.close());

let people = 0;
/** A fresh person per call, so each test's balances start from nothing. */
const person = () => {
  people += 1;
  return signUp(t.app, `jobs.${people}@example.com`, `Person${people}`, 'Jobs');
};
/** One after the other: each signup drains the mail outbox to find its confirmation link. */
async function people$(n: number): Promise<TestUser[]> {
  const out: TestUser[] = [];
  for (let i = 0; i < n; i++) out.push(await person());
  return out;
}

const bucketOf = async (user: TestUser, bucket: string) => (await balancesOf(t.database.db, userHolder(user.id))).LAND_POUND[bucket] ?? 0n;
const statusOf = async (orderId: string) => (await t.database.db.select({ s: orders.orderStatus, dueAt: orders.dueAt }).from(orders).where(eq(orders.id, orderId)))[0];

/** Moves Units between two buckets of one person, as a posting (the ledger stays balanced). */
const moveOwn = (user: TestUser, from: string, to: string, units: number) =>
  inTransaction(t.database.db, (tx) =>
    postTransfers(tx, [{ from: { holder: userHolder(user.id), unitType: 'LAND_POUND', bucket: from }, to: { holder: userHolder(user.id), unitType: 'LAND_POUND', bucket: to }, units }]),
  );

/** Balances each transfer of `plan` should leave: sent per sender, received per recipient. */
function totals(plan: readonly PlannedTransfer[]) {
  const sent = new Map<string, bigint>();
  const received = new Map<string, bigint>();
  for (const { sender, recipient, units } of plan) {
    sent.set(sender.id, (sent.get(sender.id) ?? 0n) + BigInt(units));
    received.set(recipient.id, (received.get(recipient.id) ?? 0n) + BigInt(units));
  }
  return { sent, received };
}

describe('due orders job', () => {
  it('is a periodic task of the job runner, and one run drains more than one batch', { timeout: 90_000 }, async () => {
    const [a1, a2, b1, b2] = (await people$(4)) as [TestUser, TestUser, TestUser, TestUser];
    await giveUnits(t.database.db, a1.id, 500);
    await giveUnits(t.database.db, a2.id, 500);
    const plan = Array.from({ length: 250 }, (_, i) => ({ sender: i % 2 ? a2 : a1, recipient: (i >> 1) % 2 ? b2 : b1, units: 1 + (i % 3) }));
    const ids = await placeScheduledTransfers(t.app, plan, dayAfter(clock.now()));
    const { sent, received } = totals(plan);
    expect(await bucketOf(a1, 'transferQueued')).toBe(sent.get(a1.id));

    // Nothing is due before 00:00 UTC of the scheduled date.
    expect(await runDueOrders(t.app.ctx)).toEqual([]);
    clock.advance(DAY);

    // One pass claims one batch…
    const pass = await runDueOrders(t.app.ctx);
    expect(pass).toHaveLength(DUE_BATCH);
    expect(new Set(pass)).toEqual(new Set(['transferred']));
    expect((await executionFacts(t.database.db, [a1.id, a2.id])).due).toBe(250 - DUE_BATCH);

    // …a drain asked to stop (a shutdown) ends after the batch in hand, leaving the rest due…
    let asked = 0;
    expect(await drainDueOrders(t.app.ctx, undefined, () => asked++ > 0)).toBe(DUE_BATCH);
    expect((await executionFacts(t.database.db, [a1.id, a2.id])).due).toBe(250 - 2 * DUE_BATCH);

    // …and the runner's periodic task drains the rest in one run.
    await t.app.jobs.runOnce();
    const facts = await executionFacts(t.database.db, [a1.id, a2.id]);
    expect(facts.due).toBe(0);
    expect(tally(ids, new Map([...facts.status].map(([id, s]) => [id, s === 'Completed' ? 1 : 0])))).toEqual({ 1: 250 });
    expect(tally(ids, facts.executions)).toEqual({ 1: 250 });
    expect(tally(ids, facts.completedRows)).toEqual({ 1: 250 });

    for (const a of [a1, a2]) {
      expect(await bucketOf(a, 'transferQueued')).toBe(0n);
      expect(await bucketOf(a, 'owned')).toBe(500n - (sent.get(a.id) ?? 0n));
    }
    for (const b of [b1, b2]) expect(await bucketOf(b, 'owned')).toBe(received.get(b.id));
    expect(await reconcile(t.database.db)).toEqual([]);
  });

  it('runs at most once every JOBS_DUE_ORDERS_INTERVAL_MS per instance', async () => {
    const [a, b] = (await people$(2)) as [TestUser, TestUser];
    await giveUnits(t.database.db, a.id, 10);
    clock.advance(INTERVAL_MS);
    await t.app.jobs.runOnce(); // the task last ran now
    const [id] = await placeScheduledTransfers(t.app, [{ sender: a, recipient: b, units: 3 }], dayAfter(clock.now()));
    // Made due at once by hand, so only the interval holds it back.
    await t.database.db
      .update(orders)
      .set({ dueAt: new Date(clock.now().getTime() - 1000) })
      .where(eq(orders.id, id as string));

    clock.advance(INTERVAL_MS - 1);
    await t.app.jobs.runOnce();
    expect((await statusOf(id as string))?.s).toBe('Scheduled');

    clock.advance(1);
    await t.app.jobs.runOnce();
    expect(await statusOf(id as string)).toEqual({ s: 'Completed', dueAt: null });
    expect(await bucketOf(b, 'owned')).toBe(3n);
  });

  it('puts off an order whose work throws by an hour, without holding up the others', { timeout: 90_000 }, async () => {
    const [s, p, r] = (await people$(3)) as [TestUser, TestUser, TestUser];
    await giveUnits(t.database.db, s.id, 150);
    await giveUnits(t.database.db, p.id, 5);
    const date = dayAfter(clock.now());
    const [poisoned] = await placeScheduledTransfers(t.app, [{ sender: p, recipient: r, units: 5 }], date);
    const others = await placeScheduledTransfers(
      t.app,
      Array.from({ length: 150 }, () => ({ sender: s, recipient: r, units: 1 })),
      date,
    );
    clock.advance(DAY);
    // The poisoned order comes first (in the first batch), and its sender's queued Units are gone,
    // so its posting throws (InsufficientUnitsError) when the job runs it.
    const due = new Date(`${date}T00:00:00Z`);
    await t.database.db
      .update(orders)
      .set({ dueAt: new Date(due.getTime() - MINUTE) })
      .where(eq(orders.id, poisoned as string));
    await moveOwn(p, 'transferQueued', 'owned', 5);

    const logged: { orderId?: string; msg: string }[] = [];
    const log = { error: (obj: { orderId?: string }, msg: string) => logged.push({ orderId: obj.orderId, msg }) } as unknown as FastifyBaseLogger;
    // One drain handles every other order, also those after the batch the failure was in.
    expect(await drainDueOrders(t.app.ctx, log)).toBe(150);
    expect(logged).toEqual([{ orderId: poisoned, msg: 'due order failed; retrying in an hour' }]);
    const facts = await executionFacts(t.database.db, [s.id]);
    expect(tally(others, facts.executions)).toEqual({ 1: 150 });
    expect(facts.due).toBe(0);
    expect(await bucketOf(r, 'owned')).toBe(150n);

    // The failed order's savepoint left nothing behind: still Scheduled, due an hour later.
    expect(await statusOf(poisoned as string)).toEqual({ s: 'Scheduled', dueAt: new Date(clock.now().getTime() + HOUR) });
    expect(
      await t.database.db
        .select()
        .from(orderStatusHistory)
        .where(eq(orderStatusHistory.orderId, poisoned as string)),
    ).toHaveLength(1);
    expect(await drainDueOrders(t.app.ctx, log)).toBe(0);

    // Once the cause is gone, the next try an hour later runs it.
    await moveOwn(p, 'owned', 'transferQueued', 5);
    clock.advance(HOUR);
    expect(await drainDueOrders(t.app.ctx, log)).toBe(1);
    expect(await statusOf(poisoned as string)).toEqual({ s: 'Completed', dueAt: null });
    expect(await bucketOf(r, 'owned')).toBe(155n);
    expect(await bucketOf(p, 'transferQueued')).toBe(0n);
    expect(logged).toHaveLength(1);
    expect(await reconcile(t.database.db)).toEqual([]);
  });

  it('fails a scheduled transfer whose recipient is no longer active and gives the Units back', async () => {
    const [c, d] = (await people$(2)) as [TestUser, TestUser];
    await giveUnits(t.database.db, c.id, 10);
    const [id] = await placeScheduledTransfers(t.app, [{ sender: c, recipient: d, units: 7 }], dayAfter(clock.now()));
    expect(await bucketOf(c, 'owned')).toBe(3n);
    expect(await bucketOf(c, 'transferQueued')).toBe(7n);
    await t.database.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, d.id));
    clock.advance(DAY);

    expect(await runDueOrders(t.app.ctx)).toEqual(['failed']);
    expect(await statusOf(id as string)).toEqual({ s: 'Failed', dueAt: null });
    const history = await t.database.db
      .select({ from: orderStatusHistory.fromStatus, to: orderStatusHistory.toStatus, actor: orderStatusHistory.actor, reason: orderStatusHistory.reason })
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, id as string))
      .orderBy(orderStatusHistory.id);
    expect(history.at(-1)).toEqual({ from: 'Scheduled', to: 'Failed', actor: 'system', reason: 'The recipient no longer has an active account' });
    expect(await bucketOf(c, 'owned')).toBe(10n);
    expect(await bucketOf(c, 'transferQueued')).toBe(0n);
    expect(await bucketOf(d, 'owned')).toBe(0n);
    expect(await reconcile(t.database.db)).toEqual([]);
  });

  // PGlite runs one statement at a time, so only a real server can interleave two passes.
  it.skipIf(!TEST_DATABASE_URL)('never runs an order twice when passes on one app overlap', { timeout: 90_000 }, async () => {
    const senders = await people$(3);
    const recipients = await people$(3);
    for (const s of senders) await giveUnits(t.database.db, s.id, 300);
    const plan = Array.from({ length: 300 }, (_, i) => ({ sender: senders[i % 3] as TestUser, recipient: recipients[Math.floor(i / 3) % 3] as TestUser, units: 1 + (i % 2) }));
    const ids = await placeScheduledTransfers(t.app, plan, dayAfter(clock.now()));
    clock.advance(DAY);
    const senderIds = senders.map((s) => s.id);

    const [x, y] = await Promise.all([runDueOrders(t.app.ctx), runDueOrders(t.app.ctx)]);
    expect(x.length).toBeLessThanOrEqual(DUE_BATCH);
    expect(y.length).toBeLessThanOrEqual(DUE_BATCH);
    expect(x.length + y.length).toBe(2 * DUE_BATCH);
    const rest = await Promise.all([drainDueOrders(t.app.ctx), drainDueOrders(t.app.ctx), drainDueOrders(t.app.ctx)]);
    expect(rest.reduce((sum, n) => sum + n, 0)).toBe(300 - 2 * DUE_BATCH);

    const facts = await executionFacts(t.database.db, senderIds);
    expect(facts.due).toBe(0);
    expect(tally(ids, facts.executions)).toEqual({ 1: 300 });
    expect(tally(ids, facts.completedRows)).toEqual({ 1: 300 });
    const { sent, received } = totals(plan);
    for (const s of senders) {
      expect(await bucketOf(s, 'transferQueued')).toBe(0n);
      expect(await bucketOf(s, 'owned')).toBe(300n - (sent.get(s.id) ?? 0n));
    }
    for (const r of recipients) expect(await bucketOf(r, 'owned')).toBe(received.get(r.id));
    const statuses = await t.database.db
      .select({ s: orders.orderStatus, n: sql<number>`count(*)::int` })
      .from(orders)
      .where(inArray(orders.id, ids))
      .groupBy(orders.orderStatus);
    expect(statuses).toEqual([{ s: 'Completed', n: 300 }]);
    expect(await reconcile(t.database.db)).toEqual([]);
  });
});
