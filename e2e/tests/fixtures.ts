import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import { CONSENT_STORAGE_KEY } from '@landunits/domain';

const octet = () => Math.floor(Math.random() * 250) + 1;

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
    await use({ 'x-forwarded-for': `10.${octet()}.${octet()}.${octet()}` });
  },
});
export { expect };

/** Marks cookie consent as given before the page loads, for tests not about the banner. */
export async function acceptCookies(page: Page): Promise<void> {
  await page.addInitScript((key) => window.localStorage.setItem(key, 'true'), CONSENT_STORAGE_KEY);
}

/** axe in Chromium: no serious or critical violation. */
export async function expectAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}
