import { SECURITY_MESSAGES } from '@landunits/domain';
import type { Page } from '@playwright/test';
import { acceptCookies, expect, expectAccessible, test } from './fixtures';
import { journeyTest, PASSWORD, registerThroughApi, screenshots, uniqueEmail } from './journeys';

/**
 * Passkeys in Chromium with a virtual authenticator (Chrome DevTools Protocol): added from the
 * security page, then signing in with the passkey alone and as the second step after the password.
 * WebAuthn needs a host name, not an IP address: the browser tests run on localhost.
 */

/** A platform authenticator that holds discoverable credentials and verifies the person at once. */
async function addVirtualAuthenticator(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
}

async function signOut(page: Page): Promise<void> {
  await page.goto('/logout');
  await expect(page.getByRole('link', { name: 'Log in' }).first()).toBeVisible();
}

journeyTest('a person adds a passkey, signs in with it alone, then uses it after the password', async ({ page }) => {
  journeyTest.setTimeout(120_000);
  const email = uniqueEmail('pia');
  await acceptCookies(page);
  await registerThroughApi(page.request, { email, firstName: 'Pia', lastName: 'Keys' });
  await addVirtualAuthenticator(page);

  await test.step('1. adds a passkey with a name and the password, and sees ten recovery codes once', async () => {
    await page.goto('/dashboard/settings/security');
    const section = page.getByRole('region', { name: 'Passkeys' });
    await section.getByRole('button', { name: 'Add a passkey' }).click();
    const form = page.getByRole('form', { name: 'Add a passkey' });
    await form.getByLabel('Passkey name').fill('Test laptop');
    await form.getByLabel('Current password', { exact: true }).fill(PASSWORD);
    await screenshots(page, 'passkey-add', form);
    await form.getByRole('button', { name: 'Add passkey' }).click();
    await expect(page.getByText(SECURITY_MESSAGES.passkeyAdded)).toBeVisible();
    await expect(page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
    await page.getByRole('button', { name: 'Done' }).click();
    const item = page.getByRole('list', { name: 'Your passkeys' }).getByRole('listitem');
    await expect(item).toHaveCount(1);
    await expect(item).toContainText('Test laptop');
    await expect(item).toContainText('Not used yet');
    await expectAccessible(page);
    await screenshots(page, 'passkey-list', page.getByRole('region', { name: 'Passkeys' }));
  });

  await test.step('2. signs in with the passkey alone', async () => {
    await signOut(page);
    await page.goto('/login');
    await screenshots(page, 'passkey-login', page.getByRole('button', { name: 'Sign in with a passkey' }));
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expect(page).toHaveURL(/\/dashboard(\/settings)?$/);
    await page.goto('/dashboard/settings/security');
    await expect(page.getByRole('list', { name: 'Your passkeys' })).toContainText('Last used');
    await expect(page.getByRole('list', { name: 'Sessions' }).getByRole('listitem').first()).toContainText('Passkey');
  });

  await test.step('3. after the password, the second step asks for the passkey', async () => {
    await signOut(page);
    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByRole('heading', { name: 'Confirm it’s you' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Use a recovery code instead' })).toBeVisible();
    await expectAccessible(page);
    await screenshots(page, 'passkey-second-step', page.getByRole('button', { name: 'Use passkey' }));
    await page.getByRole('button', { name: 'Use passkey' }).click();
    await expect(page).toHaveURL(/\/dashboard(\/settings)?$/);
  });
});
