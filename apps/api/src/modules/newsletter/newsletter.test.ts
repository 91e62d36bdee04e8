import { Writable } from 'node:stream';
import { AUTH_ANSWERS, NEWSLETTER_MESSAGES, SITE_API } from '@landunits/domain';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { HOUR, MINUTE, ManualClock } from '../../platform/clock';
import { newsletterSubscribers, outbox } from '../../schema';
import { hashToken } from '../../platform/security/tokens';
import { anyIp, linkToken, mailTo } from '../../test/accounts';
import { createTestApp, type TestContext } from '../../test/app';
import { createTestDatabase } from '../../test/database';
import { deleteExpiredSubscriptions } from './index';

const clock = new ManualClock();
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({}, undefined, clock);
});
afterAll(() => ctx.close());

let seq = 0;
const newEmail = () => `reader${++seq}.${Date.now()}@example.com`;

const subscribe = (payload: unknown, ip = anyIp(), headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url: SITE_API.subscribe, payload: payload as object, remoteAddress: ip, headers });
const verify = (token: string, ip = anyIp()) => ctx.app.inject({ method: 'GET', url: `${SITE_API.subscriberVerification}/${token}`, remoteAddress: ip });

const CONFIRM_PATH = '/subscribe/confirm';
const CONFIRM_SUBJECT = 'Confirm your Land Units newsletter subscription';
const ALREADY_SUBJECT = 'You are already subscribed to the Land Units newsletter';

async function rowOf(email: string) {
  const [row] = await ctx.database.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email));
  return row;
}

/** Rows written so far: subscriptions and queued emails. */
async function written() {
  const db = ctx.database.db;
  const [subscribers] = await db.select({ n: count() }).from(newsletterSubscribers);
  const [emails] = await db.select({ n: count() }).from(outbox);
  return { subscribers: subscribers?.n, emails: emails?.n };
}

async function subscribeAndConfirm(email: string): Promise<string> {
  expect((await subscribe({ email })).statusCode).toBe(200);
  const token = await linkToken(ctx.app, email, CONFIRM_PATH);
  expect((await verify(token)).statusCode).toBe(200);
  return token;
}

describe('subscribing', () => {
  it('answers with the inbox message and emails a confirmation link valid for 48 hours, storing only its hash', async () => {
    const email = newEmail();
    const res = await subscribe({ email });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: NEWSLETTER_MESSAGES.checkInbox });

    const [mail] = await mailTo(ctx.app, email);
    expect(mail?.subject).toBe(CONFIRM_SUBJECT);
    expect(mail?.text).toMatch(/http:\/\/localhost:3000\/subscribe\/confirm\?token=[A-Za-z0-9_-]{43}/);
    expect(mail?.html).toContain('href="http://localhost:3000/subscribe/confirm?token=');
    expect(mail?.text).toContain('The link expires in 48 hours');

    const token = await linkToken(ctx.app, email, CONFIRM_PATH);
    const row = await rowOf(email);
    expect(row).toMatchObject({ tokenHash: hashToken(token), confirmedAt: null });
    expect(row?.tokenExpiresAt?.getTime()).toBe(clock.now().getTime() + 48 * HOUR);
    expect(JSON.stringify(row)).not.toContain(token);
  });

  it('keeps the address trimmed and lower-cased, so one address is one subscription', async () => {
    const email = newEmail();
    await subscribe({ email: `  ${email.toUpperCase()}  ` });
    await subscribe({ email });
    const rows = await ctx.database.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email));
    expect(rows).toHaveLength(1);
    expect(await mailTo(ctx.app, email)).toHaveLength(2);
  });

  it('gives the same answer for a new, a pending and a confirmed address, and tells only the owner by email', async () => {
    const fresh = newEmail();
    const pending = newEmail();
    const confirmed = newEmail();
    await subscribe({ email: pending });
    await subscribeAndConfirm(confirmed);

    const answers = await Promise.all([subscribe({ email: fresh }), subscribe({ email: pending }), subscribe({ email: confirmed })]);
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(answers[0]?.body);
      expect(res.headers['content-type']).toBe(answers[0]?.headers['content-type']);
    }

    expect((await mailTo(ctx.app, fresh)).map((m) => m.subject)).toEqual([CONFIRM_SUBJECT]);
    expect((await mailTo(ctx.app, pending)).map((m) => m.subject)).toEqual([CONFIRM_SUBJECT, CONFIRM_SUBJECT]);
    const toConfirmed = await mailTo(ctx.app, confirmed);
    expect(toConfirmed.map((m) => m.subject)).toEqual([ALREADY_SUBJECT, CONFIRM_SUBJECT]);
    expect(toConfirmed[0]?.text).toContain('It is already subscribed, so nothing has changed.');
    expect(toConfirmed[0]?.text).not.toContain('token=');
    // The confirmed subscription itself is untouched.
    expect((await rowOf(confirmed))?.confirmedAt).not.toBeNull();
  });

  it.each([
    [{}, NEWSLETTER_MESSAGES.emailRequired],
    [{ email: '' }, NEWSLETTER_MESSAGES.emailRequired],
    [{ email: '   ' }, NEWSLETTER_MESSAGES.emailRequired],
    [{ email: null }, NEWSLETTER_MESSAGES.emailRequired],
    [{ email: 'not-an-email' }, NEWSLETTER_MESSAGES.emailInvalid],
    [{ email: 'a@b' }, NEWSLETTER_MESSAGES.emailInvalid],
    [{ email: `${'a'.repeat(250)}@example.com` }, NEWSLETTER_MESSAGES.emailInvalid],
  ])('refuses %o with 400 and "%s" as the message, writing nothing', async (payload, message) => {
    const before = await written();
    const res = await subscribe(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message, code: 'VALIDATION_FAILED', errors: { email: message } });
    expect(await written()).toEqual(before);
  });

  it('refuses an empty request as a missing email', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: SITE_API.subscribe, remoteAddress: anyIp() });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(NEWSLETTER_MESSAGES.emailRequired);
  });

  it('refuses unknown fields and writes nothing', async () => {
    const email = newEmail();
    const before = await written();
    const res = await subscribe({ email, confirmedAt: '2020-01-01T00:00:00Z' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: { _: expect.stringContaining('confirmedAt') } });
    expect(await written()).toEqual(before);
    expect(await rowOf(email)).toBeUndefined();
  });

  it('refuses a cross-site request and writes nothing', async () => {
    const email = newEmail();
    const before = await written();
    const crossSite: Record<string, string>[] = [{ origin: 'https://evil.example' }, { 'sec-fetch-site': 'cross-site' }];
    for (const headers of crossSite) {
      const res = await subscribe({ email }, anyIp(), headers);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: AUTH_ANSWERS.crossSite, code: 'FORBIDDEN' });
    }
    expect(await written()).toEqual(before);
    const own = await subscribe({ email }, anyIp(), { origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin' });
    expect(own.statusCode).toBe(200);
  });
});

describe('confirming', () => {
  it('confirms with the emailed token, and again with the same link while it is valid', async () => {
    const email = newEmail();
    await subscribe({ email });
    const token = await linkToken(ctx.app, email, CONFIRM_PATH);

    const res = await verify(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: NEWSLETTER_MESSAGES.confirmed });
    expect(res.headers['cache-control']).toBe('no-store');
    const confirmedAt = (await rowOf(email))?.confirmedAt;
    expect(confirmedAt?.getTime()).toBe(clock.now().getTime());

    clock.advance(MINUTE);
    const again = await verify(token);
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(res.body);
    // The first confirmation time is kept.
    expect((await rowOf(email))?.confirmedAt?.getTime()).toBe(confirmedAt?.getTime());
  });

  it('expires 48 hours after the link was sent', async () => {
    const early = newEmail();
    const late = newEmail();
    await subscribe({ email: early });
    await subscribe({ email: late });
    const earlyToken = await linkToken(ctx.app, early, CONFIRM_PATH);
    const lateToken = await linkToken(ctx.app, late, CONFIRM_PATH);

    clock.advance(48 * HOUR - MINUTE);
    expect((await verify(earlyToken)).statusCode).toBe(200);
    clock.advance(2 * MINUTE);
    const expired = await verify(lateToken);
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual({ message: NEWSLETTER_MESSAGES.tokenInvalid, code: 'TOKEN_INVALID' });
    expect((await rowOf(late))?.confirmedAt).toBeNull();
  });

  it('a second subscription replaces the link: the old one stops working, the new one works', async () => {
    const email = newEmail();
    await subscribe({ email });
    const first = await linkToken(ctx.app, email, CONFIRM_PATH);
    await subscribe({ email });
    const second = await linkToken(ctx.app, email, CONFIRM_PATH);
    expect(second).not.toBe(first);

    expect((await verify(first)).statusCode).toBe(400);
    expect((await rowOf(email))?.confirmedAt).toBeNull();
    expect((await verify(second)).statusCode).toBe(200);
  });

  it('subscribing again once confirmed leaves the confirmation and its link as they are', async () => {
    const email = newEmail();
    const token = await subscribeAndConfirm(email);
    const before = await rowOf(email);
    await subscribe({ email });
    expect(await rowOf(email)).toEqual(before);
    expect((await verify(token)).statusCode).toBe(200);
  });

  it.each([
    ['too short', 'x'],
    ['too long', 'a'.repeat(44)],
    ['with characters a token never has', encodeURIComponent('<script>alert(1)</script>')],
    ['unknown', 'A'.repeat(43)],
    ['a stored hash instead of the token', 'not-the-hash'],
  ])('answers a token %s with 400 and the same message', async (_what, token) => {
    const email = newEmail();
    await subscribe({ email });
    const given = token === 'not-the-hash' ? ((await rowOf(email))?.tokenHash ?? '') : token;
    const res = await verify(given);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: NEWSLETTER_MESSAGES.tokenInvalid, code: 'TOKEN_INVALID' });
    expect((await rowOf(email))?.confirmedAt).toBeNull();
  });
});

describe('rate limits', () => {
  it('allows 5 subscriptions an hour per address, from any client, then 429 whether or not it is subscribed', async () => {
    const confirmed = newEmail();
    const unknown = newEmail();
    await subscribeAndConfirm(confirmed);
    // 4 more for the confirmed address (the first counted too), 5 for the unknown one.
    for (let i = 0; i < 4; i++) expect((await subscribe({ email: confirmed })).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) expect((await subscribe({ email: unknown })).statusCode).toBe(200);
    const newestToken = await linkToken(ctx.app, unknown, CONFIRM_PATH);

    const before = await written();
    const limitedConfirmed = await subscribe({ email: confirmed });
    const limitedUnknown = await subscribe({ email: unknown });
    expect(limitedConfirmed.statusCode).toBe(429);
    expect(limitedUnknown.statusCode).toBe(429);
    expect(limitedConfirmed.body).toBe(limitedUnknown.body);
    expect(limitedUnknown.json()).toEqual({ message: AUTH_ANSWERS.tooMany, code: 'RATE_LIMITED' });
    expect(limitedConfirmed.headers['retry-after']).toBe(limitedUnknown.headers['retry-after']);
    expect(Number(limitedUnknown.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limitedUnknown.headers['retry-after'])).toBeLessThanOrEqual(3600);

    // Nothing was written: no email, and the newest link was not replaced.
    expect(await written()).toEqual(before);
    expect(await mailTo(ctx.app, unknown)).toHaveLength(5);
    expect((await rowOf(unknown))?.tokenHash).toBe(hashToken(newestToken));

    clock.advance(HOUR);
    expect((await subscribe({ email: unknown })).statusCode).toBe(200);
  });

  it('allows 20 subscriptions an hour per client address, whatever X-Forwarded-For says', async () => {
    const ip = '192.0.2.40';
    for (let i = 0; i < 20; i++) expect((await subscribe({ email: newEmail() }, ip, { 'x-forwarded-for': `203.0.113.${i}` })).statusCode).toBe(200);
    const email = newEmail();
    const before = await written();
    const limited = await subscribe({ email }, ip, { 'x-forwarded-for': '198.51.100.1' });
    expect(limited.statusCode).toBe(429);
    expect(await written()).toEqual(before);
    expect(await rowOf(email)).toBeUndefined();
  });

  it('allows 30 confirmation attempts an hour per client address', async () => {
    const ip = '192.0.2.41';
    const email = newEmail();
    await subscribe({ email });
    const token = await linkToken(ctx.app, email, CONFIRM_PATH);
    for (let i = 0; i < 30; i++) expect((await verify('B'.repeat(43), ip)).statusCode).toBe(400);
    const limited = await verify(token, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: AUTH_ANSWERS.tooMany, code: 'RATE_LIMITED' });
    expect((await rowOf(email))?.confirmedAt).toBeNull();
    expect((await verify(token)).statusCode).toBe(200);
  });
});

describe('housekeeping', () => {
  it('forgets addresses never confirmed once their link expired, and drops the spent tokens of confirmed ones', async () => {
    const waiting = newEmail();
    const confirmed = newEmail();
    await subscribe({ email: waiting });
    await subscribeAndConfirm(confirmed);
    clock.advance(47 * HOUR);
    const recent = newEmail();
    await subscribe({ email: recent });

    await deleteExpiredSubscriptions(ctx.database.db, clock.now());
    expect(await rowOf(waiting)).toBeDefined();
    clock.advance(HOUR);
    await deleteExpiredSubscriptions(ctx.database.db, clock.now());

    expect(await rowOf(waiting)).toBeUndefined();
    expect(await rowOf(confirmed)).toMatchObject({ tokenHash: null, tokenExpiresAt: null, confirmedAt: expect.any(Date) });
    expect((await rowOf(recent))?.tokenHash).not.toBeNull();
  });
});

describe('request log', () => {
  it('never writes the confirmation token', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const config = loadConfig({ NODE_ENV: 'test', PUBLIC_URL: 'http://localhost:3000', WEB_DIST_DIR: '/nonexistent-web-dist' });
    const database = await createTestDatabase();
    const app = await buildApp({ config, database, logger: { level: 'info', stream } });
    try {
      const email = newEmail();
      await app.inject({ method: 'POST', url: SITE_API.subscribe, payload: { email } });
      const token = await linkToken(app, email, CONFIRM_PATH);
      lines.length = 0;
      const res = await app.inject({ method: 'GET', url: `${SITE_API.subscriberVerification}/${token}` });
      expect(res.statusCode).toBe(200);
      const unknown = await app.inject({ method: 'GET', url: `${SITE_API.subscriberVerification}/${'C'.repeat(43)}` });
      expect(unknown.statusCode).toBe(400);

      const logged = lines.join('');
      expect(logged).toContain(`"url":"${SITE_API.subscriberVerification}/[token]"`);
      expect(logged).not.toContain(token);
      expect(logged).not.toContain('C'.repeat(43));
    } finally {
      await app.close();
      await database.close();
    }
  });
});
