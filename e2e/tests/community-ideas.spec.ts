import { IDEA_MESSAGES } from '@landunits/domain';
import { acceptCookies, expect, expectAccessible } from './fixtures';
import { adminCredentials, journeyTest as test, logIn, registerThroughApi, registerThroughPages, screenshots, uniqueEmail } from './journeys';

/**
 * Community ideas (decision 0028) through the real pages: a person suggests an idea, another
 * supports it once (the count follows, the button says Supported, withdrawing works), an admin
 * sets its status with a reply on /admin/ideas, and the author sees status and reply. Axe on each
 * page; screenshots at 1440 and 360 px.
 */

test('an idea is submitted, supported once by someone else, answered by an admin and the author sees the answer', async ({ page, newPerson }) => {
  test.setTimeout(120_000);
  await acceptCookies(page);
  const author = { email: uniqueEmail('idea.author'), firstName: 'Ida', lastName: 'Author' };
  await registerThroughPages(page, author);
  const title = `Guided walks ${Date.now()}`;

  await page.goto('/dashboard/community-ideas');
  await expect(page.getByRole('heading', { level: 1, name: 'Community ideas' })).toBeVisible();
  await page.getByRole('button', { name: 'Submit idea' }).click();
  await expect(page.getByText(IDEA_MESSAGES.titleRequired)).toBeVisible();
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Description').fill('Twice a year, let holders walk the forest project with the land team.');
  await page.getByRole('button', { name: 'Submit idea' }).click();
  await expect(page.getByRole('status').filter({ hasText: IDEA_MESSAGES.submitted })).toBeVisible();
  const mine = page.getByRole('article', { name: title });
  await expect(mine).toContainText('0 supporters · your idea');
  await expect(mine.getByRole('button', { name: /Support/ })).toHaveCount(0);
  await expectAccessible(page);
  await screenshots(page, 'community-ideas', mine);

  // Another person supports it once; the sort and filter are kept in the address.
  const other = (await newPerson()).page;
  await registerThroughApi(other.request, { email: uniqueEmail('idea.supporter'), firstName: 'Sam', lastName: 'Supporter' });
  await other.goto('/dashboard/community-ideas');
  await other.getByLabel('Sort by').selectOption('newest');
  await expect(other).toHaveURL(/sort=newest/);
  const card = other.getByRole('article', { name: title });
  await card.getByRole('button', { name: `Support “${title}”` }).click();
  await expect(card.getByRole('button', { name: `Supported “${title}”` })).toHaveAttribute('aria-pressed', 'true');
  await expect(card).toContainText('1 supporter');
  await other.reload();
  await expect(other.getByRole('article', { name: title })).toContainText('1 supporter');
  await other
    .getByRole('article', { name: title })
    .getByRole('button', { name: `Supported “${title}”` })
    .click();
  await expect(other.getByRole('article', { name: title })).toContainText('0 supporters');
  await other
    .getByRole('article', { name: title })
    .getByRole('button', { name: `Support “${title}”` })
    .click();
  await expect(other.getByRole('article', { name: title })).toContainText('1 supporter');

  // The SUPPORT admin (community.moderate) sets the status with a reply.
  const admin = (await newPerson()).page;
  const { email, password } = adminCredentials('SUPPORT');
  await logIn(admin, email, password);
  await admin.goto('/admin/ideas');
  const adminCard = admin.getByRole('article', { name: title });
  await expect(adminCard).toContainText('1 supporter');
  await expectAccessible(admin);
  await screenshots(admin, 'admin-ideas', adminCard);
  await adminCard.getByRole('button', { name: `Set status of “${title}”` }).click();
  const dialog = admin.getByRole('dialog', { name: 'Set the status' });
  await dialog.getByLabel('Status').selectOption('adopted');
  await dialog.getByLabel('Reply to the author').fill('We love it: the first walk is in April.');
  await dialog.getByRole('button', { name: 'Save and tell the author' }).click();
  await expect(dialog).toBeHidden();
  await expect(admin.getByRole('article', { name: title })).toContainText('Adopted');

  // The author sees the status and the reply, also in the Adopted filter.
  await page.goto('/dashboard/community-ideas?status=adopted');
  await expect(page.getByLabel('Status')).toHaveValue('adopted');
  const answered = page.getByRole('article', { name: title });
  await expect(answered).toContainText('Adopted');
  await expect(answered).toContainText('We love it: the first walk is in April.');
  await expect(answered).toContainText('1 supporter');
});
