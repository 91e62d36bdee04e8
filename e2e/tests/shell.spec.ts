import { ACCESSIBILITY_STATEMENT, DISCLAIMER, ROUTES, UTM_COOKIE, routeDescription } from '@landunits/domain';
import type { Page } from '@playwright/test';
import { acceptCookies, expect, expectAccessible, test } from './fixtures';

test.describe('page heads from the route table', () => {
  test('home, fees and dashboard carry their own title, description and robots', async ({ request }) => {
    for (const path of ['/', '/fees', '/dashboard']) {
      const route = ROUTES.find((r) => r.path === path)!;
      const res = await request.get(path, { maxRedirects: 0 });
      expect(res.status(), path).toBe(200);
      const html = await res.text();
      expect(html, path).toContain(`<title>${route.title}</title>`);
      expect(html, path).toContain(`<meta name="description" content="${routeDescription(route)}">`);
      const hidden = path === '/dashboard';
      expect(html.includes('<meta name="robots" content="noindex, nofollow">'), path).toBe(hidden);
      expect(res.headers()['x-robots-tag'], path).toBe(hidden ? 'noindex, nofollow' : undefined);
    }
  });

  test('health answers ok; unknown API paths and pages answer 404', async ({ request }) => {
    expect(await (await request.get('/api/health')).json()).toEqual({ status: 'ok', db: 'ok' });
    const api = await request.get('/api/nope');
    expect(api.status()).toBe(404);
    expect((await api.json()).message).toContain('Not found');
    expect((await request.get('/no-such-page')).status()).toBe(404);
  });
});

test.describe('guards and pages', () => {
  test('a signed-out visit to /dashboard ends on /login and the document title follows', async ({ page }) => {
    await acceptCookies(page);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login\?next=%2Fdashboard$/);
    await expect(page).toHaveTitle(ROUTES.find((r) => r.path === '/login')!.title);
  });

  test('an unknown page shows the designed 404', async ({ page }) => {
    await acceptCookies(page);
    const res = await page.goto('/no-such-page');
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expectAccessible(page);
  });
});

test.describe('header variants', () => {
  const linksOf = async (page: Page) => page.getByRole('banner').getByRole('navigation').getByRole('link').allTextContents();

  test('logged out on / shows Contact, News, Register, Log in', async ({ page }) => {
    await acceptCookies(page);
    await page.goto('/');
    expect((await linksOf(page)).map((t) => t.trim())).toEqual(['Contact', 'News', 'Register', 'Log in']);
    await expectAccessible(page);
  });

  test('logged out on /business shows News, Register to /business-register, Log in', async ({ page }) => {
    await acceptCookies(page);
    await page.goto('/business');
    expect((await linksOf(page)).map((t) => t.trim())).toEqual(['News', 'Register', 'Log in']);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/business-register');
    await expectAccessible(page);
  });

  test('logged out on /rocket1 shows only Log in', async ({ page }) => {
    await acceptCookies(page);
    await page.goto('/rocket1');
    expect((await linksOf(page)).map((t) => t.trim())).toEqual(['Log in']);
    await expectAccessible(page);
  });

  test('the footer has every link, the disclaimer and the accessibility statement', async ({ page }) => {
    await acceptCookies(page);
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    for (const name of ['Register', 'Log in', 'FAQ', 'Team', 'Chat with a sales agent', 'Contact Details', 'About Us', 'Terms & Conditions', 'Privacy Policy']) {
      await expect(footer.getByRole('link', { name, exact: true })).toBeVisible();
    }
    for (const name of ['LinkedIn', 'Facebook', 'Instagram', 'X']) {
      await expect(footer.getByRole('link', { name: `${name} (opens in a new tab)`, exact: true })).toHaveAttribute('rel', 'noopener noreferrer');
    }
    await expect(footer).toContainText(DISCLAIMER);
    await expect(footer).toContainText(ACCESSIBILITY_STATEMENT);
  });
});

test.describe('cookie banner', () => {
  test('shows on the first visit and stays gone after Allow all and a reload', async ({ page }) => {
    await page.goto('/');
    const banner = page.getByTestId('cookie-banner');
    await expect(banner).toBeVisible();
    await expectAccessible(page);
    await banner.getByRole('button', { name: 'Allow all' }).click();
    await expect(banner).toBeHidden();
    expect(await page.evaluate(() => window.localStorage.getItem('cookieConsent'))).toBe('true');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByTestId('cookie-banner')).toBeHidden();
  });

  test('is a modal at 375 px wide whose tabs work from the keyboard', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 760 });
    await page.goto('/');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Customise' }).click();
    const tab = (name: string) => dialog.getByRole('tab', { name });
    // Customise opens the Details tab, where the choices are.
    await expect(tab('Details')).toHaveAttribute('aria-selected', 'true');
    await expect(dialog.getByRole('switch', { name: /Necessary/ })).toBeDisabled();
    await expect(dialog.getByRole('switch', { name: /Statistics/ })).not.toBeChecked();
    await tab('Details').focus();
    await page.keyboard.press('ArrowRight');
    await expect(tab('About')).toBeFocused();
    await expect(tab('About')).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Home');
    await expect(tab('Consent')).toBeFocused();
    await expect(tab('Consent')).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowLeft');
    await expect(tab('About')).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('End');
    await expect(tab('About')).toBeFocused();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Necessary only' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
  });

  test('is a bottom bar on a wide screen', async ({ page }) => {
    await page.goto('/');
    const banner = page.getByTestId('cookie-banner');
    await expect(banner).toBeVisible();
    const box = await banner.boundingBox();
    const viewport = page.viewportSize()!;
    expect(box!.y + box!.height).toBeGreaterThan(viewport.height - 4);
    expect(box!.width).toBeGreaterThan(viewport.width * 0.9);
  });
});

test('UTM parameters of a landing URL are kept in the utm_data cookie for 7 days', async ({ page, context }) => {
  await acceptCookies(page);
  await page.goto('/landing?utm_source=newsletter&utm_medium=email&utm_campaign=spring&other=1');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const cookie = (await context.cookies()).find((c) => c.name === UTM_COOKIE);
  expect(cookie).toBeDefined();
  expect(JSON.parse(decodeURIComponent(cookie!.value))).toEqual({ utm_source: 'newsletter', utm_medium: 'email', utm_campaign: 'spring' });
  const lifetime = cookie!.expires - Date.now() / 1000;
  expect(lifetime).toBeGreaterThan(604_800 - 120);
  expect(lifetime).toBeLessThanOrEqual(604_800 + 5);
});

test('an anonymous visit logs no console error and makes no failing request', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto('/fees');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(problems).toEqual([]);
});
