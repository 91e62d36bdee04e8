import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MARKETING_MESSAGES, SECRET_MASK } from '@landunits/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock';
import { outbox } from '../../schema';
import { securityHeaders } from '../../platform/http/security';
import { linkToken, register, PASSWORD } from '../../test/accounts';
import { createTestApp, type TestContext } from '../../test/app';
import { signUp, type TestUser } from '../orders/test/fixtures';
import { buyBody, makeAdmin, postJson, type TestAdmin } from '../orders/test/lifecycle';
import { FORWARD_TRACKING_KIND } from './jobs';
import { postJson as postToTracker, TrackerRefusedError } from './post-to-tracker';

/** Decision 0031: the tracking payload forwarded by a job, the analytics script and its CSP. */

const PATH = '/api/admin/settings/integrations';
const clock = new ManualClock(new Date('2026-03-02T09:00:00Z'));
let ctx: TestContext;
let owner: TestAdmin;
let ada: TestUser;

interface Received {
  body: unknown;
  authorization: string | undefined;
}
const received: Received[] = [];
/** What the tracker answers next (then 200). */
const answers: number[] = [];
let tracker: Server;
let trackerUrl: string;

const read = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let text = '';
    req.on('data', (chunk) => (text += chunk));
    req.on('end', () => resolve(text));
  });

beforeAll(async () => {
  tracker = createServer(async (req, res) => {
    const text = await read(req);
    const status = answers.shift() ?? 200;
    if (status === 302) res.setHeader('location', 'http://127.0.0.1:1/elsewhere');
    // Only what the tracker accepted counts as received.
    else if (status < 300) received.push({ body: JSON.parse(text), authorization: req.headers.authorization });
    res.statusCode = status;
    res.end();
  });
  await new Promise<void>((resolve) => tracker.listen(0, '127.0.0.1', resolve));
  trackerUrl = `http://127.0.0.1:${(tracker.address() as AddressInfo).port}/hooks/tracking`;
  ctx = await createTestApp({ JOBS_DUE_ORDERS_INTERVAL_MS: '9999999' }, undefined, clock);
  owner = await makeAdmin(ctx.app, ctx.database.db, 'owner.marketing@example.com');
  ada = await signUp(ctx.app, 'ada.marketing@example.com');
});
afterAll(async () => {
  await ctx.close();
  await new Promise((resolve) => tracker.close(resolve));
});
beforeEach(() => {
  received.length = 0;
  answers.length = 0;
});

const put = (body: unknown) => ctx.app.inject({ method: 'PUT', url: PATH, payload: body as object, headers: { origin: 'http://localhost:3000' }, cookies: { lu_session: owner.session } });
const get = () => ctx.app.inject({ method: 'GET', url: PATH, cookies: { lu_session: owner.session } });
const META = { hutk: 'hutk-1', pageUri: 'http://localhost:3000/buy?utm_source=news', pageName: 'Buy Units', utmParams: { utm_source: 'news' } };
const forwardRows = () =>
  ctx.database.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.kind, FORWARD_TRACKING_KIND)));
const csp = async () => (await ctx.app.inject({ method: 'GET', url: '/api/health' })).headers['content-security-policy'];

async function confirmWithMeta(email: string) {
  await register(ctx.app, { email, firstName: 'Bea', lastName: 'Brown', password: PASSWORD, userType: 'USER' });
  const token = await linkToken(ctx.app, email, '/account/confirm');
  const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/confirmation', payload: { token, hubspotMetaData: META } });
  expect(res.statusCode, res.body).toBe(200);
}

describe('without settings (the default)', () => {
  it('answers every integration off, keeps the CSP exactly as before and queues nothing', async () => {
    expect((await get()).json()).toMatchObject({ trackerUrl: '', trackerSecret: '', hasTrackerSecret: false, scriptUrl: '', scriptCategory: 'Statistics', version: 0 });
    expect(await csp()).toBe(securityHeaders(ctx.config)['content-security-policy']);
    await confirmWithMeta('bea.nosettings@example.com');
    const res = await postJson(ctx.app, ada.session, '/api/order/create_order', { ...buyBody(5), hubspotMetaData: META });
    expect(res.statusCode, res.body).toBe(201);
    await ctx.app.jobs.drain();
    expect(await forwardRows()).toEqual([]);
    expect(received).toEqual([]);
  });
});

describe('the settings', () => {
  it('refuses bad addresses and categories with the shared messages, writing nothing', async () => {
    const res = await put({ trackerUrl: 'ftp://tracker.example', trackerSecret: 'a\nb', scriptUrl: 'http://cdn.example/a.js', scriptCategory: 'Necessary' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      trackerUrl: MARKETING_MESSAGES.trackerUrl,
      trackerSecret: MARKETING_MESSAGES.trackerSecret,
      scriptUrl: MARKETING_MESSAGES.scriptUrl,
      scriptCategory: MARKETING_MESSAGES.scriptCategory,
    });
    expect((await get()).json().version).toBe(0);
  });

  it('are saved, audited without the secret, and never send the secret back', async () => {
    const res = await put({ trackerUrl, trackerSecret: 's3cret-value', scriptUrl: 'https://cdn.analytics.example/tag.js?id=7', scriptCategory: 'Statistics' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ trackerUrl, trackerSecret: SECRET_MASK, hasTrackerSecret: true, version: 1 });
    expect(res.body).not.toContain('s3cret-value');
    const audit = await ctx.database.db.execute(sql`select before, after from audit_events where action = 'settings.marketing.update'`);
    const rows = (audit as unknown as { rows: { after: unknown }[] }).rows;
    expect(rows).toMatchObject([{ after: { trackerUrl, trackerSecret: SECRET_MASK } }]);
    expect(JSON.stringify(rows)).not.toContain('s3cret-value');
    // The mask sent back keeps the stored secret.
    expect((await put({ trackerUrl, trackerSecret: SECRET_MASK, scriptUrl: 'https://cdn.analytics.example/tag.js?id=7', scriptCategory: 'Statistics' })).json().hasTrackerSecret).toBe(true);
    // …but not for another tracker: its address changed, so the secret must be given again.
    const moved = await put({ trackerUrl: 'https://elsewhere.example/hook', trackerSecret: SECRET_MASK, scriptUrl: 'https://cdn.analytics.example/tag.js?id=7', scriptCategory: 'Statistics' });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().errors).toEqual({ trackerSecret: MARKETING_MESSAGES.secretForNewTracker });
  });

  it('widens the CSP by exactly the script origin, at once', async () => {
    const policy = await csp();
    expect(policy).toContain("script-src 'self' https://cdn.analytics.example;");
    expect(policy).toContain("connect-src 'self' https://cdn.analytics.example;");
    expect(policy).toContain("img-src 'self' data: https://cdn.analytics.example;");
    expect(policy).toBe(securityHeaders(ctx.config, 'https://cdn.analytics.example')['content-security-policy']);
  });
});

describe('forwarding', () => {
  it("forwards an order's payload once, with its event, order and the bearer secret", async () => {
    const res = await postJson(ctx.app, ada.session, '/api/order/create_order', { ...buyBody(5), hubspotMetaData: META });
    expect(res.statusCode, res.body).toBe(201);
    const orderId = res.json().orderCreatedData.orderId as string;
    await ctx.app.jobs.drain();
    await ctx.app.jobs.drain();
    expect(received).toEqual([{ body: { event: 'order_created', orderId, ...META, occurredAt: clock.now().toISOString() }, authorization: 'Bearer s3cret-value' }]);
    expect((await get()).json().forwarding).toMatchObject({ done: 1, pending: 0, failed: 0, lastDoneAt: clock.now().toISOString() });
  });

  it("forwards a confirmation's payload as email_confirmed", async () => {
    await confirmWithMeta('bea.settings@example.com');
    await ctx.app.jobs.drain();
    expect(received.map((r) => r.body)).toEqual([{ event: 'email_confirmed', ...META, occurredAt: clock.now().toISOString() }]);
  });

  it("retries when the tracker answers 500, with the runner's backoff", async () => {
    answers.push(500);
    const res = await postJson(ctx.app, ada.session, '/api/order/create_order', { ...buyBody(5), hubspotMetaData: META });
    expect(res.statusCode, res.body).toBe(201);
    await ctx.app.jobs.drain();
    expect(received).toEqual([]);
    const [waiting] = (await forwardRows()).filter((r) => r.status === 'pending');
    expect(waiting).toMatchObject({ attempts: 1, lastError: expect.stringContaining('500') });
    clock.advance(5_000);
    await ctx.app.jobs.drain();
    expect(received).toHaveLength(1);
    expect((await forwardRows()).filter((r) => r.status !== 'done')).toEqual([]);
  });

  it('sends nothing without a payload', async () => {
    const res = await postJson(ctx.app, ada.session, '/api/order/create_order', buyBody(5));
    expect(res.statusCode, res.body).toBe(201);
    const before = (await forwardRows()).length;
    await ctx.app.jobs.drain();
    expect((await forwardRows()).length).toBe(before);
    expect(received).toEqual([]);
  });
});

describe('the tracker request', () => {
  it('follows no redirect', async () => {
    answers.push(302);
    await expect(postToTracker(trackerUrl, {}, { secret: '', allowPrivate: true })).rejects.toThrow('redirects are not followed');
  });

  it('refuses loopback, private and plain-http targets when private targets are not allowed (production)', async () => {
    for (const target of [trackerUrl, 'https://127.0.0.1/x', 'https://10.1.2.3/x', 'https://[::1]/x', 'https://localhost/x']) {
      await expect(postToTracker(target, {}, { secret: '', allowPrivate: false })).rejects.toBeInstanceOf(TrackerRefusedError);
    }
    expect(received).toEqual([]);
  });
});
