import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { MINUTE } from '../../platform/clock';
import { createTestApp, type TestContext } from '../../test/app';
import { PRODUCTION_SETTINGS as PRODUCTION } from '../../test/settings';

/**
 * DEV_CLOCK (browser tests): the app's clock is the system clock plus an offset that
 * POST /api/dev/clock/advance moves forward; never in production, and absent without the flag.
 */

const advance = (ctx: TestContext, body: unknown) =>
  ctx.app.inject({ method: 'POST', url: '/api/dev/clock/advance', headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body), remoteAddress: '127.0.0.1' });

describe('the development clock', () => {
  let on: TestContext;
  let off: TestContext;
  beforeAll(async () => {
    on = await createTestApp({ DEV_CLOCK: 'on' });
    off = await createTestApp();
  });
  afterAll(async () => {
    await on.close();
    await off.close();
  });

  it('is refused in production and off unless asked for', () => {
    expect(() => loadConfig({ ...PRODUCTION, DEV_CLOCK: 'on' })).toThrow(/DEV_CLOCK cannot be on in production/);
    expect(loadConfig({ NODE_ENV: 'test' }).devClock).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test', DEV_CLOCK: '1' }).devClock).toBe(true);
  });

  it('moves the app clock forward by the given milliseconds', async () => {
    const before = on.app.ctx.clock.now().getTime();
    const res = await advance(on, { ms: 3 * MINUTE });
    expect(res.statusCode).toBe(200);
    expect(res.json().offsetMs).toBe(3 * MINUTE);
    expect(on.app.ctx.clock.now().getTime() - before).toBeGreaterThanOrEqual(3 * MINUTE);
    expect((await advance(on, { ms: -5 })).statusCode).toBe(400);
  });

  it('refuses a request a proxy passed on, even from this machine', async () => {
    const before = on.app.ctx.clock.now().getTime();
    const res = await on.app.inject({
      method: 'POST',
      url: '/api/dev/clock/advance',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.9' },
      payload: JSON.stringify({ ms: MINUTE }),
      remoteAddress: '127.0.0.1',
    });
    expect(res.statusCode).toBe(403);
    expect(on.app.ctx.clock.now().getTime() - before).toBeLessThan(MINUTE);
  });

  it('does not exist without DEV_CLOCK', async () => {
    expect((await advance(off, { ms: MINUTE })).statusCode).toBe(404);
  });
});
