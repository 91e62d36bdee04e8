import { SECURITY_MESSAGES } from '@landunits/domain';
import type { Page } from '@playwright/test';
import { acceptCookies, expect, expectAccessible, test } from './fixtures';
import { adminCredentials, figure, journeyTest, PASSWORD, registerThroughApi, screenshots, uniqueEmail } from './journeys';
import { staffLogInThroughApi } from './authenticator';
import { stepUpDialog } from './step-up';
import { verifyAndFund } from './verification-steps';

/**
 * Passkeys in Chromium with a virtual authenticator (Chrome DevTools Protocol): added from the
 * security page, then signing in with the passkey alone and as the second step after the password,
 * and confirming a sale with it (the step-up, decision 0050).
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

journeyTest('a person adds a passkey, signs in with it alone, uses it after the password, and confirms a sale with it', async ({ page, newPerson }) => {
  journeyTest.setTimeout(180_000);
  const email = uniqueEmail('pia');
  await acceptCookies(page);
  await registerThroughApi(page.request, { email, firstName: 'Pia', lastName: 'Keys' });
  // Verified, with 100 GBP Units to sell (set up through the API by the OWNER).
  const owner = await newPerson();
  const { email: ownerEmail, password: ownerPassword } = adminCredentials();
  await staffLogInThroughApi(owner.context, ownerEmail, ownerPassword);
  await verifyAndFund(page.request, owner.context.request, 100);
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

  await test.step('4. a sale asks to confirm it is you, and the passkey does', async () => {
    await page.goto('/dashboard/transaction?tab=sell');
    const form = page.getByRole('form', { name: 'Sell Units' });
    await form.getByLabel('Number of Units').fill('20');
    await form.getByRole('button', { name: 'Review order' }).click();
    const review = page.getByRole('region', { name: 'Review your sale' });
    const payout = (await figure(review, 'Payout').textContent()) ?? '';
    await review.getByRole('button', { name: 'Confirm' }).click();
    const dialog = stepUpDialog(page);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('Please confirm it is you to sell Units.')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Use a recovery code instead' })).toBeVisible();
    await expectAccessible(page);
    await screenshots(page, 'step-up-sale', dialog);
    await dialog.getByRole('button', { name: 'Use passkey' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/dashboard\/sell-units\/success\?orderId=/);
    await expect(page.getByRole('heading', { level: 1, name: 'Sale placed' })).toBeVisible();
    await expect(figure(page.getByRole('region', { name: /^Order / }), 'Payout')).toHaveText(payout);
  });
});
