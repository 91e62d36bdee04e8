import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueEmail } from '../../platform/mail/outbox';
import { createTestApp, type TestContext } from '../../test/app';
import { createPerson } from '../../test/factories';
import { buyBody, postJson } from '../orders/test/lifecycle';
import { METRICS_OFF, METRICS_TOKEN_NEEDED } from './routes';

const TOKEN = 'metrics-test-token-0123456789abcdef';
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ METRICS_TOKEN: TOKEN });
});
afterAll(() => ctx.close());

const scrape = (authorization?: string) => ctx.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

/** The value of the series `name{labels}` in a scrape, or undefined when it is not there. */
function seriesValue(text: string, name: string, labels: Record<string, string>): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-z_]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const got = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([k, v]) => got[k] === v) && Object.keys(got).length === Object.keys(labels).length) return Number(match[3]);
  }
  return undefined;
}

describe('GET /metrics', () => {
  it('answers only with the token', async () => {
    for (const header of [undefined, 'Bearer wrong-token-0123456789abcdef', TOKEN, `Basic ${TOKEN}`]) {
      const res = await scrape(header);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: METRICS_TOKEN_NEEDED, code: 'UNAUTHORIZED' });
    }
  });

  it('is off (404) while METRICS_TOKEN is unset', async () => {
    const off = await createTestApp();
    try {
      const res = await off.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: METRICS_OFF, code: 'NOT_FOUND' });
    } finally {
      await off.close();
    }
  });

  it('shows request latency by route and status, the job queue and its outcomes, orders by type and status, and the process, after a short load', async () => {
    for (let i = 0; i < 3; i++) expect((await ctx.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/no-such-route' })).statusCode).toBe(404);
    const buyer = await createPerson(ctx.app, { verified: true });
    for (let i = 0; i < 2; i++) expect((await postJson(ctx.app, buyer.session, '/api/order/create_order', buyBody(5))).statusCode).toBe(201);
    // Two emails wait in the queue; one pass of the runner sends them.
    for (const to of ['a@example.com', 'b@example.com']) await enqueueEmail(ctx.app.ctx, ctx.app.ctx.db, { to, subject: 'Hello', text: 'Hi', html: '<p>Hi</p>' });

    const before = await scrape(`Bearer ${TOKEN}`);
    expect(before.statusCode).toBe(200);
    expect(before.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(before.headers['cache-control']).toBe('no-store');
    const text = before.body;
    expect(seriesValue(text, 'http_request_duration_seconds_count', { method: 'GET', route: '/api/health', status_code: '200' })).toBe(3);
    expect(seriesValue(text, 'http_request_duration_seconds_count', { method: 'GET', route: 'unmatched', status_code: '404' })).toBe(1);
    expect(seriesValue(text, 'http_request_duration_seconds_count', { method: 'POST', route: '/api/order/create_order', status_code: '201' })).toBe(2);
    expect(seriesValue(text, 'landunits_orders', { type: 'BUY', status: 'Initiated' })).toBe(2);
    expect(seriesValue(text, 'landunits_jobs_waiting', { kind: 'email' })).toBeGreaterThanOrEqual(2);
    expect(seriesValue(text, 'landunits_jobs_oldest_waiting_seconds', { kind: 'email' })).toBeGreaterThanOrEqual(0);
    expect(seriesValue(text, 'landunits_jobs_failed', { kind: 'email' })).toBe(0);
    expect(seriesValue(text, 'landunits_live_streams', {})).toBe(0);
    expect(seriesValue(text, 'process_resident_memory_bytes', {})).toBeGreaterThan(0);
    if (ctx.database.driver === 'postgres') expect(seriesValue(text, 'landunits_db_pool_connections', { state: 'max' })).toBeGreaterThan(0);

    await ctx.app.jobs.runOnce();
    const after = (await scrape(`Bearer ${TOKEN}`)).body;
    expect(seriesValue(after, 'landunits_jobs_total', { kind: 'email', outcome: 'done' })).toBeGreaterThanOrEqual(2);
    expect(seriesValue(after, 'landunits_jobs_waiting', { kind: 'email' }) ?? 0).toBe(0);
  });
});
