import { ACTIVATION_NOTICE, AUTH_ANSWERS, MESSAGES } from '@landunits/domain';
import type { Page } from '@playwright/test';
import { acceptCookies, expect, expectAccessible, followLink, openMail, test, waitForMail, devMailList } from './fixtures';
import { logIn, registerThroughApi, setNewPassword } from './journeys';

const PASSWORD = 'garden42';
const uniqueEmail = (who: string) => `${who}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;

async function fillRegistration(page: Page, values: Record<string, string>): Promise<void> {
  for (const [label, value] of Object.entries(values)) await page.getByLabel(label, { exact: true }).fill(value);
}

test.beforeEach(async ({ page }) => {
  await acceptCookies(page);
});

test('an individual registers, confirms by email, logs out and logs in again', async ({ page }) => {
  const email = uniqueEmail('ada');
  await page.goto('/register');
  await expectAccessible(page);
  await fillRegistration(page, { Email: email, 'First name': 'Ada', 'Last name (optional)': 'Lovelace', Password: PASSWORD, 'Confirm password': PASSWORD });
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText(AUTH_ANSWERS.registered)).toBeVisible();
  await expect(page.getByText(`We have sent a verification email to ${email}.`)).toBeVisible();
  await expect(page.getByText(ACTIVATION_NOTICE)).toBeVisible();

  await openMail(page, email, 'Activate your Land Units account');
  await followLink(page, '/account/confirm');

  // Signed in on the first-login page, which welcomes the new account, with the signed-in header.
  await expect(page).toHaveURL(/\/dashboard\/settings$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your account is active' })).toBeVisible();
  await expect(page.getByText('Welcome back')).toHaveCount(0);
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Logout' })).toBeVisible();

  await header.getByRole('link', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(header.getByRole('link', { name: 'Log in' })).toBeVisible();
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login\?next=%2Fdashboard$/);

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
});

test('after logging out, nothing asks for the person’s data again, however long the page stays open', async ({ page, request }) => {
  const email = uniqueEmail('grace');
  await registerThroughApi(request, { email, firstName: 'Grace', lastName: 'Hopper' });
  // The page's timers run on a clock the test can move on: the bell and the chat count ask every minute.
  await page.clock.install();
  await logIn(page, email, PASSWORD);
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: /^Notifications/ })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Help' })).toBeVisible();

  const refused: string[] = [];
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (response.status() === 401 && pathname.startsWith('/api/')) refused.push(pathname);
  });
  // Signed in, a minute on asks the bell's count again (the clock drives the polling).
  const asked = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/notifications/unread-count' && response.status() === 200);
  await page.clock.fastForward('01:05');
  await asked;

  await header.getByRole('link', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(header.getByRole('link', { name: 'Log in' })).toBeVisible();

  await page.clock.fastForward('05:00');
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await page.waitForLoadState('networkidle');
  expect(refused).toEqual([]);
});

test('signed out elsewhere, the page turns signed out at its next question and stops asking', async ({ page, request }) => {
  const email = uniqueEmail('alan');
  await registerThroughApi(request, { email, firstName: 'Alan', lastName: 'Turing' });
  await page.clock.install();
  await logIn(page, email, PASSWORD);
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: /^Notifications/ })).toBeVisible();

  const refused: string[] = [];
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (response.status() === 401 && pathname.startsWith('/api/')) refused.push(pathname);
  });
  // Another tab of the same browser signs out.
  expect((await page.request.post('/api/auth/logout')).ok()).toBe(true);

  // The next minute's questions are refused, each once (and the session read that follows); the page then shows it is signed out.
  await page.clock.fastForward('01:05');
  await expect(page).toHaveURL(/\/login\?next=%2Fdashboard$/);
  await expect(header.getByRole('link', { name: 'Log in' })).toBeVisible();
  const refusedOnce = refused.length;
  expect(refusedOnce).toBeGreaterThan(0);
  expect(new Set(refused).size).toBe(refusedOnce);

  await page.clock.fastForward('05:00');
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await page.waitForLoadState('networkidle');
  expect(refused.length).toBe(refusedOnce);
});

test('the registration form shows the SPEC messages and a wrong login is refused in red', async ({ page }) => {
  await page.goto('/register');
  await page.getByRole('button', { name: 'Register' }).click();
  for (const message of [MESSAGES.emailRequired, MESSAGES.firstNameRequired, MESSAGES.passwordRequired, MESSAGES.confirmRequired]) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  await fillRegistration(page, { Email: 'a@b', 'First name': 'A', Password: 'abcdefg', 'Confirm password': 'abcdefh' });
  await page.getByRole('button', { name: 'Register' }).click();
  for (const message of [MESSAGES.emailMin, MESSAGES.firstNameMin, MESSAGES.passwordNumber, MESSAGES.passwordsMatch]) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  await expectAccessible(page);

  await page.goto('/login');
  await page.getByLabel('Email').fill(uniqueEmail('nobody'));
  await page.getByLabel('Password', { exact: true }).fill('wrongpass1');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert').filter({ hasText: AUTH_ANSWERS.invalidLogin })).toBeVisible();
});

test('Resend sends a new link that replaces the old; Reset Registration starts over', async ({ page }) => {
  const email = uniqueEmail('resend');
  await page.goto('/register');
  await fillRegistration(page, { Email: email, 'First name': 'Bea', Password: PASSWORD, 'Confirm password': PASSWORD });
  await page.getByRole('button', { name: 'Register' }).click();
  await page.getByRole('button', { name: 'Resend' }).click();
  await expect(page.getByText(AUTH_ANSWERS.confirmationSent)).toBeVisible();
  await waitForMail(email, 'Your new Land Units activation link');

  await page.getByRole('button', { name: 'Reset Registration' }).click();
  await expect(page.getByText(AUTH_ANSWERS.registrationCancelled)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Register' })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue('');

  // The reset registration's links no longer work.
  await openMail(page, email, 'Your new Land Units activation link');
  await followLink(page, '/account/confirm');
  await expect(page.getByText(MESSAGES.tokenInvalid)).toBeVisible();
});

test('a business registers with its name and lands signed in as a business', async ({ page }) => {
  const email = uniqueEmail('acme');
  await page.goto('/business-register');
  await expect(page.getByRole('heading', { level: 1, name: 'Access Your Account Now' })).toBeVisible();
  await page.getByRole('button', { name: 'Join Us' }).click();
  await expect(page.getByText(MESSAGES.businessNameRequired, { exact: true })).toBeVisible();
  await fillRegistration(page, {
    'Business or government name': 'Acme Forestry Ltd',
    Email: email,
    'First name': 'Cyd',
    Password: PASSWORD,
    'Confirm password': PASSWORD,
  });
  await page.getByRole('button', { name: 'Join Us' }).click();
  await expect(page.getByText(`We have sent a verification email to ${email}.`)).toBeVisible();

  await openMail(page, email, 'Activate your Land Units account');
  await followLink(page, '/account/confirm');
  await expect(page).toHaveURL(/\/dashboard\/settings$/);
  const bundle = await (await page.request.get('/api/user')).json();
  expect(bundle.user).toMatchObject({ email, userType: 'BUSINESS', businessName: 'Acme Forestry Ltd' });
});

test('forgot password: the emailed link sets a new password that then signs in', async ({ page, request }) => {
  const email = uniqueEmail('forgot');
  await request.post('/api/user/register', { data: { email, firstName: 'Dee', password: PASSWORD, userType: 'USER' } });
  await waitForMail(email, 'Activate your Land Units account');
  const { messages } = (await devMailList()) as { messages: { to: string; text: string }[] };
  const token = /token=([A-Za-z0-9_-]{43})/.exec(messages.find((m) => m.to === email)!.text)![1];
  expect((await request.post('/api/auth/confirmation', { data: { token } })).ok()).toBe(true);
  await request.post('/api/auth/logout');

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/login-forgot$/);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send the reset link' }).click();
  await expect(page.getByText(AUTH_ANSWERS.forgotSent)).toBeVisible();

  await openMail(page, email, 'Reset your Land Units password');
  await followLink(page, '/login/reset');
  await setNewPassword(page, 'newgarden7');
  await logIn(page, email, 'newgarden7');

  // The reset starts the 48-hour cooling-off (decision 0049): the Transfer tab says why and until when.
  await page.goto('/dashboard/transaction?tab=transfer');
  await expect(page.getByRole('status').filter({ hasText: 'because your password was reset' })).toHaveText(
    /^Sales and transfers are paused until \d{2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} UTC because your password was reset\. This protects your Units if someone else made the change\.$/,
  );
});
