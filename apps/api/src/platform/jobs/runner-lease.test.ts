import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app';
import { DAY, ManualClock } from '../clock';
import { z } from 'zod';
import { appState, devMail, outbox } from '../db/schema/platform';
import { createMailer, type Mailer } from '../mail/mailer';
import type { EmailMessage } from '../mail/layout';
import { emailJob, enqueueEmail } from '../mail/outbox';
import { defineJob, enqueueJob } from './define';
import { JobRunner, LEASE_MS } from './runner';

/**
 * The runner's leases (decision 0033): a claim commits before any email is sent, so a stop in the
 * middle of a batch hands the rest back and repeats nothing, and a crash repeats at most the email
 * in flight, with the same Message-ID.
 */

const clock = new ManualClock();
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({}, undefined, clock);
});
afterAll(() => ctx.close());

interface Send {
  to: string;
  messageId: string;
  by: string;
}

/** A mailer that notes each send (who sent what, with which Message-ID) in `log`, then runs `then`. */
function recording(by: string, log: Send[], then: (message: EmailMessage, n: number) => Promise<void> = async () => {}): Mailer {
  let n = 0;
  return {
    kind: 'smtp',
    check: async () => undefined,
    send: async (message, { messageId }) => {
      log.push({ to: message.to, messageId, by });
      await then(message, ++n);
    },
  };
}

const runner = (mailer: Mailer) => new JobRunner({ database: ctx.database, context: ctx.app.ctx, log: ctx.app.log, mailer, jobs: [emailJob], periodic: [] });

async function enqueue(prefix: string, n: number): Promise<string[]> {
  const to = Array.from({ length: n }, (_, i) => `${prefix}${i}@example.com`);
  for (const address of to) await enqueueEmail({ clock }, ctx.database.db, { to: address, subject: 'Payout sent', text: 'Sent', html: '<p>Sent</p>' });
  return to;
}

/** A promise and its resolve function. */
function gate(): { promise: Promise<void>; open: () => void } {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

const timesSent = (log: Send[]) => {
  const times = new Map<string, number>();
  for (const s of log) times.set(s.to, (times.get(s.to) ?? 0) + 1);
  return times;
};

const rowsTo = (prefix: string) =>
  ctx.database.db
    .select()
    .from(outbox)
    .where(sql`${outbox.payload}->>'to' like ${`${prefix}%`}`)
    .orderBy(outbox.id);

describe('job runner leases', () => {
  it('stopped in the middle of a batch, finishes only the email in flight; the other instance sends the rest, none twice', async () => {
    const to = await enqueue('stop', 6);
    const log: Send[] = [];
    const secondCalled = gate();
    const slowMail = gate();
    const a = runner(
      recording('a', log, async (_message, n) => {
        if (n !== 2) return;
        secondCalled.open();
        await slowMail.promise;
      }),
    );
    const b = runner(recording('b', log));

    const pass = a.runOnce();
    await secondCalled.promise;
    const stopped = a.stop();
    slowMail.open();
    await stopped;
    await pass;
    // Handed back at once: the other instance sends them without waiting for the lease to run out.
    await b.drain();

    expect(log.filter((s) => s.by === 'a').map((s) => s.to)).toEqual(to.slice(0, 2));
    expect(log.filter((s) => s.by === 'b').map((s) => s.to)).toEqual(to.slice(2));
    expect([...timesSent(log).values()]).toEqual(Array(6).fill(1));
    const rows = await rowsTo('stop');
    expect(rows.map((r) => [r.status, r.attempts, r.claimToken])).toEqual(Array(6).fill(['done', 1, null]));
  });

  it('claims one batch at a time: while one instance sends its batch, another sends the rest of the backlog', async () => {
    const to = await enqueue('backlog', 25);
    const log: Send[] = [];
    const firstCalled = gate();
    const slowMail = gate();
    const a = runner(
      recording('a', log, async (_message, n) => {
        if (n !== 1) return;
        firstCalled.open();
        await slowMail.promise;
      }),
    );
    const pass = a.runOnce();
    await firstCalled.promise;
    // The first instance holds its batch of 10 (one in flight); the 15 behind it are left free.
    await runner(recording('b', log)).drain();
    expect(log.filter((s) => s.by === 'b').map((s) => s.to)).toEqual(to.slice(10));
    slowMail.open();
    await pass;
    expect(log.filter((s) => s.by === 'a').map((s) => s.to)).toEqual(to.slice(0, 10));
    expect([...timesSent(log).values()]).toEqual(Array(25).fill(1));
    expect((await rowsTo('backlog')).map((r) => [r.status, r.attempts])).toEqual(Array(25).fill(['done', 1]));
  });

  it('after a crash with a batch claimed, repeats only the email in flight, with the same Message-ID', async () => {
    const to = await enqueue('crash', 5);
    const log: Send[] = [];
    const secondCalled = gate();
    const hung = gate();
    // The instance dies while sending the second email: that send never returns.
    const a = runner(
      recording('a', log, async (_message, n) => {
        if (n !== 2) return;
        secondCalled.open();
        await hung.promise;
      }),
    );
    const crashed = a.runOnce();
    await secondCalled.promise;

    const b = runner(recording('b', log));
    // While the lease holds, the other instance leaves the claimed rows alone.
    await b.drain();
    expect(log.map((s) => s.by)).toEqual(['a', 'a']);

    clock.advance(LEASE_MS + 1);
    await b.drain();
    expect(timesSent(log)).toEqual(new Map([...to.map((address) => [address, 1] as const), [to[1]!, 2]]));
    const repeated = log.filter((s) => s.to === to[1]);
    expect(repeated.map((s) => s.by)).toEqual(['a', 'b']);
    expect(repeated[0]!.messageId).toBe(repeated[1]!.messageId);

    // The dead instance's send returning late records nothing over the other's result.
    hung.open();
    await crashed;
    const rows = await rowsTo('crash');
    expect(rows.map((r) => r.status)).toEqual(Array(5).fill('done'));
    expect(rows.map((r) => r.attempts)).toEqual([1, 2, 2, 2, 2]);
  });

  it('gives each email a Message-ID from its outbox row, the same on a retry, and keeps it with the dev-store mail', async () => {
    const [address] = await enqueue('retry', 1);
    const store = createMailer({ smtpUrl: undefined, from: 'x' });
    const ids: string[] = [];
    let calls = 0;
    const flaky: Mailer = {
      kind: 'dev-store',
      check: async () => undefined,
      send: async (message, delivery) => {
        ids.push(delivery.messageId);
        if (++calls === 1) throw new Error('421 try again later');
        await store.send(message, delivery);
      },
    };
    const r = runner(flaky);
    await r.runOnce();
    clock.advance(DAY);
    await r.runOnce();

    const [row] = await rowsTo('retry');
    const host = new URL(ctx.app.ctx.config.publicUrl).hostname;
    expect(ids).toEqual([ids[0], ids[0]]);
    expect(ids[0]).toBe(`<outbox-${row!.id}.${row!.createdAt.getTime().toString(36)}@${host}>`);
    const kept = await ctx.database.db.select().from(devMail).where(eq(devMail.to, address!));
    expect(kept.map((m) => m.messageId)).toEqual([ids[0]]);
  });

  it("rolls back a job's writes when its lease was taken over meanwhile: the writes are made once", async () => {
    const started = gate();
    const late = gate();
    let runs = 0;
    const stamp = defineJob('test.lease-stamp', z.object({ key: z.string() }), async ({ key }, job) => {
      runs++;
      if (runs === 1) {
        started.open();
        await late.promise;
      }
      await job.transaction((tx) => tx.insert(appState).values({ key: `${key}:${job.row.attempt}`, value: {}, updatedAt: job.now }));
    });
    const withStamp = () => new JobRunner({ database: ctx.database, context: ctx.app.ctx, log: ctx.app.log, mailer: recording('x', []), jobs: [stamp], periodic: [] });
    await enqueueJob({ clock }, ctx.database.db, stamp, { key: 'lease-stamp' });
    const slow = withStamp().runOnce();
    await started.promise;
    clock.advance(LEASE_MS + 1);
    await withStamp().drain();
    late.open();
    await slow;
    const written = await ctx.database.db
      .select()
      .from(appState)
      .where(sql`${appState.key} like 'lease-stamp:%'`);
    expect(written.map((r) => r.key)).toEqual(['lease-stamp:2']);
    const [row] = await ctx.database.db.select().from(outbox).where(eq(outbox.kind, 'test.lease-stamp'));
    expect(row).toMatchObject({ status: 'done', attempts: 2, claimToken: null });
  });

  it('marks failed a row whose last attempt never recorded its result, without trying it again', async () => {
    await enqueue('last', 1);
    await ctx.database.db
      .update(outbox)
      .set({ attempts: 8, claimToken: 'a dead claim', leasedUntil: clock.now(), nextAttemptAt: clock.now() })
      .where(sql`${outbox.payload}->>'to' like 'last%'`);
    const log: Send[] = [];
    await runner(recording('a', log)).drain();
    expect(log).toEqual([]);
    const [row] = await rowsTo('last');
    expect(row).toMatchObject({ status: 'failed', attempts: 8, claimToken: null });
  });
});
