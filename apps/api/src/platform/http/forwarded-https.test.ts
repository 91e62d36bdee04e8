import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app';
import { PRODUCTION_SETTINGS } from '../../test/settings';
import { HTTPS_REQUIRED } from './forwarded-https';

/** X-Forwarded-Proto from a trusted proxy on an https:// site (TRUST_PROXY=1). */
describe('behind a proxy on an https site', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ ...PRODUCTION_SETTINGS, TRUST_PROXY: '1' });
  });
  afterAll(() => t.app.close());

  it('sends a page asked for over plain HTTP to the same path on PUBLIC_URL, whatever the Host header says', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/fees?currency=GBP', headers: { host: 'evil.example', 'x-forwarded-proto': 'http', 'x-forwarded-for': '203.0.113.9' } });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('https://landunits.example/fees?currency=GBP');
  });

  it('refuses a POST that reached the proxy over plain HTTP, changing nothing', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'x-forwarded-proto': 'http', 'x-forwarded-for': '203.0.113.9', origin: 'https://landunits.example' },
      payload: { email: 'someone@example.com', password: 'whatever-it-is' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: HTTPS_REQUIRED });
  });

  it('serves what reached the proxy over https, and a probe that came to the app directly', async () => {
    const forwarded = await t.app.inject({ method: 'GET', url: '/livez', headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.9' } });
    expect(forwarded.statusCode).toBe(200);
    const direct = await t.app.inject({ method: 'GET', url: '/livez' });
    expect(direct.statusCode).toBe(200);
  });
});

describe('without a trusted proxy', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ ...PRODUCTION_SETTINGS });
  });
  afterAll(() => t.app.close());

  it('ignores X-Forwarded-Proto, which anyone can send', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/livez', headers: { 'x-forwarded-proto': 'http' } });
    expect(res.statusCode).toBe(200);
  });
});
