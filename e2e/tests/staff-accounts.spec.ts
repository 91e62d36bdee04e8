import { acceptCookies, expect, expectAccessible } from './fixtures';
import { adminCredentials, journeyTest, logIn, screenshots } from './journeys';

/**
 * Staff accounts hold no Units (decision 0037), in Chromium against the real server: the FINANCE
 * admin signed in is not offered buying on the dashboard or in its menu, and the buy, sell and
 * transfer page tells them why instead of showing its forms. Screenshots at 1440 and 360 px.
 */

journeyTest('a staff account is told it holds no Units and is offered no way to buy, sell or transfer', async ({ page }) => {
  const { email, password } = adminCredentials('FINANCE');
  await logIn(page, email, password);
  await acceptCookies(page);

  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: 'Staff accounts hold no Units' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Shortcuts' }).getByRole('link', { name: /Buy Units/ })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Buy, sell, transfer' })).toHaveCount(0);

  await page.goto('/dashboard/transaction?tab=buy');
  const heading = page.getByRole('heading', { level: 1, name: 'Staff accounts hold no Units' });
  await expect(heading).toBeVisible();
  await expect(page.getByText('Staff accounts do not buy, sell or transfer Units. Please use a separate personal account.')).toBeVisible();
  await expect(page.getByRole('spinbutton')).toHaveCount(0);
  await expectAccessible(page);
  await screenshots(page, 'staff-no-units', heading);
  await page.getByRole('link', { name: 'Go to the administration' }).click();
  await expect(page).toHaveURL(/\/admin$/);
});
