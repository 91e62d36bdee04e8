import { MONEY_HOLD_MS, SECURITY_MESSAGES } from '@landunits/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock';
import { anyIp, login, mailTo, me, PASSWORD, sessionCookie } from '../../test/accounts';
import { createPerson, type TestPerson } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/app';
import { runDueOrders } from '../orders';
import { createOrder, transferBody } from '../orders/test/fixtures';
import { created, scheduleBody, statusOf } from '../orders/test/lifecycle';

// Decision 0049: "This was not me" in a new-device email ends every session and locks money moves until the password is reset.
const clock = new ManualClock(new Date('2026-06-01T08:00:10Z'));
let ctx: TestContext;
let rita: TestPerson;

beforeAll(async () => {
  ctx = await createTestApp({}, undefined, clock);
  rita = await createPerson(ctx.app);
});
afterAll(() => ctx.close());

const agent = (os: string) => `Mozilla/5.0 (${os}) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36`;
const notMe = (token: string) => ctx.app.inject({ method: 'POST', url: `/api/auth/not-me/${token}`, remoteAddress: anyIp() });
const linkTokens = async (email: string) =>
  (await mailTo(ctx.app, email)).filter((m) => m.subject === 'New sign-in to your Land Units account').map((m) => /\/account\/not-me\?token=([A-Za-z0-9_-]{43})/.exec(m.text)?.[1]);
const LOCKED = 'Sales and transfers are locked until you reset your password, because you told us a new sign-in was not you.';

describe('"This was not me"', () => {
  let person: TestPerson;
  let sessions: string[];
  let links: (string | undefined)[];
  let scheduled: string;

  it('each new-device email carries a link of its own; a later sign-in does not cancel an earlier link', async () => {
    person = await createPerson(ctx.app, { units: 100 });
    sessions = [];
    for (const os of ['Macintosh; Intel Mac OS X 10_15_7', 'Windows NT 10.0; Win64; x64', 'X11; Linux x86_64']) {
      const res = await login(ctx.app, person.email, PASSWORD, { 'user-agent': agent(os) });
      sessions.push(sessionCookie(res));
    }
    // A transfer scheduled for tomorrow, before anything happened.
    scheduled = created(await createOrder(ctx.app, sessions[0], scheduleBody(rita.email, 10, '2026-06-02'))).orderId;
    links = await linkTokens(person.email);
    expect(links).toHaveLength(2);
    expect(links.every(Boolean)).toBe(true);
    expect(links[0]).not.toBe(links[1]);
  });

  it('an unknown link is refused and changes nothing', async () => {
    const res = await notMe('A'.repeat(43));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'TOKEN_INVALID', message: SECURITY_MESSAGES.notMeLinkInvalid });
    for (const session of sessions) expect((await me(ctx.app, session)).statusCode).toBe(200);
  });

  it('the first link signs out everywhere, locks money moves and emails a reset link; it works once', async () => {
    const res = await notMe(links[0]!);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: SECURITY_MESSAGES.notMeDone });
    for (const session of sessions) expect((await me(ctx.app, session)).statusCode).toBe(401);
    const locked = (await mailTo(ctx.app, person.email)).filter((m) => m.subject === 'Your Land Units account is locked until you reset your password');
    expect(locked).toHaveLength(1);
    expect(locked[0]!.text).toMatch(/\/login\/reset\?token=[A-Za-z0-9_-]{43}/);
    expect((await notMe(links[0]!)).json()).toMatchObject({ code: 'TOKEN_INVALID' });
  });

  it('signed in again (the password still works), the person cannot transfer: locked until the password is reset, with no end date', async () => {
    const session = sessionCookie(await login(ctx.app, person.email, PASSWORD));
    const res = await createOrder(ctx.app, session, transferBody(rita.email, 5));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 'MONEY_HOLD', message: LOCKED });
    clock.advance(20 * 24 * 60 * 60 * 1000);
    expect((await createOrder(ctx.app, session, transferBody(rita.email, 5))).json()).toEqual({ code: 'MONEY_HOLD', message: LOCKED });
    // The transfer scheduled before waits too, its Units still queued.
    expect(await runDueOrders(ctx.app.ctx)).toEqual(['held']);
    expect(await statusOf(ctx.database.db, scheduled)).toBe('Scheduled');
  });

  it('the password reset ends the lock; its own 48-hour cooling-off follows, then money moves again', async () => {
    await ctx.app.inject({ method: 'POST', url: '/api/auth/login/forgot', payload: { email: person.email }, remoteAddress: anyIp() });
    const resetMail = (await mailTo(ctx.app, person.email)).filter((m) => m.subject === 'Reset your Land Units password').at(-1)!;
    const token = /token=([A-Za-z0-9_-]{43})/.exec(resetMail.text)![1];
    expect((await ctx.app.inject({ method: 'POST', url: `/api/auth/login/reset/${token}`, payload: { password: 'meadow77' }, remoteAddress: anyIp() })).statusCode).toBe(200);
    const session = sessionCookie(await login(ctx.app, person.email, 'meadow77'));
    const held = await createOrder(ctx.app, session, transferBody(rita.email, 5));
    expect(held.json()).toMatchObject({ code: 'MONEY_HOLD', message: expect.stringContaining('because your password was reset') });
    clock.advance(MONEY_HOLD_MS + 60_000);
    expect((await createOrder(ctx.app, session, transferBody(rita.email, 5))).statusCode).toBe(201);
    expect(await runDueOrders(ctx.app.ctx)).toEqual(['transferred']);
    expect(await statusOf(ctx.database.db, scheduled)).toBe('Completed');
  });
});
