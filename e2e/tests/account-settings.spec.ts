import { AUTH_ANSWERS, EMAIL_CATEGORY_LABELS } from '@landunits/domain';
import type { Page } from '@playwright/test';
import { acceptCookies, expect, expectAccessible, followLink, openMail, test } from './fixtures';
import { adminCredentials, journeyTest, logIn, PASSWORD, registerThroughApi, screenshots, uniqueEmail } from './journeys';
import { pngFile } from './verification-steps';

/**
 * The account settings through the real pages: the email change in all its steps up to the
 * admin's approval (which ends the person's sessions), a password change that signs out the
 * person's other browser, and the email subscriptions.
 */

const NEW_PASSWORD = 'Meadow2026';

/** The change email page at the step with this title. */
/**
 * Opens one of /dashboard/settings' account links once the verification overview above them has
 * loaded: until then the links sit higher on the page, and a click could land where one was.
 */
async function openAccountLink(page: Page, name: string): Promise<void> {
  await page.goto('/dashboard/settings');
  await expect(page.getByRole('list', { name: 'Your verifications' })).toBeVisible();
  await page.locator('#main').getByRole('link', { name, exact: true }).click();
}

async function atStep(page: Page, title: string): Promise<void> {
  await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Email change steps' }).locator('[aria-current="step"]')).toContainText(title);
}

/** Logging in with these details fails on /login with the product's message. */
async function loginFails(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText(AUTH_ANSWERS.invalidLogin).first()).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
}

journeyTest('an email change goes through every step and the admin approval; the old address no longer signs in', async ({ page, newPerson }) => {
  journeyTest.setTimeout(300_000);
  const oldEmail = uniqueEmail('eli');
  const newEmail = uniqueEmail('eli.new');
  const admin = (await newPerson()).page;
  await acceptCookies(page);
  await registerThroughApi(page.request, { email: oldEmail, firstName: 'Elias', lastName: 'Moss' });

  await test.step('1. confirms the password', async () => {
    await openAccountLink(page, 'Change email');
    await expect(page).toHaveURL(/\/dashboard\/settings\/change-email$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Change email' })).toBeVisible();
    await atStep(page, 'Confirm your password');
    await expectAccessible(page);
    await screenshots(page, 'change-email-password', page.getByLabel('Current password', { exact: true }));
    await page.getByLabel('Current password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Confirm password' }).click();
  });

  await test.step('2. gives the new address', async () => {
    await atStep(page, 'Enter your new email');
    await page.getByLabel('New email address').fill(newEmail);
    await page.getByRole('button', { name: 'Send the link' }).click();
    await atStep(page, 'Open the link we sent');
    await expect(page.getByText(newEmail, { exact: true })).toBeVisible();
    await expectAccessible(page);
    await screenshots(page, 'change-email-link', page.getByRole('button', { name: 'Resend the link' }));
  });

  await test.step('3. opens the link emailed to the new address', async () => {
    await openMail(page, newEmail, 'Confirm your new Land Units email address');
    await followLink(page, '/account/verify-email-change');
    await expect(page).toHaveURL(/\/account\/verify-email-change\?token=/);
    await expect(page.getByRole('heading', { level: 1, name: 'Confirm your new email address' })).toBeVisible();
    const next = page.getByRole('link', { name: 'Continue your request' });
    await expect(next).toBeVisible();
    await expect(page.getByText(/^Your new email address is confirmed./)).toBeVisible();
    await expectAccessible(page);
    await screenshots(page, 'verify-email-change', next);
    await next.click();
  });

  await test.step('4. uploads an identity document', async () => {
    await expect(page).toHaveURL(/\/dashboard\/settings\/change-email$/);
    await atStep(page, 'Upload a document');
    await expectAccessible(page);
    await screenshots(page, 'change-email-document', page.getByLabel('Identity document'));
    await page.getByLabel('Identity document').setInputFiles(await pngFile('passport.png'));
    await page.getByRole('button', { name: 'Upload the document' }).click();
  });

  await test.step('5. submits the request', async () => {
    await atStep(page, 'Submit your request');
    await expect(page.getByText(newEmail, { exact: true })).toBeVisible();
    await expectAccessible(page);
    await screenshots(page, 'change-email-submit', page.getByRole('button', { name: 'Submit my request' }));
    await page.getByRole('button', { name: 'Submit my request' }).click();
  });

  await test.step('6. waits for approval', async () => {
    await atStep(page, 'Waiting for approval');
    await expect(page.getByRole('button', { name: 'Cancel request' })).toBeVisible();
    await expectAccessible(page);
    await screenshots(page, 'change-email-waiting', page.getByRole('heading', { level: 2, name: 'Waiting for approval' }));
  });

  await test.step('7. the admin approves the change in /admin/email-changes', async () => {
    const { email, password } = adminCredentials();
    await logIn(admin, email, password);
    await admin.goto('/admin/email-changes');
    await expect(admin.getByRole('heading', { level: 2, name: /^Email change requests/ })).toBeVisible();
    const row = admin.getByRole('row').filter({ hasText: newEmail });
    await expect(row).toContainText(oldEmail);
    await expectAccessible(admin);
    await screenshots(admin, 'admin-email-changes', admin.getByRole('heading', { level: 2, name: /^Email change requests/ }));
    await row.getByRole('button', { name: 'Review the request of Elias Moss' }).click();
    const detail = admin.getByRole('region', { name: 'Request details' });
    await expect(detail.locator('dt:text-is("New address") + dd')).toHaveText(newEmail);
    await expect(detail.getByRole('link', { name: /\.png$/ })).toBeVisible();
    await expect(detail.getByRole('listitem').filter({ hasText: newEmail })).toContainText('Waiting for approval');
    await expectAccessible(admin);
    await screenshots(admin, 'admin-email-change-detail', detail.getByRole('button', { name: 'Approve' }));
    await detail.getByRole('button', { name: 'Approve' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Approve this email change?' });
    await expect(dialog).toContainText(newEmail);
    await dialog.getByRole('button', { name: 'Approve the change' }).click();
    await expect(dialog).toBeHidden();
    await expect(admin.getByRole('row').filter({ hasText: newEmail })).toHaveCount(0);
  });

  await test.step('the old session is over; the new address signs in and the old one does not', async () => {
    await page.goto('/dashboard/settings');
    await expect(page).toHaveURL(/\/login/);
    await loginFails(page, oldEmail, PASSWORD);
    await logIn(page, newEmail, PASSWORD);
    const bundle = (await (await page.request.get('/api/user')).json()) as { user: { email: string } };
    expect(bundle.user.email).toBe(newEmail);
  });
});

journeyTest('a password change signs out the other browser, which then signs in with the new password', async ({ page, newPerson }) => {
  journeyTest.setTimeout(120_000);
  const email = uniqueEmail('pia');
  await acceptCookies(page);
  await registerThroughApi(page.request, { email, firstName: 'Pia', lastName: 'Holt' });
  const other = (await newPerson()).page;
  await logIn(other, email, PASSWORD);

  await test.step('changes the password in the first browser', async () => {
    await openAccountLink(page, 'Change password');
    await expect(page).toHaveURL(/\/dashboard\/settings\/change-password$/);
    const form = page.getByRole('form', { name: 'Change password' });
    await expectAccessible(page);
    await screenshots(page, 'change-password', form);
    await form.getByLabel('Current password', { exact: true }).fill(PASSWORD);
    await form.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await form.getByLabel('Confirm new password', { exact: true }).fill(NEW_PASSWORD);
    await form.getByRole('button', { name: 'Change password', exact: true }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Password changed' })).toBeVisible();
    await expectAccessible(page);
    await screenshots(page, 'change-password-done', page.getByRole('heading', { level: 2, name: 'Password changed' }));
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  await test.step('the other browser is signed out on its next page and signs in with the new password', async () => {
    await other.goto('/dashboard/transaction');
    await expect(other).toHaveURL(/\/login/);
    await loginFails(other, email, PASSWORD);
    await logIn(other, email, NEW_PASSWORD);
  });
});

test('the email subscriptions are saved, and a broken unsubscribe link says so', async ({ page }) => {
  const email = uniqueEmail('sol');
  await acceptCookies(page);
  await registerThroughApi(page.request, { email, firstName: 'Solene', lastName: 'Park' });

  await openAccountLink(page, 'Email subscriptions');
  await expect(page).toHaveURL(/\/dashboard\/settings\/subscriptions$/);
  const form = page.getByRole('form', { name: 'Email subscriptions' });
  const newsletter = form.getByRole('switch', { name: EMAIL_CATEGORY_LABELS.newsletter.label });
  await expect(newsletter).toBeVisible();
  const was = await newsletter.isChecked();
  await expectAccessible(page);
  await screenshots(page, 'subscriptions', form);
  await newsletter.setChecked(!was);
  await form.getByRole('button', { name: 'Save preferences' }).click();
  await expect(form.getByRole('status')).not.toBeEmpty();
  await page.reload();
  await expect(page.getByRole('form', { name: 'Email subscriptions' }).getByRole('switch', { name: EMAIL_CATEGORY_LABELS.newsletter.label })).toBeChecked({ checked: !was });

  await page.goto('/unsubscribe?token=not-a-real-token');
  await expect(page.getByRole('heading', { level: 2, name: 'This link does not work' })).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'unsubscribe-invalid', page.getByRole('heading', { level: 2, name: 'This link does not work' }));
});
