import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseInput } from './platform/http/app-error';
import { createTestApp, type TestContext } from './test/app';

const EchoSchema = z.object({
  email: z.string().min(5, 'Email must be at least 5 characters'),
  firstName: z.string({ message: 'First Name is Required' }).min(2, 'First Name must be at least 2 characters'),
});

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({}, (app) => {
    app.post('/api/test/echo', async (request) => parseInput(EchoSchema, request.body));
    app.get('/api/test/boom', async () => {
      throw new Error('relation "secret_table" does not exist at /srv/app.ts:12');
    });
  });
});
afterAll(() => ctx.close());

describe('GET /api/health', () => {
  it('answers ok after querying the database', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', db: 'ok' });
  });
});

describe('errors', () => {
  it('answers unknown /api paths with a 404 JSON message', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toEqual({ message: 'Not found: GET /api/nope', code: 'NOT_FOUND' });
  });

  it('answers validation failures with 400 and one message per field', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/test/echo', payload: { email: 'a' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Please check the highlighted fields.',
      code: 'VALIDATION_FAILED',
      errors: { email: 'Email must be at least 5 characters', firstName: 'First Name is Required' },
    });
  });

  it('answers malformed JSON with 400 in the same shape', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'The request body is not valid JSON.', code: 'BAD_REQUEST' });
  });

  it('answers an unsupported content type with 415', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/x-unknown' },
      payload: 'x',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('answers a body over the limit with 413', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'x'.repeat(1_100_000) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('hides the detail of a 5xx', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Something went wrong on our side. Please try again in a moment.', code: 'INTERNAL' });
    expect(res.body).not.toMatch(/secret_table|app\.ts|stack/);
  });
});

describe('headers', () => {
  const cases = [
    ['2xx', '/api/health', 200],
    ['4xx', '/api/nope', 404],
    ['5xx', '/api/test/boom', 500],
  ] as const;

  it.each(cases)('sets the security headers on a %s answer', async (_kind, url, status) => {
    const res = await ctx.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(status);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('gives every answer a request id, keeping a well-formed incoming one', async () => {
    const fresh = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await ctx.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'abc-12345678' } });
    expect(kept.headers['x-request-id']).toBe('abc-12345678');
    const refused = await ctx.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': '<script>' } });
    expect(refused.headers['x-request-id']).not.toBe('<script>');
  });
});

describe('production', () => {
  it('adds HSTS', async () => {
    const prod = await createTestApp({ NODE_ENV: 'production', PUBLIC_URL: 'https://landunits.example', SMTP_URL: 'smtp://127.0.0.1:2525' });
    try {
      const res = await prod.app.inject({ method: 'GET', url: '/api/nope' });
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(String(res.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
      // Development tools are absent in production.
      expect((await prod.app.inject({ method: 'GET', url: '/api/dev/mail' })).statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });
});

describe('database races that outlast the retries', () => {
  it('answer 503 with Retry-After, not a 500', async () => {
    const raced = await createTestApp({}, (app) => {
      app.get('/api/test/deadlock', async () => {
        throw Object.assign(new Error('query failed'), { cause: Object.assign(new Error('deadlock detected'), { code: '40P01' }) });
      });
    });
    try {
      const res = await raced.app.inject({ method: 'GET', url: '/api/test/deadlock' });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('1');
      expect(res.json()).toEqual({ message: 'We are busy right now. Please try again in a moment.', code: 'UNAVAILABLE' });
    } finally {
      await raced.close();
    }
  });
});
