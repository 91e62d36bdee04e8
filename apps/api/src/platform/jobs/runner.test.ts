import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestContext } from '../../test/app';
import { registerAndConfirm } from '../../test/accounts';
import { DAY, MINUTE, ManualClock } from '../clock';
import { openDatabase, queryRows, type Database } from '../db/client';
import { appState, outbox } from '../db/schema/platform';
import { createMailer, type Mailer } from '../mail/mailer';
import { emailJob, enqueueEmail } from '../mail/outbox';
import { defineJob, definePeriodic, enqueueJob, InvalidJobPayloadError, type AnyJobDefinition, type PeriodicTask } from './define';
import { JobRunner } from './runner';

const clock = new ManualClock();
let ctx: TestContext;
/** A second connection pool on the same database: another instance, as far as PostgreSQL can tell. */
let other: Database | undefined;
beforeAll(async () => {
  ctx = await createTestApp({}, undefined, clock);
  if (ctx.database.driver === 'postgres' && process.env.TEST_DATABASE_URL) {
    const [row] = await queryRows<{ name: string }>(ctx.database.db, sql`select current_database() as name`);
    const url = new URL(process.env.TEST_DATABASE_URL);
    url.pathname = `/${row?.name}`;
    other = await openDatabase({ url: url.toString(), poolSize: 3 });
  }
});
afterAll(async () => {
  await other?.close();
  await ctx.close();
});

const count = async (table: string) => (await queryRows<{ n: number }>(ctx.database.db, sql.raw(`select count(*)::int as n from ${table}`)))[0]!.n;

const devStore = () => createMailer({ smtpUrl: undefined, from: 'x' });

/** An instance's runner: on PostgreSQL the second one uses its own connection pool. */
function instance(options: { second?: boolean; jobs?: AnyJobDefinition[]; periodic?: PeriodicTask[]; mailer?: Mailer } = {}): JobRunner {
  const database = options.second && other ? other : ctx.database;
  return new JobRunner({
    database,
    context: { ...ctx.app.ctx, db: database.db },
    log: ctx.app.log,
    mailer: options.mailer ?? devStore(),
    jobs: options.jobs ?? [emailJob],
    periodic: options.periodic ?? [],
  });
}

const message = (to: string) => ({ to, subject: 'Hello', text: 'Hello', html: '<p>Hello</p>' });

describe('job runner', () => {
  it('retries a failing email with backoff and marks it failed after 8 attempts', async () => {
    let calls = 0;
    const failing: Mailer = {
      kind: 'smtp',
      check: async () => undefined,
      send: async () => {
        calls++;
        throw new Error('SMTP server unreachable');
      },
    };
    const runner = instance({ mailer: failing });
    await enqueueEmail({ clock }, ctx.database.db, message('x@example.com'));
    for (let i = 0; i < 8; i++) {
      await runner.runOnce();
      clock.advance(DAY);
    }
    await runner.runOnce();
    expect(calls).toBe(8);
    const [row] = await ctx.database.db
      .select()
      .from(outbox)
      .where(sql`${outbox.payload}->>'to' = 'x@example.com'`);
    expect(row).toMatchObject({ status: 'failed', attempts: 8, lastError: 'SMTP server unreachable' });
  });

  it('sends each email once when two instances run at the same time', async () => {
    const before = await count('dev_mail');
    for (let i = 0; i < 50; i++) await enqueueEmail({ clock }, ctx.database.db, message(`many${i}@example.com`));
    const [a, b] = [instance(), instance({ second: true })];
    await Promise.all([a.drain(), b.drain(), a.drain(), b.drain()]);
    expect((await count('dev_mail')) - before).toBe(50);
  });

  it('runs a job kind a module defines once, in its own transaction with the done mark, on two instances', async () => {
    const calls = new Map<string, number>();
    const stamp = defineJob('test.stamp', z.object({ key: z.string().regex(/^stamp:\d+$/) }), async ({ key }, { transaction, now }) => {
      calls.set(key, (calls.get(key) ?? 0) + 1);
      await transaction((tx) => tx.insert(appState).values({ key, value: { at: now.toISOString() }, updatedAt: now }));
    });
    await ctx.database.db.transaction(async (tx) => {
      for (let i = 0; i < 30; i++) await enqueueJob({ clock }, tx, stamp, { key: `stamp:${i}` });
    });
    const [a, b] = [instance({ jobs: [emailJob, stamp] }), instance({ second: true, jobs: [emailJob, stamp] })];
    await Promise.all([a.drain(), b.drain(), a.drain(), b.drain()]);
    expect(calls.size).toBe(30);
    expect([...calls.values()].every((n) => n === 1)).toBe(true);
    const stamped = await queryRows<{ n: number }>(ctx.database.db, sql`select count(*)::int as n from app_state where key like 'stamp:%'`);
    expect(stamped[0]?.n).toBe(30);
    const rows = await ctx.database.db.select().from(outbox).where(eq(outbox.kind, 'test.stamp'));
    expect(rows.map((r) => r.status)).toEqual(Array(30).fill('done'));
  });

  it('refuses a bad payload at enqueue, and fails a bad stored one without running it', async () => {
    let calls = 0;
    const job = defineJob('test.strict', z.object({ orderId: z.string().length(26) }), async () => {
      calls++;
    });
    const before = await count('outbox');
    await expect(enqueueJob({ clock }, ctx.database.db, job, { orderId: 'short' })).rejects.toThrow(InvalidJobPayloadError);
    await expect(enqueueJob({ clock }, ctx.database.db, job, { orderId: 42 } as unknown as { orderId: string })).rejects.toThrow(/orderId/);
    await expect(enqueueEmail({ clock }, ctx.database.db, message('not an address'))).rejects.toThrow(InvalidJobPayloadError);
    expect(await count('outbox')).toBe(before);

    // A row written by hand, past the check: failed at once, never retried, the handler not called.
    const [row] = await ctx.database.db
      .insert(outbox)
      .values({ kind: 'test.strict', payload: { orderId: 'x' }, nextAttemptAt: clock.now() })
      .returning();
    const runner = instance({ jobs: [job] });
    await runner.runOnce();
    clock.advance(DAY);
    await runner.runOnce();
    const [after] = await ctx.database.db.select().from(outbox).where(eq(outbox.id, row!.id));
    expect(after).toMatchObject({ status: 'failed', attempts: 1 });
    expect(after?.lastError).toMatch(/^invalid payload/);
    expect(calls).toBe(0);
  });

  it('runs a periodic task once per period across two instances, not on each', async () => {
    let runs = 0;
    const tick = definePeriodic('test-tick', MINUTE, async () => {
      runs++;
    });
    const a = () => instance({ periodic: [tick] });
    const b = () => instance({ second: true, periodic: [tick] });
    await Promise.all([a().runOnce(), b().runOnce()]);
    expect(runs).toBe(1);
    // New instances within the same period find it claimed.
    await Promise.all([a().runOnce(), b().runOnce(), b().runOnce()]);
    expect(runs).toBe(1);
    clock.advance(MINUTE - 1);
    await Promise.all([a().runOnce(), b().runOnce()]);
    expect(runs).toBe(1);
    clock.advance(1);
    await Promise.all([a().runOnce(), b().runOnce(), a().runOnce()]);
    expect(runs).toBe(2);
    const [claim] = await ctx.database.db.select().from(appState).where(eq(appState.key, 'periodic:test-tick'));
    expect(claim?.updatedAt.toISOString()).toBe(clock.now().toISOString());
  });

  it('runs a periodic task that falls due during a long backlog before the backlog is done', async () => {
    const events: string[] = [];
    const due = definePeriodic('test-during-backlog', MINUTE, async () => {
      events.push('task');
    });
    // The fifth email takes a minute to send: the task's next period starts while 25 are waiting.
    let sent = 0;
    const slow: Mailer = {
      kind: 'smtp',
      check: async () => undefined,
      send: async () => {
        sent++;
        events.push('email');
        if (sent === 5) clock.advance(MINUTE);
      },
    };
    for (let i = 0; i < 25; i++) await enqueueEmail({ clock }, ctx.database.db, message(`backlog${i}@example.com`));
    await instance({ mailer: slow, periodic: [due] }).runOnce();
    expect(sent).toBe(25);
    // Once at the start, and again right after the batch that took the minute (10 emails), not after all 25.
    expect(events.indexOf('task')).toBe(0);
    expect(events.lastIndexOf('task')).toBe(11);
    expect(events.filter((e) => e === 'task')).toHaveLength(2);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)('does not start a periodic task on a second instance while the first still runs it', async () => {
    let runs = 0;
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow = definePeriodic('test-slow', MINUTE, async () => {
      runs++;
      entered();
      await gate;
    });
    const first = instance({ periodic: [slow] }).runOnce();
    await inside;
    // The period is over, but the first run holds the task's lock.
    clock.advance(2 * MINUTE);
    await instance({ second: true, periodic: [slow] }).runOnce();
    expect(runs).toBe(1);
    release();
    await first;
    await instance({ second: true, periodic: [slow] }).runOnce();
    expect(runs).toBe(2);
  });

  it('deletes expired sessions, used tokens and old rate-limit windows', async () => {
    await registerAndConfirm(ctx.app, 'tidy@example.com');
    expect(await count('sessions')).toBeGreaterThan(0);
    clock.advance(31 * DAY);
    await ctx.app.jobs.runOnce();
    expect(await count('sessions')).toBe(0);
    expect(await count('email_tokens')).toBe(0);
    expect(await count('rate_limits')).toBe(0);
  });
});
