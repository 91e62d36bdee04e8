import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROUTES, routeDescription } from '@landunits/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app';

let dist: string;
let ctx: TestContext;

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'lu-web-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html lang="en"><head><meta charset="UTF-8"><!--app-head--><script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log("app")');
  writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  // A staging-like site: another host, with the development tools allowed explicitly.
  ctx = await createTestApp({ WEB_DIST_DIR: dist, PUBLIC_URL: 'https://landunits.example', DEV_TOOLS: 'on' });
});
afterAll(async () => {
  await ctx.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string) => ctx.app.inject({ method: 'GET', url });

describe('pages', () => {
  it('writes the home page head from the route table', async () => {
    const res = await get('/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const home = ROUTES.find((r) => r.path === '/')!;
    expect(res.body).toContain(`<title>${home.title}</title>`);
    expect(res.body).toContain(`<meta name="description" content="${routeDescription(home)}">`);
    expect(res.body).toContain(`<meta property="og:title" content="${home.title}">`);
    expect(res.body).toContain('<link rel="canonical" href="https://landunits.example/">');
    expect(res.body).not.toContain('noindex');
    expect(res.body).not.toContain('<!--app-head-->');
    expect(res.headers['x-robots-tag']).toBeUndefined();
  });

  it('gives /fees its own head', async () => {
    const res = await get('/fees');
    const fees = ROUTES.find((r) => r.path === '/fees')!;
    expect(res.body).toContain(`<title>${fees.title}</title>`);
    expect(res.body).toContain('<link rel="canonical" href="https://landunits.example/fees">');
  });

  it('marks private pages noindex, nofollow in the page and a header', async () => {
    for (const url of ['/dashboard', '/dashboard/settings/change-email', '/account/confirm?token=x', '/user-manual', '/logout']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<meta name="robots" content="noindex, nofollow">');
      expect(res.headers['x-robots-tag'], url).toBe('noindex, nofollow');
    }
  });

  it('serves the mail viewer with the development tools, never in production', async () => {
    expect((await get('/dev/mail')).statusCode).toBe(200);
    const dir = dist;
    const prod = await createTestApp({ WEB_DIST_DIR: dir, NODE_ENV: 'production', PUBLIC_URL: 'https://landunits.example', SMTP_URL: 'smtp://127.0.0.1:2525' });
    try {
      expect((await prod.app.inject({ method: 'GET', url: '/dev/mail' })).statusCode).toBe(404);
      expect((await prod.app.inject({ method: 'GET', url: '/dev/mail/1' })).statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });

  it('serves every route of the table', async () => {
    for (const route of ROUTES) {
      const res = await get(route.path.replace(':slug', 'environment'));
      expect(res.statusCode, route.path).toBe(200);
      expect(res.body, route.path).toContain(`<title>${route.title.replace(/&/g, '&amp;')}</title>`);
    }
  });

  it('answers a path in no route with the 404 page', async () => {
    const res = await get('/no-such-page');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain('<title>Page not found | Land Units</title>');
    expect(res.body).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(res.body).toContain('<div id="root">');
  });

  it('escapes what the visitor put in the path', async () => {
    const res = await get('/news/category/%22%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E');
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('<script>alert(1)</script>');
  });

  it('keeps security headers on pages', async () => {
    const res = await get('/no-such-page');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('redirects', () => {
  it.each([
    ['/login/', '/login'],
    ['/login/forgot/', '/login-forgot'],
    ['/register/', '/register'],
    ['/fees/', '/fees'],
    ['/login/?next=%2Fdashboard', '/login?next=%2Fdashboard'],
  ])('%s → %s', async (from, to) => {
    const res = await get(from);
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe(to);
  });

  it('never redirects to another site', async () => {
    const res = await get('//evil.example/');
    expect(res.headers.location ?? '').not.toMatch(/^\/\//);
  });
});

describe('files', () => {
  it('serves hashed assets with immutable caching', async () => {
    const res = await get('/assets/index-abc123.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves the favicon and does not expose the raw shell', async () => {
    expect((await get('/favicon.svg')).statusCode).toBe(200);
    expect((await get('/favicon.ico')).headers.location).toBe('/favicon.svg');
    const raw = await get('/index.html');
    expect(raw.statusCode).toBe(404);
  });

  it('answers a missing asset with 404', async () => {
    expect((await get('/assets/missing-123.js')).statusCode).toBe(404);
  });

  it('lists only public pages in robots.txt and sitemap.xml', async () => {
    const robots = await get('/robots.txt');
    expect(robots.body).toContain('Disallow: /dashboard');
    expect(robots.body).toContain('Sitemap: https://landunits.example/sitemap.xml');
    const sitemap = await get('/sitemap.xml');
    expect(sitemap.headers['content-type']).toMatch(/application\/xml/);
    expect(sitemap.body).toContain('<loc>https://landunits.example/</loc>');
    expect(sitemap.body).toContain('<loc>https://landunits.example/fees</loc>');
    expect(sitemap.body).not.toMatch(/dashboard|account|subscribe|logout|user-manual|:slug/);
  });

  it('still answers unknown /api paths with JSON', async () => {
    const res = await get('/api/nope');
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
  });
});
