import { ROUTES, SITE_API, routeDescription, type NewsCategory, type NewsPage, type RouteDef } from '@landunits/domain';
import { request as playwrightRequest, type APIRequestContext, type Page } from '@playwright/test';
import { pdfLines } from '../../apps/api/src/test/pdf-text';
import { acceptCookies, expect, expectAccessible, test } from './fixtures';
import { adminCredentials, DESKTOP, escapeRegExp, logIn, PHONE, registerThroughApi, uniqueEmail } from './journeys';

/**
 * The public website in the browser against the real server: every public page of the route table
 * (server head, one main heading, axe, and no horizontal scroll on a phone for the pages people
 * land on), the 2025 report, and what search engines and link previews read.
 */

/** Public pages of the route table; the guest pages (/register, /login, …) have their own specs. */
const PUBLIC_ROUTES = ROUTES.filter((r) => r.access === 'public' && !r.devOnly);
const PHONE_PAGES = ['/', '/fees', '/faq', '/news'];
const PDF_MAGIC = '%PDF-';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c] as string);

async function newsCategories(request: APIRequestContext): Promise<NewsCategory[]> {
  const res = await request.get(SITE_API.newsCategories);
  expect(res.status(), SITE_API.newsCategories).toBe(200);
  const categories = (await res.json()) as NewsCategory[];
  expect(categories.length, 'seeded news categories').toBeGreaterThan(0);
  return categories;
}

/** A real certificate's page: a new person downloads their impact certificate and reads its code. */
async function certificatePath(): Promise<string> {
  const person = await playwrightRequest.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    await registerThroughApi(person, { email: uniqueEmail('verify'), firstName: 'Vera', lastName: 'Verify' });
    const res = await person.get('/api/utility/generate-statement?reportType=DirectImpactCertificate');
    expect(res.status(), 'impact certificate').toBe(200);
    const lines = await pdfLines(await res.body());
    const code = lines.map((l) => /^Certificate code (LUIC(-[0-9A-Z]{4}){4})$/.exec(l)?.[1]).find(Boolean);
    expect(code, 'the certificate code').toBeTruthy();
    return `/verify/${code}`;
  } finally {
    await person.dispose();
  }
}

/** The path to visit for a route: a seeded category's page, the newest article's, or a real certificate's. */
async function concretePath(request: APIRequestContext, route: RouteDef): Promise<string> {
  if (!route.path.includes(':')) return route.path;
  if (route.path === '/verify/:code') return certificatePath();
  if (route.path === '/news/article/:id') {
    const news = (await (await request.get(SITE_API.news)).json()) as NewsPage;
    expect(news.items.length, 'seeded news').toBeGreaterThan(0);
    return `/news/article/${news.items[0]!.id}`;
  }
  expect(route.path).toBe('/news/category/:slug');
  return `/news/category/${(await newsCategories(request))[0]!.slug}`;
}

/** Console errors and uncaught exceptions of a page (a failed hydration shows up here). */
function collectProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  return problems;
}

/** The page's head comes from the server: a plain request already has the title and description. */
async function expectServerHead(request: APIRequestContext, route: RouteDef, path: string): Promise<void> {
  const res = await request.get(path, { maxRedirects: 0 });
  expect(res.status(), path).toBe(200);
  expect(res.headers()['content-type'], path).toContain('text/html');
  const html = await res.text();
  expect(html, path).toContain(`<title>${escapeHtml(route.title)}</title>`);
  expect(html, path).toContain(`<meta name="description" content="${escapeHtml(routeDescription(route))}">`);
}

/**
 * In the browser: the route's document title, exactly one visible, non-empty h1, nothing still
 * loading, no serious or critical axe violation, no console error.
 */
async function expectPageInBrowser(page: Page, route: RouteDef, path: string): Promise<void> {
  const problems = collectProblems(page);
  const res = await page.goto(path);
  expect(res?.status(), path).toBe(200);
  await expect(page).toHaveTitle(route.title);
  const h1 = page.locator('h1');
  await expect(h1).toHaveCount(1);
  await expect(h1).toBeVisible();
  await expect(h1).toHaveText(/\S/);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expectAccessible(page);
  expect(problems, `${path}: console errors`).toEqual([]);
}

/** Elements that stick out of the viewport's width (for a readable failure message). */
async function widerThanScreen(page: Page): Promise<{ scrollWidth: number; offenders: string[] }> {
  return page.evaluate(() => {
    const limit = document.documentElement.clientWidth;
    const offenders = Array.from(document.querySelectorAll('body *'))
      .filter((el) => el.getBoundingClientRect().right > limit + 1)
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}.${Array.from(el.classList).join('.')}`);
    return { scrollWidth: document.documentElement.scrollWidth, offenders };
  });
}

test.beforeEach(async ({ page }) => {
  await acceptCookies(page);
});

test.describe('every public page at 1440 px', () => {
  test.use({ viewport: DESKTOP });
  for (const route of PUBLIC_ROUTES) {
    test(`${route.path}: server head, title, one h1, axe`, async ({ page, request }) => {
      const path = await concretePath(request, route);
      await expectServerHead(request, route, path);
      await expectPageInBrowser(page, route, path);
    });
  }
});

test.describe('the landing pages at 360 px', () => {
  test.use({ viewport: PHONE });
  for (const path of PHONE_PAGES) {
    const route = ROUTES.find((r) => r.path === path)!;
    test(`${path}: title, one h1, axe, no horizontal scroll`, async ({ page }) => {
      await expectPageInBrowser(page, route, path);
      const { scrollWidth, offenders } = await widerThanScreen(page);
      expect(scrollWidth, `${path} is wider than 360 px; too wide: ${offenders.join(', ')}`).toBeLessThanOrEqual(PHONE.width);
    });
  }
});

test.describe('the 2025 report', () => {
  for (const path of ['/', '/statistics']) {
    test(`the link on ${path} downloads a PDF`, async ({ page }) => {
      await page.goto(path);
      const link = page.locator(`a[href*="${SITE_API.report2025.split('/').pop()}"]`).first();
      await expect(link).toBeVisible();
      await expect(link).toHaveAccessibleName(/2025/);
      const href = await link.getAttribute('href');
      const res = await page.request.get(new URL(href!, page.url()).href);
      expect(res.status()).toBe(200);
      expect(res.headers()['content-type']).toContain('application/pdf');
      const body = await res.body();
      expect(body.subarray(0, PDF_MAGIC.length).toString('latin1')).toBe(PDF_MAGIC);
      expect(body.length).toBeGreaterThan(1000);
    });
  }
});

test.describe('findability', () => {
  test('sitemap.xml lists every public page, and each news category when it lists one', async ({ request, baseURL }) => {
    const res = await request.get('/sitemap.xml');
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toContain('xml');
    const xml = await res.text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    const listed = PUBLIC_ROUTES.filter((r) => r.robots === 'index, follow' && !r.path.includes(':'));
    expect(listed.length).toBeGreaterThan(10);
    for (const route of listed) expect(locs, route.path).toContain(`${baseURL}${route.path}`);
    for (const loc of locs) expect(loc, 'only indexable pages').not.toMatch(/\/(dashboard|account|subscribe|admin|dev|user-manual)(\/|$)/);
    if (locs.some((loc) => loc.includes('/news/category/'))) {
      for (const category of await newsCategories(request)) expect(locs).toContain(`${baseURL}/news/category/${category.slug}`);
    }
  });

  test('robots.txt allows the site, keeps private paths out and names the sitemap', async ({ request, baseURL }) => {
    const res = await request.get('/robots.txt');
    expect(res.status()).toBe(200);
    const text = await res.text();
    expect(text).toMatch(/^User-agent: \*$/m);
    for (const prefix of ['/dashboard', '/admin', '/api/']) expect(text).toMatch(new RegExp(`^Disallow: ${escapeRegExp(prefix)}$`, 'm'));
    expect(text).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  });

  test('the home page’s og:image is a 1200 × 630 PNG the site serves', async ({ request }) => {
    const html = await (await request.get('/')).text();
    const url = /<meta property="og:image" content="([^"]+)">/.exec(html)?.[1];
    expect(url, 'og:image').toBeTruthy();
    const res = await request.get(url!.replace(/&amp;/g, '&'));
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toBe('image/png');
    const png = await res.body();
    // PNG signature, then the IHDR chunk: width and height as big-endian 32-bit integers.
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
  });

  test('/faq carries FAQPage structured data with the ten questions the page shows', async ({ page, request }) => {
    const html = await (await request.get('/faq')).text();
    const faq = jsonLd(html).find((d) => d['@type'] === 'FAQPage');
    expect(faq, 'a FAQPage JSON-LD script').toBeDefined();
    const questions = faq!.mainEntity as { '@type': string; name: string; acceptedAnswer: { '@type': string; text: string } }[];
    expect(questions).toHaveLength(10);
    for (const q of questions) {
      expect(q['@type']).toBe('Question');
      expect(q.name.trim().length).toBeGreaterThan(5);
      expect(q.acceptedAnswer['@type']).toBe('Answer');
      expect(q.acceptedAnswer.text.trim().length).toBeGreaterThan(10);
    }
    await page.goto('/faq');
    for (const q of questions) await expect(page.getByRole('main')).toContainText(q.name);
  });

  test('the home page carries Organization structured data', async ({ request, baseURL }) => {
    const html = await (await request.get('/')).text();
    const organization = jsonLd(html).find((d) => d['@type'] === 'Organization');
    expect(organization, 'an Organization JSON-LD script').toBeDefined();
    expect(organization!.name).toBe('Land Units');
    expect(String(organization!.url)).toMatch(new RegExp(`^${escapeRegExp(baseURL!)}/?$`));
  });
});

test.describe('public pages for a signed-in visitor', () => {
  test('the header never offers Log in: its links wait for the session, and the page hydrates cleanly', async ({ page }) => {
    await acceptCookies(page);
    const { email, password } = adminCredentials();
    await logIn(page, email, password);
    for (const path of ['/', '/faq', '/news']) {
      // The server draws the header's links hidden (space kept) for a visitor with the sign-in hint:
      // the header's row is busy until the session is known.
      const html = await (await page.request.get(path)).text();
      expect(html, path).toMatch(/<header class="[^"]*"><div class="[^"]*" aria-busy="true">/);
      const problems = collectProblems(page);
      await page.goto(path);
      const nav = page.getByRole('navigation', { name: 'Main' });
      await expect(nav.getByRole('link', { name: 'Dashboard' }), path).toBeVisible();
      await expect(nav.getByRole('link', { name: 'Log in' }), path).toHaveCount(0);
      expect(problems, path).toEqual([]);
      page.removeAllListeners('console');
      page.removeAllListeners('pageerror');
    }
  });
});

/** The JSON-LD objects of a page (each script may hold one object, an array or an @graph). */
function jsonLd(html: string): Record<string, unknown>[] {
  const scripts = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
  return scripts.flatMap((source) => {
    const data = JSON.parse(source) as Record<string, unknown> | Record<string, unknown>[];
    const list = Array.isArray(data) ? data : [data];
    return list.flatMap((d) => (Array.isArray(d['@graph']) ? (d['@graph'] as Record<string, unknown>[]) : [d]));
  });
}
