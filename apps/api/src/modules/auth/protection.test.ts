import { AUTH_ANSWERS } from '@landunits/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MINUTE, ManualClock } from '../../platform/clock';
import { PASSWORD, registerAndConfirm } from '../../test/accounts';
import { createTestApp, type TestContext } from '../../test/app';
import { createAdmin } from '../users';

const clock = new ManualClock();
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({}, undefined, clock);
});
afterAll(() => ctx.close());

const loginFrom = (ip: string, email: string, password: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: ip, headers });

describe('rate limits', () => {
  it('allows 10 logins a minute per address, then 429 with Retry-After, whatever X-Forwarded-For says', async () => {
    const ip = '192.0.2.10';
    for (let i = 0; i < 10; i++) {
      expect((await loginFrom(ip, `nobody${i}@example.com`, 'whatever1', { 'x-forwarded-for': `203.0.113.${i}` })).statusCode).toBe(401);
    }
    const limited = await loginFrom(ip, 'nobody@example.com', 'whatever1', { 'x-forwarded-for': '198.51.100.7' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: AUTH_ANSWERS.tooMany, code: 'RATE_LIMITED' });
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    clock.advance(MINUTE);
    expect((await loginFrom(ip, 'nobody@example.com', 'whatever1')).statusCode).toBe(401);
  });

  it('locks an account for 15 minutes after 5 failed passwords, even from many addresses', async () => {
    const email = 'target@example.com';
    await registerAndConfirm(ctx.app, email);
    for (let i = 0; i < 5; i++) expect((await loginFrom(`192.0.2.${100 + i}`, email, 'wrongpass1')).statusCode).toBe(401);
    const locked = await loginFrom('192.0.2.200', email, PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    clock.advance(15 * MINUTE);
    expect((await loginFrom('192.0.2.201', email, PASSWORD)).statusCode).toBe(200);
  });

  it.each([
    ['/api/user/register', (email: string) => ({ email, firstName: 'Ada', password: PASSWORD, userType: 'USER' })],
    ['/api/auth/send-confirmation', (email: string) => ({ email })],
    ['/api/auth/login/forgot', (email: string) => ({ email })],
  ])('allows 5 an hour per address on %s', async (url, body) => {
    const ip = `192.0.2.${Math.floor(Math.random() * 50) + 20}`;
    for (let i = 0; i < 5; i++) {
      const res = await ctx.app.inject({ method: 'POST', url, payload: body(`rl${i}.${url.length}@example.com`), remoteAddress: ip });
      expect(res.statusCode).toBe(200);
    }
    const limited = await ctx.app.inject({ method: 'POST', url, payload: body('rl-last@example.com'), remoteAddress: ip, headers: { 'x-forwarded-for': '203.0.113.99' } });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });

  it('allows 5 an hour per email on forgot-password, from any address', async () => {
    for (let i = 0; i < 5; i++) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login/forgot', payload: { email: 'busy@example.com' }, remoteAddress: `198.51.100.${i + 1}` });
      expect(res.statusCode).toBe(200);
    }
    const limited = await ctx.app.inject({ method: 'POST', url: '/api/auth/login/forgot', payload: { email: 'busy@example.com' }, remoteAddress: '198.51.100.50' });
    expect(limited.statusCode).toBe(429);
  });
});

describe('cross-site requests', () => {
  const body = { email: 'x@example.com', password: 'whatever1' };
  it.each([[{ origin: 'https://evil.example' }], [{ origin: 'null' }], [{ 'sec-fetch-site': 'cross-site' }]])('refuses a state-changing request with %o', async (headers) => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: body, headers, remoteAddress: '192.0.2.77' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: AUTH_ANSWERS.crossSite, code: 'FORBIDDEN' });
  });

  it('accepts the site’s own origin and requests without one', async () => {
    const own = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: body,
      headers: { origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin' },
      remoteAddress: '192.0.2.78',
    });
    expect(own.statusCode).toBe(401);
    const none = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', remoteAddress: '192.0.2.78' });
    expect(none.statusCode).toBe(200);
  });

  it('reads the scheme of a request through a trusted proxy from X-Forwarded-Proto, and only then', async () => {
    // The site's own second address (not PUBLIC_URL), reached over HTTPS through the one proxy.
    const request = (app: TestContext['app']) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: body,
        headers: { host: 'app.internal.example', origin: 'https://app.internal.example', 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.9' },
        remoteAddress: '10.0.0.2',
      });
    const behindProxy = await createTestApp({ TRUST_PROXY: '1' });
    try {
      expect((await request(behindProxy.app)).statusCode).toBe(401);
    } finally {
      await behindProxy.close();
    }
    // Without a trusted proxy the header is anyone's to send: the request is judged as plain http.
    expect((await request(ctx.app)).statusCode).toBe(403);
  });

  it('lets safe methods through from anywhere', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health', headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' } });
    expect(res.statusCode).toBe(200);
  });
});

describe('production cookies', () => {
  it('marks the session cookie Secure, HttpOnly and SameSite=Lax', async () => {
    const prod = await createTestApp({ NODE_ENV: 'production', PUBLIC_URL: 'https://landunits.example', SMTP_URL: 'smtp://127.0.0.1:2525' });
    try {
      await createAdmin(prod.database.db, { email: 'ops@example.com', password: 'Admin1234' });
      const res = await prod.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'ops@example.com', password: 'Admin1234' } });
      expect(res.statusCode).toBe(200);
      const header = ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith('lu_session=')) ?? '';
      expect(header).toMatch(/^lu_session=[A-Za-z0-9_-]{43};/);
      expect(header).toContain('HttpOnly');
      expect(header).toContain('Secure');
      expect(header).toContain('SameSite=Lax');
      expect(header).toContain('Max-Age=2592000');
    } finally {
      await prod.close();
    }
  });

  it('leaves out Secure, HSTS and upgrade-insecure-requests only where the operator allowed a plain http:// address, so signing in works there', async () => {
    const prod = await createTestApp({ NODE_ENV: 'production', PUBLIC_URL: 'http://10.0.0.5:3000', PUBLIC_URL_ALLOW_HTTP: 'on', SMTP_URL: 'smtp://127.0.0.1:2525' });
    try {
      await createAdmin(prod.database.db, { email: 'ops@example.com', password: 'Admin1234' });
      const res = await prod.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'ops@example.com', password: 'Admin1234' } });
      expect(res.statusCode).toBe(200);
      const header = ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith('lu_session=')) ?? '';
      expect(header).toContain('HttpOnly');
      expect(header).not.toContain('Secure');
      expect(res.headers['strict-transport-security']).toBeUndefined();
      expect(String(res.headers['content-security-policy'])).not.toContain('upgrade-insecure-requests');
    } finally {
      await prod.close();
    }
  });
});
