import { NOTIFICATION_MESSAGES } from '@landunits/domain';
import { acceptCookies, expect, expectAccessible } from './fixtures';
import { adminCredentials, journeyTest as test, logIn, registerThroughPages, screenshots, uniqueEmail } from './journeys';

/**
 * Notifications people control (decision 0030) through the real pages: the team answers a
 * person's idea, the bell counts it, the centre lists it (opening it marks it read and goes to its
 * page); the person turns community off in-app and the next answer is emailed but not in the
 * centre. Axe on both pages; screenshots at 1440 and 360 px.
 */

test('an answer shows on the bell and in the centre; turned off in-app, the next one does not', async ({ page, newPerson }) => {
  test.setTimeout(300_000);
  await acceptCookies(page);
  await registerThroughPages(page, { email: uniqueEmail('notify.author'), firstName: 'Nora', lastName: 'Notified' });
  const title = `Bird boxes ${Date.now()}`;
  await page.goto('/dashboard/community-ideas');
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Description').fill('Put bird boxes along the forest edge of the Welsh project.');
  await page.getByRole('button', { name: 'Submit idea' }).click();
  await expect(page.getByRole('article', { name: title })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Notifications', exact: true })).toBeVisible();

  const admin = (await newPerson()).page;
  const { email, password } = adminCredentials('SUPPORT');
  await logIn(admin, email, password);
  const answer = async (status: string, reply: string) => {
    await admin.goto('/admin/ideas');
    await admin
      .getByRole('article', { name: title })
      .getByRole('button', { name: `Set status of “${title}”` })
      .click();
    const dialog = admin.getByRole('dialog', { name: 'Set the status' });
    await dialog.getByLabel('Status').selectOption(status);
    await dialog.getByLabel('Reply to the author').fill(reply);
    await dialog.getByRole('button', { name: 'Save and tell the author' }).click();
    await expect(dialog).toBeHidden();
  };
  await answer('under_review', 'We are looking at where the boxes could go.');

  // The bell counts it (fetched on load); the centre lists it, emphasised until opened.
  await page.goto('/dashboard');
  const bell = page.getByRole('link', { name: 'Notifications, 1 unread' });
  await expect(bell).toBeVisible();
  await bell.click();
  await expect(page).toHaveURL(/\/dashboard\/notifications$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  const item = page.getByRole('link', { name: /The team answered your idea/ });
  await expect(item).toContainText(title);
  await expect(item).toContainText('Unread');
  await expectAccessible(page);
  await screenshots(page, 'notifications', item);
  await item.click();
  await expect(page).toHaveURL(/\/dashboard\/community-ideas$/);
  await expect(page.getByRole('link', { name: 'Notifications', exact: true })).toBeVisible();
  await page.goto('/dashboard/notifications');
  await expect(page.getByRole('link', { name: /The team answered your idea/ })).not.toContainText('Unread');

  // Community off in the app: the next answer does not appear in the centre.
  await page.goto('/dashboard/settings/notifications');
  const locked = page.getByRole('switch', { name: 'Orders and payments by email' });
  await expect(locked).toBeChecked();
  await expect(locked).toBeDisabled();
  await page.getByRole('switch', { name: 'Community in the app' }).click();
  await page.getByRole('button', { name: 'Save notification settings' }).click();
  await expect(page.getByRole('status').filter({ hasText: NOTIFICATION_MESSAGES.saved })).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'notification-settings', page.getByRole('table', { name: 'Notifications by category and channel' }));

  await answer('adopted', 'Adopted: the boxes go up in March.');
  await page.goto('/dashboard/notifications');
  await expect(page.getByRole('link', { name: /The team answered your idea/ })).toHaveCount(1);
  await expect(page.getByRole('link', { name: 'Notifications', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Unread' }).click();
  await expect(page.getByRole('heading', { name: 'You are all caught up' })).toBeVisible();
});
