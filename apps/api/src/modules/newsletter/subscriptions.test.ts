import { EMAIL_CATEGORY_LABELS } from '@landunits/domain';
import { ACCOUNT_SETTINGS_ANSWERS, ACCOUNT_SETTINGS_CONTRACTS } from '@landunits/domain/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newsletterSubscribers, outbox } from '../../schema';
import { mailOptions } from '../../platform/mail/mailer';
import { renderEmail, type EmailMessage } from '../../platform/mail/layout';
import { anyIp, mailTo, registerAndConfirm } from '../../test/accounts';
import { personSession } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/app';
import { findUserByEmail } from '../users';
import { enqueueOptionalEmail, signUnsubscribeToken, type OptionalEmail } from './index';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const C = ACCOUNT_SETTINGS_CONTRACTS;
let seq = 0;
const newEmail = () => `reader${++seq}.${Date.now()}@example.com`;
const ALL_ON = { newsletter: false, productNews: true, governance: true, community: true };

const getSubs = (session: string) => ctx.app.inject({ method: 'GET', url: C.subscriptions.path, cookies: { lu_session: session } });
const save = (session: string, payload: unknown) => ctx.app.inject({ method: 'POST', url: C.manageSubscriptions.path, payload: payload as object, cookies: { lu_session: session } });
const oneClick = (token: string, headers: Record<string, string> = {}, remoteAddress = anyIp()) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/unsubscribe/${token}`,
    payload: 'List-Unsubscribe=One-Click',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    remoteAddress,
  });

/** A person from the factory; `registered` goes through the browser's registration (its activation email is sent). */
async function person(registered = false) {
  const email = newEmail();
  const session = registered ? await registerAndConfirm(ctx.app, email) : await personSession(ctx.app, email);
  const user = await findUserByEmail(ctx.database.db, email);
  return { email, session, userId: user!.id };
}

const promo = (to: string): EmailMessage => renderEmail(to, { subject: 'Something new', greeting: 'Hello,', paragraphs: ['A new feature.'] });

async function sendOptional(email: OptionalEmail): Promise<boolean> {
  return ctx.database.db.transaction((tx) => enqueueOptionalEmail(ctx.app.ctx, tx, email));
}

/** The queued email jobs to an address, as the mailer will get them. */
async function queuedTo(to: string): Promise<EmailMessage[]> {
  const rows = await ctx.database.db.select().from(outbox).where(eq(outbox.kind, 'email'));
  return rows.map((r) => r.payload as EmailMessage).filter((m) => m.to === to);
}

describe('subscriptions', () => {
  it('starts with every category on and the newsletter off, and saves each choice', async () => {
    const { email, session } = await person();
    const first = await getSubs(session);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual(ALL_ON);

    const wanted = { newsletter: true, productNews: false, governance: true, community: false };
    const saved = await save(session, wanted);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ ...wanted, message: ACCOUNT_SETTINGS_ANSWERS.subscriptionsSaved });
    expect((await getSubs(session)).json()).toEqual(wanted);
    // The account's address is verified: the newsletter is confirmed at once, no link is emailed.
    const [row] = await ctx.database.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email));
    expect(row?.confirmedAt).toBeInstanceOf(Date);
    expect((await mailTo(ctx.app, email)).map((m) => m.subject)).not.toContain('Confirm your Land Units newsletter subscription');

    const off = { newsletter: false, productNews: true, governance: false, community: true };
    expect((await save(session, off)).json()).toMatchObject(off);
    expect((await getSubs(session)).json()).toEqual(off);
    // The reader left: the row stays as unsubscribed (the admins' list shows it), and sends nothing.
    const [left] = await ctx.database.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email));
    expect(left).toMatchObject({ confirmedAt: row?.confirmedAt, unsubscribedAt: expect.any(Date), tokenHash: null });
    const leftAt = left?.unsubscribedAt;
    expect((await save(session, off)).statusCode).toBe(200);
    const [again] = await ctx.database.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email));
    expect(again?.unsubscribedAt).toEqual(leftAt);

    // Switched on again from the settings: confirmed at once (the address is the account's).
    expect((await save(session, { ...off, newsletter: true })).json()).toMatchObject({ newsletter: true });
    const [back] = await ctx.database.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email));
    expect(back).toMatchObject({ unsubscribedAt: null, confirmedAt: expect.any(Date) });
  });

  it('refuses a missing or non-boolean choice, unknown fields, and a request without a session', async () => {
    const { session } = await person();
    for (const payload of [{ ...ALL_ON, community: 'yes' }, { newsletter: true }, { ...ALL_ON, security: false }]) {
      const res = await save(session, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
    expect((await getSubs(session)).json()).toEqual(ALL_ON);
    expect((await ctx.app.inject({ method: 'GET', url: C.subscriptions.path })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'POST', url: C.manageSubscriptions.path, payload: ALL_ON })).statusCode).toBe(401);
  });
});

describe('optional emails', () => {
  it('carry the unsubscribe link and the List-Unsubscribe headers; transactional emails do not', async () => {
    const { email, userId } = await person(true);
    expect(await sendOptional({ userId, category: 'productNews', message: promo(email) })).toBe(true);
    const queued = await queuedTo(email);
    const optional = queued.find((m) => m.subject === 'Something new')!;
    expect(optional.unsubscribe?.category).toBe('productNews');
    const headers = mailOptions(optional, 'Land Units <no-reply@landunits.example>').headers;
    expect(headers?.['List-Unsubscribe']).toMatch(/^<http:\/\/localhost:3000\/api\/unsubscribe\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}>$/);
    expect(headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(optional.html).toMatch(/<a href="http:\/\/localhost:3000\/unsubscribe\?token=[^"]+"[^>]*>Unsubscribe<\/a>/);
    expect(optional.text).toMatch(/Unsubscribe: http:\/\/localhost:3000\/unsubscribe\?token=/);

    // The activation email (an account email) is transactional.
    const activation = queued.find((m) => m.subject === 'Activate your Land Units account')!;
    expect(activation.unsubscribe).toBeUndefined();
    expect(mailOptions(activation, 'x <x@example.com>')).not.toHaveProperty('headers');
    expect(activation.html).not.toContain('Unsubscribe');
    // What reaches the inbox is the same message.
    expect((await mailTo(ctx.app, email)).find((m) => m.subject === 'Something new')?.text).toContain('Unsubscribe:');
  });

  it('are skipped when the category is off, and the newsletter only goes to subscribers', async () => {
    const { email, session, userId } = await person();
    await save(session, { newsletter: false, productNews: true, governance: false, community: true });
    expect(await sendOptional({ userId, category: 'governance', message: promo(email) })).toBe(false);
    expect(await sendOptional({ userId, category: 'newsletter', message: promo(email) })).toBe(false);
    expect(await sendOptional({ email, category: 'newsletter', message: promo(email) })).toBe(false);
    expect((await queuedTo(email)).filter((m) => m.subject === 'Something new')).toHaveLength(0);
    await save(session, { newsletter: true, productNews: true, governance: false, community: true });
    expect(await sendOptional({ userId, category: 'newsletter', message: promo(email) })).toBe(true);
    expect(await sendOptional({ userId, category: 'community', message: promo(email) })).toBe(true);
  });
});

describe('one-click unsubscribe', () => {
  it('turns the link’s category off without a session, from any origin, and again answers the same', async () => {
    const { email, session, userId } = await person();
    await sendOptional({ userId, category: 'community', message: promo(email) });
    const link = (await queuedTo(email)).find((m) => m.unsubscribe)!.unsubscribe!.oneClickUrl;
    const token = link.split('/').pop()!;

    const shown = await ctx.app.inject({ method: 'GET', url: `/api/unsubscribe/${token}` });
    expect(shown.json()).toEqual({ category: 'community', label: EMAIL_CATEGORY_LABELS.community.label });
    expect((await getSubs(session)).json()).toEqual(ALL_ON);

    const first = await oneClick(token, { origin: 'https://mail.provider.example', 'sec-fetch-site': 'cross-site' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ category: 'community', label: 'Community', message: ACCOUNT_SETTINGS_ANSWERS.unsubscribed });
    expect((await getSubs(session)).json()).toEqual({ ...ALL_ON, community: false });
    const again = await oneClick(token);
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    expect((await getSubs(session)).json()).toEqual({ ...ALL_ON, community: false });
    expect(await sendOptional({ userId, category: 'community', message: promo(email) })).toBe(false);
  });

  it('takes the newsletter off for an address, with or without an account', async () => {
    const { session, userId } = await person();
    await save(session, { ...ALL_ON, newsletter: true });
    const token = signUnsubscribeToken(ctx.config.linkSigningSecret, { subject: { userId }, category: 'newsletter' });
    expect((await oneClick(token)).statusCode).toBe(200);
    expect((await getSubs(session)).json()).toEqual(ALL_ON);

    const reader = newEmail();
    await ctx.database.db.insert(newsletterSubscribers).values({ email: reader, confirmedAt: new Date() });
    expect(await sendOptional({ email: reader, category: 'newsletter', message: promo(reader) })).toBe(true);
    const byAddress = (await queuedTo(reader))[0]!.unsubscribe!.oneClickUrl.split('/').pop()!;
    expect(byAddress.length).toBeLessThanOrEqual(200);
    expect((await oneClick(byAddress)).statusCode).toBe(200);
    const [left] = await ctx.database.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, reader));
    expect(left?.unsubscribedAt).toBeInstanceOf(Date);
    expect(await sendOptional({ email: reader, category: 'newsletter', message: promo(reader) })).toBe(false);
  });

  it('never limits valid links from one mail provider address; bad links from an address are limited', async () => {
    const { email, userId } = await person();
    await sendOptional({ userId, category: 'governance', message: promo(email) });
    const token = (await queuedTo(email))
      .find((m) => m.unsubscribe)!
      .unsubscribe!.oneClickUrl.split('/')
      .pop()!;
    for (let i = 0; i < 305; i++) expect((await oneClick(token, {}, '198.51.100.7')).statusCode).toBe(200);
    const bad = `${token.slice(0, -2)}xx`;
    for (let i = 0; i < 300; i++) expect((await oneClick(bad, {}, '198.51.100.8')).statusCode).toBe(400);
    expect((await oneClick(bad, {}, '198.51.100.8')).statusCode).toBe(429);
  });

  it('refuses forged, altered and foreign tokens with 400 and changes nothing', async () => {
    const { session, userId } = await person();
    const genuine = signUnsubscribeToken(ctx.config.linkSigningSecret, { subject: { userId }, category: 'governance' });
    const [, mac] = genuine.split('.');
    const otherCategory = Buffer.from(`u:${userId}:community`).toString('base64url');
    const otherSecret = signUnsubscribeToken('another-secret-another-secret-12345', { subject: { userId }, category: 'governance' });
    for (const token of [`${otherCategory}.${mac}`, otherSecret, 'x', `${genuine}x`, `${genuine}.x`, 'a'.repeat(150)]) {
      const res = await oneClick(token);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: ACCOUNT_SETTINGS_ANSWERS.unsubscribeInvalid, code: 'TOKEN_INVALID' });
      expect((await ctx.app.inject({ method: 'GET', url: `/api/unsubscribe/${token}` })).statusCode).toBe(400);
    }
    expect((await getSubs(session)).json()).toEqual(ALL_ON);
  });

  it('still refuses cross-site requests on every other route', async () => {
    const { session } = await person();
    const res = await ctx.app.inject({
      method: 'POST',
      url: C.manageSubscriptions.path,
      payload: ALL_ON,
      cookies: { lu_session: session },
      headers: { origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(403);
  });
});
