import { MAX_NAV_DESTINATIONS } from '@landunits/domain';
import { acceptCookies, expect, expectAccessible } from './fixtures';
import { DESKTOP, journeyTest, PHONE, registerThroughApi, logIn, PASSWORD, screenshots, SHOTS_DIR, uniqueEmail } from './journeys';

/**
 * Navigation people can hold in their head (decision 0063): at most seven destinations under the
 * SPEC's four menu groups, each section's pages in a row above the page; the menu is a sidebar from
 * 992 px and a drawer on a phone, both opened and closed by the header's Menu toggle.
 */

const DESTINATIONS = ['Home', 'Buy & sell', 'Activity', 'Documents', 'Help', 'Community', 'Settings'];

journeyTest('seven destinations at most, each section’s pages above it, the same menu as a drawer on a phone', async ({ page, request }) => {
  const email = uniqueEmail('nav');
  await registerThroughApi(request, { email, firstName: 'Nora', lastName: 'Navigate' });
  await acceptCookies(page);
  await logIn(page, email, PASSWORD);
  const menu = page.getByRole('navigation', { name: 'Account' });

  await journeyTest.step('on a desktop, the sidebar holds the destinations under the SPEC groups', async () => {
    await page.setViewportSize(DESKTOP);
    await page.goto('/dashboard');
    const links = menu.getByRole('link');
    await expect(links).toHaveText(DESTINATIONS);
    expect(await links.count()).toBeLessThanOrEqual(MAX_NAV_DESTINATIONS);
    for (const group of ['Transactions', 'Information', 'Governance', 'My Profile']) await expect(menu.getByRole('group', { name: group })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
  });

  await journeyTest.step('a destination opens its first page, and its section lists the SPEC pages', async () => {
    await menu.getByRole('link', { name: 'Settings' }).click();
    await expect(page).toHaveURL(/\/dashboard\/settings$/);
    const section = page.getByRole('navigation', { name: 'Settings pages' });
    await section.getByRole('link', { name: 'Security', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\/settings\/security$/);
    await expect(section.getByRole('link', { name: 'Security', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(menu.getByRole('link', { name: 'Settings' })).toHaveAttribute('aria-current', 'true');
    await expectAccessible(page);
    await screenshots(page, 'navigation-settings', section);
  });

  await journeyTest.step('on a phone, the header’s Menu opens the same destinations in a drawer', async () => {
    await page.setViewportSize(PHONE);
    await page.goto('/dashboard/my-transactions');
    await expect(menu).toHaveCount(0);
    const toggle = page.getByRole('banner').getByRole('button', { name: 'Menu' });
    await toggle.click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer.getByRole('navigation', { name: 'Account' }).getByRole('link')).toHaveText(DESTINATIONS);
    await expect(drawer.getByRole('link', { name: 'Activity' })).toHaveAttribute('aria-current', 'page');
    await expectAccessible(page);
    // The drawer is the phone's menu: from 992 px the sidebar takes its place, so one width only.
    if (!process.env.CI) await page.screenshot({ path: `${SHOTS_DIR}navigation-drawer-360.png` });
    await drawer.getByRole('link', { name: 'Documents' }).click();
    await expect(drawer).toHaveCount(0);
    await expect(page).toHaveURL(/\/dashboard\/statement$/);
    await expect(page.getByRole('navigation', { name: 'Documents pages' }).getByRole('link', { name: 'Invoices' })).toBeVisible();
  });
});
