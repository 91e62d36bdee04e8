import { mkdirSync } from 'node:fs';
import { AUTH_ANSWERS } from '@landunits/domain';
import type { Locator, Page } from '@playwright/test';
import { acceptCookies, expect, expectAccessible, test } from './fixtures';
import { adminCredentials, journeyTest, logIn, PASSWORD, registerThroughApi, SHOTS_DIR, uniqueEmail } from './journeys';

/**
 * The admin's users section (PRODUCT-DECISIONS §12): SUPPORT finds a person and reads their page
 * masked, then reveals it with a reason; COMPLIANCE disables the account (the person's session
 * ends and they cannot log in), enables it again, and sets a GBP purchase limit. Screenshots of
 * both pages at 1440 and 768 px (and 360 px, to stay readable on a phone).
 */

const WIDE = { width: 1440, height: 900 };
const TABLET = { width: 768, height: 1024 };
const PHONE = { width: 360, height: 780 };

/** Full-page screenshots at 1440, 768 and 360 px; below 1440 nothing but a table's own scroller may be wider than the screen. */
async function shots(page: Page, name: string, ready: Locator): Promise<void> {
  mkdirSync(SHOTS_DIR, { recursive: true });
  // Notifications would hide the page behind them.
  const dismiss = page.getByRole('button', { name: 'Dismiss notification' });
  while ((await dismiss.count()) > 0) await dismiss.first().click();
  for (const size of [WIDE, TABLET, PHONE]) {
    await page.setViewportSize(size);
    await expect(ready).toBeVisible();
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await page.screenshot({ path: `${SHOTS_DIR}${name}-${size.width}.png`, fullPage: true });
    const wide = await page.evaluate(() => {
      const limit = document.documentElement.clientWidth;
      return Array.from(document.querySelectorAll('body *'))
        .filter((el) => el.getBoundingClientRect().right > limit + 1 && !el.closest('[role="region"][tabindex="0"]') && !el.closest('[role="tablist"]'))
        .slice(0, 5)
        .map((el) => `${el.tagName.toLowerCase()}.${Array.from(el.classList).join('.')}`);
    });
    expect.soft(wide, `${name}: nothing wider than ${size.width} px`).toEqual([]);
  }
  await page.setViewportSize(WIDE);
}

async function signInAs(page: Page, role: 'SUPPORT' | 'COMPLIANCE'): Promise<void> {
  const { email, password } = adminCredentials(role);
  await logIn(page, email, password);
}

/** Searches /admin/users for `email` and opens the person's page. */
async function openPerson(admin: Page, email: string, name: string): Promise<Locator> {
  await admin.goto(`/admin/users?q=${encodeURIComponent(email)}`);
  await expect(admin.getByRole('heading', { level: 2, name: 'Users (1)' })).toBeVisible();
  await admin.getByRole('link', { name }).click();
  await expect(admin).toHaveURL(/\/admin\/users\/[0-9a-f-]{36}$/);
  const page = admin.getByRole('article', { name });
  await expect(page).toBeVisible();
  return page;
}

async function withReason(admin: Page, dialogName: string, button: string, reason: string): Promise<void> {
  const dialog = admin.getByRole('dialog', { name: dialogName });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Reason').fill(reason);
  await dialog.getByRole('button', { name: button, exact: true }).click();
  await expect(dialog).toBeHidden();
}

journeyTest('support reads a person masked and reveals; compliance disables, enables and sets a GBP limit', async ({ page: person, newPerson }) => {
  journeyTest.setTimeout(240_000);
  const email = uniqueEmail('mira');
  const name = 'Mira Quince';
  await acceptCookies(person);
  await registerThroughApi(person.request, { email, firstName: 'Mira', lastName: 'Quince' });
  await person.goto('/dashboard');
  await expect(person).toHaveURL(/\/dashboard$/);
  const masked = new RegExp(`^m•+@example\\.com$`);

  const support = (await newPerson()).page;
  await test.step('SUPPORT finds the person, reads the email masked and sees no actions', async () => {
    await signInAs(support, 'SUPPORT');
    await support.goto('/admin/users');
    await expect(support.getByRole('navigation', { name: 'Administration sections' }).getByRole('link', { name: 'Users' })).toBeVisible();
    await support.getByLabel('Email, name, business or order id').fill(email);
    await support.getByRole('button', { name: 'Search' }).click();
    const row = support.getByRole('row').filter({ hasText: name });
    await expect(row).toBeVisible();
    await expect(row.getByText(masked)).toBeVisible();
    await expect(support.getByText(email)).toHaveCount(0);
    await expectAccessible(support);
    await shots(support, 'admin-users-search', support.getByRole('link', { name }));

    const page = await openPerson(support, email, name);
    await expect(page.getByText(/are masked for your role/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Disable account' })).toHaveCount(0);
    await expect(page.getByText(email)).toHaveCount(0);
    await expectAccessible(support);
    await shots(support, 'admin-user-masked', page.getByRole('tablist'));
  });

  await test.step('SUPPORT reads the demo person’s profile, bank details and orders masked', async () => {
    const demo = await openPerson(support, 'demo@landunits.example', 'Dana Demo');
    await demo.getByRole('tab', { name: 'Profile & bank' }).click();
    const bank = support.getByRole('region', { name: /^Bank/ });
    await expect(bank).toContainText('••••5678');
    await expect(bank).not.toContainText('12345678');
    await expect(support.getByRole('region', { name: /^Profile/ })).toContainText('••••••3456');
    await expectAccessible(support);
    await shots(support, 'admin-user-profile-masked', bank);
    await demo.getByRole('tab', { name: 'Orders' }).click();
    const orders = support.getByRole('table', { name: 'Orders placed and received' });
    await expect(orders.getByRole('row').nth(1)).toBeVisible();
    await shots(support, 'admin-user-orders', orders);
    await openPerson(support, email, name);
  });

  await test.step('SUPPORT reveals with a reason: the full address is shown for this view only', async () => {
    await support.getByRole('button', { name: 'Reveal' }).click();
    await withReason(support, 'Reveal personal data?', 'Reveal', 'The caller answered the security questions');
    await expect(support.getByText(/Shown unmasked for this view only/)).toBeVisible();
    await expect(support.getByText(email).first()).toBeVisible();
    await support.getByRole('tab', { name: 'Profile & bank' }).click();
    await expect(support.getByRole('region', { name: /^Profile/ })).toContainText('No profile details saved.');
    await shots(support, 'admin-user-revealed', support.getByRole('region', { name: /^Bank/ }));
    await support.getByRole('tab', { name: 'Audit trail' }).click();
    await expect(support.getByText('Personal data revealed')).toBeVisible();
    await expect(support.getByText('Reason: The caller answered the security questions')).toBeVisible();
    await support.reload();
    await expect(support.getByText(/are masked for your role/)).toBeVisible();
  });

  const compliance = (await newPerson()).page;
  await test.step('COMPLIANCE disables the account: the person is signed out and cannot log in', async () => {
    await signInAs(compliance, 'COMPLIANCE');
    const page = await openPerson(compliance, email, name);
    await expect(page.getByText(email).first()).toBeVisible();
    await expectAccessible(compliance);
    await shots(compliance, 'admin-user', page.getByRole('table', { name: 'Purchase limits per currency' }));
    await page.getByRole('button', { name: 'Disable account' }).click();
    await withReason(compliance, 'Disable this account?', 'Disable account', 'Suspected account takeover');
    await expect(page.locator('header').getByText('Disabled', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Enable account' })).toBeVisible();

    await person.goto('/dashboard');
    await expect(person).toHaveURL(/\/login\?next=%2Fdashboard$/);
    await person.getByLabel('Email').fill(email);
    await person.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await person.getByRole('button', { name: 'Log in' }).click();
    await expect(person.getByRole('alert')).toHaveText(AUTH_ANSWERS.disabled);
    await expect(person.getByRole('button', { name: 'Send the verification email again' })).toHaveCount(0);
  });

  await test.step('COMPLIANCE enables it again: the person logs in', async () => {
    await compliance.getByRole('button', { name: 'Enable account' }).click();
    await withReason(compliance, 'Enable this account again?', 'Enable account', 'Owner confirmed by phone');
    await expect(compliance.getByRole('button', { name: 'Disable account' })).toBeVisible();
    await logIn(person, email, PASSWORD);
  });

  await test.step('COMPLIANCE sets a GBP purchase limit: the table shows it with who set it and why', async () => {
    const limits = compliance.getByRole('table', { name: 'Purchase limits per currency' });
    await limits.getByRole('button', { name: 'Change the GBP limit' }).click();
    const dialog = compliance.getByRole('dialog', { name: 'Purchase limit' });
    await dialog.getByLabel('Limit in GBP').fill('50');
    await dialog.getByLabel('Reason').fill('Asked for a lower limit');
    await dialog.getByRole('button', { name: 'Set the limit' }).click();
    await expect(dialog).toBeHidden();
    await expect(compliance.getByText('The GBP purchase limit is now £50.00.')).toBeVisible();
    const gbp = limits.getByRole('row').filter({ hasText: 'GBP' });
    await expect(gbp).toContainText('£50.00');
    await expect(gbp).toContainText('Asked for a lower limit');
    await compliance.getByRole('tab', { name: 'Audit trail' }).click();
    for (const action of ['Purchase limit changed', 'Account enabled', 'Account disabled', 'Personal data revealed']) {
      await expect(compliance.getByText(action, { exact: true })).toBeVisible();
    }
    await expectAccessible(compliance);
    await shots(compliance, 'admin-user-audit', compliance.getByText('Purchase limit changed', { exact: true }));
  });
});
