import { SECURITY_MESSAGES } from '@landunits/domain';
import type { Page } from '@playwright/test';
import { sendFreshCode } from './authenticator';
import { acceptCookies, expect, expectAccessible, followLink, openMail, test, waitForMail } from './fixtures';
import { journeyTest, logIn, PASSWORD, registerThroughApi, screenshots, setNewPassword, uniqueEmail } from './journeys';

/**
 * Account security through the real pages: setting up an authenticator app from its key, the
 * recovery codes shown once, signing in with a code and with a recovery code, signing another
 * browser out from the sessions list, and "This was not me" from a new-device email.
 */

/** The password step of /login; the second step follows. */
async function passwordStep(page: Page, email: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { name: 'Confirm it’s you' })).toBeVisible();
}

async function signInWithCode(page: Page, email: string, key: string): Promise<void> {
  await passwordStep(page, email);
  await sendFreshCode(email, key, async (code) => {
    await page.getByLabel('Authenticator code').fill(code);
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });
}

journeyTest('a person sets up an authenticator app, signs in with it and with a recovery code, and signs another browser out', async ({ page, newPerson }) => {
  journeyTest.setTimeout(180_000);
  const email = uniqueEmail('sasha');
  await acceptCookies(page);
  await registerThroughApi(page.request, { email, firstName: 'Sasha', lastName: 'Reed' });
  let key = '';
  let recoveryCodes: string[] = [];

  await test.step('1. sets up the app from its key and sees ten recovery codes once', async () => {
    await page.goto('/dashboard/settings/security');
    await expect(page.getByRole('heading', { level: 1, name: 'Security' })).toBeVisible();
    await screenshots(page, 'security-off', page.getByRole('list', { name: 'Sessions' }));
    await page.getByRole('button', { name: /Set up/ }).click();
    await expect(page.getByRole('img', { name: 'QR code to scan with your authenticator app' })).toBeVisible();
    key = ((await page.getByRole('listitem').filter({ hasText: 'Cannot scan it?' }).locator('code').textContent()) ?? '').replace(/\s+/g, '');
    expect(key).toMatch(/^[A-Z2-7]{32}$/);
    await screenshots(page, 'security-set-up', page.getByRole('img', { name: 'QR code to scan with your authenticator app' }));
    await expectAccessible(page);
    const form = page.getByRole('form', { name: 'Confirm your authenticator app' });
    const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await sendFreshCode(email, key, async (code) => {
      await form.getByLabel('Code from the app').fill(code);
      await form.getByLabel('Current password', { exact: true }).fill(PASSWORD);
      await form.getByRole('button', { name: 'Confirm' }).click();
      await expect(codes).toHaveCount(10);
    });
    recoveryCodes = (await codes.allTextContents()).map((c) => c.trim());
    await screenshots(page, 'security-recovery-codes', page.getByRole('list', { name: 'Recovery codes' }));
    await page.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByRole('list', { name: 'Recovery codes' })).toHaveCount(0);
    await waitForMail(email, 'Your authenticator app is set up');
  });

  await test.step('2. signs in elsewhere with a code from the app', async () => {
    const other = await newPerson();
    await signInWithCode(other.page, email, key);
    await page.goto('/dashboard/settings/security');
    await expect(page.getByRole('list', { name: 'Sessions' }).getByRole('listitem')).toHaveCount(2);
    await screenshots(page, 'security-sessions', page.getByRole('list', { name: 'Sessions' }));

    await test.step('3. signs that browser out from the sessions list', async () => {
      const others = page.getByRole('list', { name: 'Sessions' }).getByRole('listitem').filter({ hasNotText: 'This device' });
      await others.getByRole('button', { name: /^Sign out/ }).click();
      await expect(page.getByRole('list', { name: 'Sessions' }).getByRole('listitem')).toHaveCount(1);
      expect((await other.page.request.get('/api/user')).status()).toBe(401);
    });
  });

  await test.step('4. signs in with a recovery code instead, which then no longer works', async () => {
    const other = await newPerson();
    await passwordStep(other.page, email);
    await other.page.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await other.page.getByLabel('Recovery code').fill(recoveryCodes[0]!);
    await other.page.getByRole('button', { name: 'Confirm' }).click();
    await expect(other.page).toHaveURL(/\/dashboard$/);
    await waitForMail(email, 'A recovery code was used to sign in');

    const third = await newPerson();
    await passwordStep(third.page, email);
    await third.page.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await third.page.getByLabel('Recovery code').fill(recoveryCodes[0]!);
    await third.page.getByRole('button', { name: 'Confirm' }).click();
    await expect(third.page.getByText(SECURITY_MESSAGES.recoveryCodeWrong).first()).toBeVisible();
    await screenshots(third.page, 'login-recovery-refused', third.page.getByText(SECURITY_MESSAGES.recoveryCodeWrong).first());
  });
});

journeyTest('"This was not me" from a new-device email signs both browsers out and locks money moves until the password is reset', async ({ page, newPerson }) => {
  journeyTest.setTimeout(120_000);
  const email = uniqueEmail('nora');
  await acceptCookies(page);
  await registerThroughApi(page.request, { email, firstName: 'Nora', lastName: 'Quinn' });
  const intruder = (await newPerson()).page;
  await logIn(intruder, email, PASSWORD);

  await test.step('the new-device email’s link asks first, then locks the account', async () => {
    await openMail(page, email, 'New sign-in to your Land Units account');
    await followLink(page, '/account/not-me');
    await expect(page.getByRole('heading', { level: 2, name: 'Was a new sign-in not you?' })).toBeVisible();
    await expectAccessible(page);
    await screenshots(page, 'not-me', page.getByRole('region', { name: 'Was a new sign-in not you?' }));
    await page.getByRole('button', { name: 'Sign out everywhere and lock my account' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Your account is locked' })).toBeFocused();
    await expect(page.getByText(SECURITY_MESSAGES.notMeDone)).toBeVisible();
  });

  await test.step('the other browser is signed out; signed in again, transfers are locked until the reset', async () => {
    await intruder.goto('/dashboard/transaction?tab=transfer');
    await expect(intruder).toHaveURL(/\/login/);
    await logIn(intruder, email, PASSWORD);
    await intruder.goto('/dashboard/transaction?tab=transfer');
    await expect(intruder.getByRole('status').filter({ hasText: 'locked until you reset your password' })).toHaveText(
      'Sales and transfers are locked until you reset your password, because you told us a new sign-in was not you.',
    );
  });

  await test.step('the emailed reset link ends the lock; the reset’s own 48-hour pause follows', async () => {
    await openMail(page, email, 'Your Land Units account is locked until you reset your password');
    await followLink(page, '/login/reset');
    await setNewPassword(page, 'newmeadow8');
    await logIn(page, email, 'newmeadow8');
    await page.goto('/dashboard/transaction?tab=transfer');
    await expect(page.getByRole('status').filter({ hasText: 'are paused until' })).toContainText('because your password was reset.');
  });
});
