import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEFAULT_MONEY_SETTINGS, FAQ_ENTRIES, type MoneySettings } from '@landunits/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app';
import { eq } from 'drizzle-orm';
import { newsCategories, users } from '../../schema';
import { PASSWORD } from '../../test/accounts';
import { updateMoneySettings } from '../pricing';
import { createAdmin } from '../users';
import { jsonForScript } from './ssr';

/**
 * The server render of public pages, with a stand-in for the web app's server build: it records
 * what it was asked and draws the data it was given, so these tests see exactly what the site
 * module passes to the real renderer (whose own output is tested in the web app).
 */
const FAKE_RENDERER = `
const calls = (globalThis.__renderCalls ??= []);
export function ssrQueries(routePath, params, search) {
  if (routePath === '/fees') return [{ queryKey: ['site', 'prices'], path: '/order/get_price' }];
  if (routePath === '/news/category/:slug') return [{ queryKey: ['site', 'news', params.slug], path: '/site/news', query: { category: params.slug } }];
  if (routePath === '/faq') return [{ queryKey: ['refused'], path: '/site/news', query: { page: '0' } }];
  return [];
}
export function siteQueryUrl(q) {
  const qs = q.query ? '?' + new URLSearchParams(q.query).toString() : '';
  return '/api' + q.path + qs;
}
export async function renderPage(input) {
  calls.push(input.url + (input.signedInHint ? ' (signed-in hint)' : ''));
  if (input.url.startsWith('/about-us')) throw new Error('render failed');
  const first = input.data[0];
  return {
    html: '<h1>Rendered ' + input.url + '</h1><p>' + (first ? JSON.stringify(first.data).slice(0, 200).replace(/</g, '&lt;') : 'no data') + '</p>',
    state: JSON.stringify({ queries: input.data, note: '</script><script>alert(1)</script>' }),
  };
}
`;

let root: string;
let ctx: TestContext;
const calls = () => (globalThis as unknown as { __renderCalls: string[] }).__renderCalls;

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'lu-ssr-'));
  const dist = path.join(root, 'dist');
  mkdirSync(dist);
  mkdirSync(path.join(root, 'dist-server'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html lang="en"><head><meta charset="UTF-8"><!--app-head--></head><body><div id="root"></div></body></html>');
  writeFileSync(path.join(root, 'dist-server', 'entry-server.js'), FAKE_RENDERER);
  ctx = await createTestApp({ WEB_DIST_DIR: dist, PUBLIC_URL: 'https://landunits.example' });
});
afterAll(async () => {
  await ctx.close();
  rmSync(root, { recursive: true, force: true });
});
beforeEach(() => {
  calls().length = 0;
});

const get = (url: string) => ctx.app.inject({ method: 'GET', url });

describe('server-rendered public pages', () => {
  it('renders a public page with the answers of its API paths and hands the browser the same state', async () => {
    const res = await get('/fees');
    expect(res.statusCode).toBe(200);
    const prices = (await get('/api/order/get_price')).json<{ priceDate: string }>();
    expect(res.body).toContain('<div id="root"><h1>Rendered /fees</h1>');
    expect(res.body).toContain(prices.priceDate);
    const state = /<script type="application\/json" id="ssr-state">(.*?)<\/script>/s.exec(res.body)?.[1];
    expect(state).toBeDefined();
    const parsed = JSON.parse(state!) as { queries: { queryKey: unknown[]; data: { priceDate: string } }[]; note: string };
    expect(parsed.queries[0]?.queryKey).toEqual(['site', 'prices']);
    expect(parsed.queries[0]?.data.priceDate).toBe(prices.priceDate);
    // The state cannot end its script element early.
    expect(parsed.note).toBe('</script><script>alert(1)</script>');
    expect(state).not.toContain('</script>');
  });

  it('keeps a rendered page for a while instead of rendering it on every request', async () => {
    await get('/references');
    await get('/references');
    await get('/references?page=2');
    await get('/references?page=2');
    expect(calls()).toEqual(['/references', '/references?page=2']);
  });

  it('renders a kept page again once the settings change in this process (a fee applies at once)', async () => {
    await createAdmin(ctx.database.db, { email: 'ssr.settings@example.com', password: PASSWORD, role: 'FINANCE' });
    const [admin] = await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.email, 'ssr.settings@example.com'));
    const changed = structuredClone(DEFAULT_MONEY_SETTINGS) as MoneySettings;
    changed.externalFees.Card_Stripe.fixedPercentageFees = 111;
    await updateMoneySettings(ctx.database.db, changed, admin!.id);
    expect((await get('/fees')).body).toContain('"Card_Stripe":{"fixedPercentageFees":111');
    await get('/fees');
    expect(calls()).toEqual(['/fees']);
    changed.externalFees.Card_Stripe.fixedPercentageFees = 222;
    await updateMoneySettings(ctx.database.db, changed, admin!.id);
    const fresh = await get('/fees');
    expect(calls()).toEqual(['/fees', '/fees']);
    expect(fresh.body).toContain('"Card_Stripe":{"fixedPercentageFees":222');
    await updateMoneySettings(ctx.database.db, DEFAULT_MONEY_SETTINGS, admin!.id);
  });

  it('renders a visitor holding the signed-in hint cookie a variant of its own, kept apart', async () => {
    const hinted = { cookie: 'lu_signed_in=1' };
    const first = await ctx.app.inject({ method: 'GET', url: '/statistics', headers: hinted });
    await ctx.app.inject({ method: 'GET', url: '/statistics', headers: hinted });
    await get('/statistics');
    await get('/statistics');
    expect(calls()).toEqual(['/statistics (signed-in hint)', '/statistics']);
    expect(first.headers.vary).toMatch(/\bCookie\b/);
  });

  it('renders pages with other queries for their request only (a token or campaign never stays in memory)', async () => {
    await get('/subscribe/confirm?token=secret-1');
    await get('/subscribe/confirm?token=secret-1');
    await get('/landing?utm_source=mail');
    await get('/landing?utm_source=mail');
    expect(calls()).toEqual(['/subscribe/confirm?token=secret-1', '/subscribe/confirm?token=secret-1', '/landing?utm_source=mail', '/landing?utm_source=mail']);
  });

  it('leaves signed-in, guest and admin pages to the browser', async () => {
    for (const url of ['/dashboard', '/login', '/admin', '/dashboard/What-are-Land-Units']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<div id="root"></div>');
      expect(res.body, url).not.toContain('ssr-state');
    }
    expect(calls()).toEqual([]);
  });

  it('answers 404 when the page data does not exist (an unknown news category)', async () => {
    const res = await get('/news/category/no-such-category');
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('Rendered /news/category/no-such-category');
  });

  it('sends the plain shell when rendering fails, so the page renders in the browser', async () => {
    const res = await get('/about-us');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
    expect(calls()).toEqual(['/about-us']);
  });

  it('renders a page whose data path fails without that data', async () => {
    const res = await get('/faq');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<h1>Rendered /faq</h1><p>no data</p>');
  });
});

describe('structured data and sitemap', () => {
  const jsonLd = (html: string) => {
    const raw = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)?.[1];
    return raw ? (JSON.parse(raw) as Record<string, unknown>) : null;
  };

  it('describes the organisation on the home page', async () => {
    const data = jsonLd((await get('/')).body);
    expect(data).toMatchObject({ '@type': 'Organization', name: 'Land Units', url: 'https://landunits.example/' });
  });

  it('lists the FAQ page questions and answers, the same entries the page shows', async () => {
    const data = jsonLd((await get('/faq')).body) as { '@type': string; mainEntity: { name: string; acceptedAnswer: { text: string } }[] };
    expect(data['@type']).toBe('FAQPage');
    expect(data.mainEntity).toHaveLength(FAQ_ENTRIES.length);
    expect(data.mainEntity.map((q) => q.name)).toEqual(FAQ_ENTRIES.map((e) => e.question));
    expect(data.mainEntity[0]?.acceptedAnswer.text).toBe(FAQ_ENTRIES[0]?.answer.join('\n\n'));
  });

  it('has no structured data on other pages', async () => {
    expect(jsonLd((await get('/fees')).body)).toBeNull();
  });

  it('lists news category pages in the sitemap', async () => {
    await ctx.database.db.insert(newsCategories).values({ name: 'Land & Water', slug: 'land-and-water', position: 1 });
    const res = await get('/sitemap.xml');
    expect(res.body).toContain('<loc>https://landunits.example/news/category/land-and-water</loc>');
    expect(res.body).toContain('<loc>https://landunits.example/faq</loc>');
  });
});

describe('jsonForScript', () => {
  it('escapes what could end a script element or break JavaScript parsing', () => {
    const json = JSON.stringify({ a: '</script><!-- \u2028\u2029' });
    const escaped = jsonForScript(json);
    expect(escaped).not.toMatch(/[<>\u2028\u2029]/);
    expect(JSON.parse(escaped)).toEqual({ a: '</script><!-- \u2028\u2029' });
  });
});
