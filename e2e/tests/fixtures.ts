import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import { CONSENT_STORAGE_KEY, type DevMailMessage } from '@landunits/domain';

const octet = () => Math.floor(Math.random() * 250) + 1;

/** A client address of its own, for the X-Forwarded-For of one test or one browser context. */
export const clientAddress = () => `10.${octet()}.${octet()}.${octet()}`;

/**
 * baseURL comes from global-setup, which started the server on a free port behind one trusted
 * proxy hop (TRUST_PROXY=1): each test gets its own client address, so the per-address rate
 * limits of one test never spill into another.
 */
export const test = base.extend({
  baseURL: async ({}, use) => {
    await use(process.env.E2E_BASE_URL);
  },
  extraHTTPHeaders: async ({}, use) => {
    await use({ 'x-forwarded-for': clientAddress() });
  },
});
export { expect };

/** Marks cookie consent as given before the page loads, for tests not about the banner. */
export async function acceptCookies(page: Page): Promise<void> {
  await page.addInitScript((key) => window.localStorage.setItem(key, 'true'), CONSENT_STORAGE_KEY);
}

/**
 * axe in Chromium: no serious or critical violation, judged on the page at rest. axe reads colours
 * as drawn, so a toast still fading in (opacity below 1) would fail colour contrast: it waits
 * until no finite animation or transition is running (a spinner's endless one does not count).
 *
 * One `axe.run` in the page (legacy mode: the product has no cross-origin frames), reporting the
 * violations alone: a third of the time of the default, which runs each frame apart and puts the
 * results together in a blank page of its own, with every passing node listed (measured on one
 * page: 1.7 to 2.4 s, then 0.6 to 0.7 s; docs/testing.md). Same rules, same violations.
 */
export async function expectAccessible(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity));
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .options({ resultTypes: ['violations'] })
    .setLegacyMode(true)
    .analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

/**
 * The dev mail API answers only this machine's own requests, never one a proxy passed on: the
 * tests read it without the X-Forwarded-For their other requests carry (see `test` above).
 */
export async function devMailList(): Promise<{ messages: DevMailMessage[] }> {
  // Node's fetch: Playwright's request contexts take the test's extra headers.
  const res = await fetch(new URL('/api/dev/mail', process.env.E2E_BASE_URL));
  if (!res.ok) throw new Error(`GET /api/dev/mail answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as { messages: DevMailMessage[] };
}

/** Waits until the job runner has delivered an email with this subject to `to` (GET /api/dev/mail). */
export async function waitForMail(to: string, subject: string): Promise<void> {
  await expect
    .poll(
      async () => {
        const { messages } = await devMailList();
        return messages.some((m) => m.to === to && m.subject === subject);
      },
      { timeout: 15_000 },
    )
    .toBe(true);
}

/** Opens the newest email to `to` in the /dev/mail viewer, once the job runner has delivered it. */
export async function openMail(page: Page, to: string, subject: string): Promise<void> {
  await waitForMail(to, subject);
  // The viewer's own calls go without the test's X-Forwarded-For, as a person's on this machine would.
  await page.route('**/api/dev/mail**', (route) => {
    const headers = { ...route.request().headers() };
    delete headers['x-forwarded-for'];
    return route.continue({ headers });
  });
  await page.goto('/dev/mail');
  const row = page.getByRole('link').filter({ hasText: to }).filter({ hasText: subject }).first();
  await expect(row).toBeVisible({ timeout: 15_000 });
  await row.click();
  await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible();
}

/** Follows the link to `path` in the open email. */
export async function followLink(page: Page, path: string): Promise<void> {
  await page
    .getByRole('link', { name: new RegExp(`${path.replace(/\//g, '\\/')}\\?token=`) })
    .first()
    .click();
}

/**
 * Waits until the job runner has delivered an email to `to` that `matches` accepts (any email to
 * `to` by default) and returns the newest such, as GET /api/dev/mail lists it.
 */
export async function waitForMailTo(to: string, matches: (message: DevMailMessage) => boolean = () => true, timeout = 15_000): Promise<DevMailMessage> {
  let found: DevMailMessage | undefined;
  await expect
    .poll(
      async () => {
        const { messages } = await devMailList();
        found = messages.find((m) => m.to === to && matches(m));
        return Boolean(found);
      },
      { message: `an email to ${to}`, timeout },
    )
    .toBe(true);
  return found!;
}
