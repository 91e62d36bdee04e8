import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { AUTH_ANSWERS, STATUS_COLOURS, type StatusColour } from '@landunits/domain';
import type { APIRequestContext, BrowserContext, Locator, Page } from '@playwright/test';
import { acceptCookies, clientAddress, expect, followLink, openMail, test, waitForMail, devMailList } from './fixtures';
import { adminPasswordVariable, DEMO_ADMINS, type DemoAdminRole } from '../global-setup';
import { authenticatorKeyOf, enterAuthenticatorCode, forgetStaffSession, keepStaffSession, reuseStaffSession } from './authenticator';
import { answerStepUps } from './step-up';

/**
 * Helpers shared by the browser journeys (orders.spec.ts, buying.spec.ts): people registered
 * through the real pages, a second browser context per person, screenshots at 1440 and 360 px,
 * the figures lists and status badges of the order pages, and the admin's sign-in.
 */

export const PASSWORD = 'garden42';
export const ACTIVATION_SUBJECT = 'Activate your Land Units account';
export const SHOTS_DIR = fileURLToPath(new URL('../screenshots/', import.meta.url));
export const DESKTOP = { width: 1440, height: 900 };
export const PHONE = { width: 360, height: 780 };

export const uniqueEmail = (who: string) => `${who}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;
export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The value of one row of a figures list (<dt>label</dt><dd>value</dd>). */
export const figure = (scope: Locator | Page, label: string) => scope.locator(`dt:text-is("${label}") + dd`);

const rgb = (hex: string) => {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgb(${n >> 16}, ${(n >> 8) & 255}, ${n & 255})`;
};

/** A status badge with this exact label, in the colours the domain gives that status. */
export async function expectBadge(scope: Locator | Page, label: string, colour: StatusColour): Promise<void> {
  const badge = scope.getByText(label, { exact: true });
  await expect(badge).toBeVisible();
  await expect(badge).toHaveCSS('color', rgb(STATUS_COLOURS[colour].text));
  await expect(badge).toHaveCSS('background-color', rgb(STATUS_COLOURS[colour].background));
}

export interface Person {
  context: BrowserContext;
  page: Page;
}

/** `newPerson()`: another person in the same browser, with their own context, client address and accepted cookies; closed after the test. */
export const journeyTest = test.extend<{ newPerson: () => Promise<Person> }>({
  newPerson: async ({ browser }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async () => {
      const context = await browser.newContext({
        baseURL: process.env.E2E_BASE_URL,
        viewport: DESKTOP,
        extraHTTPHeaders: { 'x-forwarded-for': clientAddress() },
      });
      contexts.push(context);
      const page = await context.newPage();
      await acceptCookies(page);
      return { context, page };
    });
    for (const context of contexts) await context.close();
  },
});

/**
 * Full-page screenshots at 1440 and 360 px, and at 360 px a check that nothing makes the page
 * wider than the screen (a table scrolls inside its own region, which is fine). CI keeps no
 * artifacts: there the page is laid out and checked at both widths, but no PNG is drawn.
 */
export async function screenshots(page: Page, name: string, ready: Locator): Promise<void> {
  mkdirSync(SHOTS_DIR, { recursive: true });
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await expect(ready).toBeVisible();
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    if (!process.env.CI) await page.screenshot({ path: `${SHOTS_DIR}${name}-${size.width}.png`, fullPage: true });
    if (size === PHONE) {
      const wide = await page.evaluate(() => {
        const limit = document.documentElement.clientWidth;
        if (document.documentElement.scrollWidth <= limit) return [];
        return Array.from(document.querySelectorAll('body *'))
          .filter((el) => el.getBoundingClientRect().right > limit + 1 && !el.closest('[role="region"][tabindex="0"]'))
          .slice(0, 5)
          .map((el) => `${el.tagName.toLowerCase()}.${Array.from(el.classList).join('.')}`);
      });
      expect.soft(wide, `${name}: nothing wider than ${size.width} px`).toEqual([]);
    }
  }
  await page.setViewportSize(DESKTOP);
}

/**
 * Signs in through the login page. A demo admin also types a code from their authenticator app;
 * their session is kept by the worker and reused by its next tests while it lasts.
 */
export async function logIn(page: Page, email: string, password: string): Promise<void> {
  const key = authenticatorKeyOf(email);
  await answerStepUps(page, email, password);
  if (key && (await reuseStaffSession(page, email))) {
    await page.goto('/dashboard');
    // The page itself signed in (its header offers Logout); otherwise sign in afresh below.
    if (
      await page
        .getByRole('link', { name: 'Logout' })
        .first()
        .isVisible({ timeout: 5_000 })
        .catch(() => false)
    )
      return;
    await forgetStaffSession(page, email);
  }
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  if (key) await enterAuthenticatorCode(page, email, key);
  await expect(page).toHaveURL(/\/dashboard/);
  if (key) await keepStaffSession(page, email);
}

/**
 * A demo admin's sign-in from global-setup (the OWNER unless a role is named); fails with the way
 * to set it when it is missing.
 */
export function adminCredentials(role: DemoAdminRole = 'OWNER'): { email: string; password: string } {
  const variable = adminPasswordVariable(role);
  const password = process.env[variable];
  expect(password, `${variable} is unset: global-setup reads it from a fresh embedded database; with E2E_BASE_URL or DATABASE_URL, set it yourself`).toBeTruthy();
  const email = role === 'OWNER' ? (process.env.E2E_ADMIN_EMAIL ?? DEMO_ADMINS.OWNER) : DEMO_ADMINS[role];
  return { email, password: password! };
}

/** On /login/reset (opened from the emailed link): sets `password` and waits for the answer. */
export async function setNewPassword(page: Page, password: string): Promise<void> {
  await page.getByLabel('New password', { exact: true }).fill(password);
  await page.getByLabel('Confirm new password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(page.getByText(AUTH_ANSWERS.passwordReset)).toBeVisible();
}

/** The holdings card of one unit type on /dashboard. */
export async function holding(page: Page, unitLabel: string): Promise<Locator> {
  await page.goto('/dashboard');
  const card = page.getByRole('article', { name: unitLabel });
  await expect(card).toBeVisible();
  return card;
}

/**
 * Registers through /register, opens the activation email in /dev/mail and follows its link,
 * which signs the person in on the first-login settings page. Cookies must be accepted first.
 */
export async function registerThroughPages(page: Page, person: { email: string; firstName: string; lastName: string }): Promise<void> {
  await page.goto('/register');
  for (const [label, value] of Object.entries({
    Email: person.email,
    'First name': person.firstName,
    'Last name (optional)': person.lastName,
    Password: PASSWORD,
    'Confirm password': PASSWORD,
  })) {
    await page.getByLabel(label, { exact: true }).fill(value);
  }
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText(AUTH_ANSWERS.registered)).toBeVisible();
  await openMail(page, person.email, ACTIVATION_SUBJECT);
  await followLink(page, '/account/confirm');
  await expect(page).toHaveURL(/\/dashboard\/settings$/);
  await answerStepUps(page, person.email, PASSWORD);
}

/**
 * Registers and confirms through the API, signing the person in within `request`'s context: for
 * the other people of a journey (the account pages have their own tests).
 */
export async function registerThroughApi(request: APIRequestContext, person: { email: string; firstName: string; lastName: string }): Promise<void> {
  const registered = await request.post('/api/user/register', {
    data: { email: person.email, firstName: person.firstName, lastName: person.lastName, password: PASSWORD, userType: 'USER' },
  });
  expect(registered.ok()).toBe(true);
  await waitForMail(person.email, ACTIVATION_SUBJECT);
  const { messages } = (await devMailList()) as { messages: { to: string; text: string }[] };
  const token = /token=([A-Za-z0-9_-]{43})/.exec(messages.find((m) => m.to === person.email)!.text)![1];
  expect((await request.post('/api/auth/confirmation', { data: { token } })).ok()).toBe(true);
}
