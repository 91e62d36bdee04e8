import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ORDER_MESSAGES } from '@landunits/domain';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { orders } from '../../schema';
import { createTestApp, type TestContext } from '../../test/app';
import { PRODUCTION_SETTINGS as PRODUCTION } from '../../test/settings';
import { createPerson, type TestPerson } from '../../test/factories';
import { postJson, buyBody } from '../orders/test/lifecycle';

/**
 * The development tools (the /dev/mail viewer and its API, the TEST MODE card payments) hand out
 * reset links and Units for nothing: they run only for a server on this machine (PUBLIC_URL on a
 * loopback address) or when DEV_TOOLS=on says so, and the mail API answers only this machine.
 */

describe('when the development tools are on', () => {
  const base = { NODE_ENV: 'development' };
  it.each([
    ['http://localhost:3000', true],
    ['http://127.0.0.1:3000', true],
    ['http://127.8.9.10:4000', true],
    ['http://[::1]:3000', true],
    ['https://landunits.example', false],
    ['http://192.168.1.20:3000', false],
    ['http://localhost.evil.example', false],
    ['http://0.0.0.0:3000', false],
  ])('PUBLIC_URL %s: %s', (url, on) => {
    expect(loadConfig({ ...base, PUBLIC_URL: url }).devTools).toBe(on);
  });

  it('stay off by default when the server listens on an interface other machines reach (HOST=0.0.0.0)', () => {
    expect(loadConfig({ ...base, HOST: '127.0.0.1' }).devTools).toBe(true);
    expect(loadConfig({ ...base, HOST: 'localhost' }).devTools).toBe(true);
    expect(loadConfig({ ...base, HOST: '0.0.0.0' }).devTools).toBe(false);
    expect(loadConfig({ ...base, HOST: '::' }).devTools).toBe(false);
    expect(loadConfig({ ...base, HOST: '192.168.1.20' }).devTools).toBe(false);
    expect(loadConfig({ ...base, HOST: '0.0.0.0', DEV_TOOLS: 'on' }).devTools).toBe(true);
  });

  it('DEV_TOOLS=on allows them on a staging site, DEV_TOOLS=off turns them off locally, never in production', () => {
    expect(loadConfig({ ...base, PUBLIC_URL: 'https://staging.landunits.example', DEV_TOOLS: 'on' }).devTools).toBe(true);
    expect(loadConfig({ ...base, DEV_TOOLS: 'off' }).devTools).toBe(false);
    expect(loadConfig({ ...PRODUCTION }).devTools).toBe(false);
    expect(() => loadConfig({ ...PRODUCTION, DEV_TOOLS: 'on' })).toThrow(/DEV_TOOLS/);
    expect(() => loadConfig({ ...base, DEV_TOOLS: 'yes' })).toThrow(/DEV_TOOLS must be on or off/);
  });
});

describe('a server reachable from elsewhere (PUBLIC_URL not loopback)', () => {
  let dist: string;
  let ctx: TestContext;
  // A customer: staff accounts do not buy (decision 0037).
  let buyer: TestPerson;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'lu-web-dev-tools-'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html lang="en"><head><!--app-head--></head><body><div id="root"></div></body></html>');
    ctx = await createTestApp({ NODE_ENV: 'development', PUBLIC_URL: 'https://landunits.example', WEB_DIST_DIR: dist, JOBS_DUE_ORDERS_INTERVAL_MS: '9999999' });
    buyer = await createPerson(ctx.app, { email: 'buyer.dev-tools@example.com', verified: true });
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('has no mail viewer, neither the page nor its API, even from this machine', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/dev/mail', remoteAddress: '127.0.0.1' })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: '/dev/mail', remoteAddress: '127.0.0.1' })).statusCode).toBe(404);
  });

  it('offers no test-card payment: card buys are refused and the test-card route does not exist', async () => {
    const ordersOf = async () => (await ctx.database.db.select({ n: count() }).from(orders).where(eq(orders.userId, buyer.id)))[0]?.n ?? 0;
    for (const method of ['Card_Stripe', 'Card_Square']) {
      const res = await postJson(ctx.app, buyer.session, '/api/order/create_order', buyBody(50, undefined, method));
      expect(res.statusCode, method).toBe(400);
      expect(res.json().errors).toEqual({ paymentMethod: ORDER_MESSAGES.paymentMethodNotAvailable });
    }
    expect(await ordersOf()).toBe(0);
    const pay = await postJson(ctx.app, buyer.session, '/api/order/test_card_payment', { orderId: '1', cardNumber: '4242424242424242', expiry: '12/30', cvc: '123' });
    expect(pay.statusCode).toBe(404);
    // Bank transfers are still offered.
    expect((await postJson(ctx.app, buyer.session, '/api/order/create_order', buyBody(5))).statusCode).toBe(201);
  });
});

describe('the mail API of a local server', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ NODE_ENV: 'development' });
  });
  afterAll(() => ctx.close());
  const read = (remoteAddress: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url: '/api/dev/mail', remoteAddress, headers });

  it('answers clients on this machine', async () => {
    for (const address of ['127.0.0.1', '127.0.0.53', '::1', '::ffff:127.0.0.1']) expect((await read(address)).statusCode, address).toBe(200);
  });

  it('refuses other machines, and requests passed on by a proxy (which may run on this machine)', async () => {
    for (const address of ['192.0.2.10', '10.0.0.7', '::ffff:192.0.2.10', '2001:db8::1']) expect((await read(address)).statusCode, address).toBe(403);
    const proxied: Record<string, string>[] = [{ 'x-forwarded-for': '127.0.0.1' }, { forwarded: 'for=127.0.0.1' }, { 'x-real-ip': '127.0.0.1' }, { 'x-forwarded-host': 'localhost' }];
    for (const headers of proxied) {
      const res = await read('127.0.0.1', headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.json()).toEqual({ message: expect.stringMatching(/only on this machine/), code: 'FORBIDDEN' });
    }
  });
});
