import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app';
import { registerAndConfirm } from '../../test/accounts';
import { DAY, ManualClock } from '../clock';
import { queryRows } from '../db/client';
import { outbox } from '../db/schema';
import { createMailer } from '../mail/mailer';
import { JobRunner } from './runner';

const clock = new ManualClock();
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({}, undefined, clock);
});
afterAll(() => ctx.close());

const count = async (table: string) =>
  (await queryRows<{ n: number }>(ctx.database.db, sql.raw(`select count(*)::int as n from ${table}`)))[0]!.n;

describe('job runner', () => {
  it('retries a failing email with backoff and marks it failed after 8 attempts', async () => {
    let calls = 0;
    const runner = new JobRunner({
      db: ctx.database.db,
      clock,
      log: ctx.app.log,
      mailer: {
        kind: 'smtp',
        send: async () => {
          calls++;
          throw new Error('SMTP server unreachable');
        },
      },
    });
    await ctx.database.db.insert(outbox).values({
      kind: 'email',
      payload: { template: 'password-changed', to: 'x@example.com', firstName: 'X', forgotLink: 'http://localhost:3000/login-forgot' },
      nextAttemptAt: clock.now(),
    });
    for (let i = 0; i < 8; i++) {
      await runner.runOnce();
      clock.advance(DAY);
    }
    await runner.runOnce();
    expect(calls).toBe(8);
    const [row] = await ctx.database.db.select().from(outbox).where(sql`${outbox.payload}->>'to' = 'x@example.com'`);
    expect(row).toMatchObject({ status: 'failed', attempts: 8, lastError: 'SMTP server unreachable' });
  });

  it('sends each email once when two instances run at the same time', async () => {
    const before = await count('dev_mail');
    for (let i = 0; i < 50; i++) {
      await ctx.database.db.insert(outbox).values({
        kind: 'email',
        payload: { template: 'password-changed', to: `many${i}@example.com`, firstName: 'M', forgotLink: 'http://localhost:3000/login-forgot' },
        nextAttemptAt: clock.now(),
      });
    }
    const instance = () => new JobRunner({ db: ctx.database.db, clock, log: ctx.app.log, mailer: createMailer({ smtpUrl: undefined, from: 'x' }) });
    const [a, b] = [instance(), instance()];
    await Promise.all([a.drain(), b.drain(), a.drain(), b.drain()]);
    expect((await count('dev_mail')) - before).toBe(50);
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
