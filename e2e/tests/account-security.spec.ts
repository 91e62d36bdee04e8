import { SECURITY_MESSAGES } from '@landunits/domain';
import type { Page } from '@playwright/test';
import { sendFreshCode } from './authenticator';
import { acceptCookies, expect, expectAccessible, test, waitForMail } from './fixtures';
import { journeyTest, PASSWORD, registerThroughApi, screenshots, uniqueEmail } from './journeys';

/**
 * Account security through the real pages: setting up an authenticator app from its key, the
 * recovery codes shown once, signing in with a code and with a recovery code, and signing another
 * browser out from the sessions list.
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
    key = ((await page.locator('.security-secret__value').textContent()) ?? '').replace(/\s+/g, '');
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
