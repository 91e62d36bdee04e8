import { mkdirSync, readFileSync } from 'node:fs';
import { CONTACT_MESSAGES, SITE_API } from '@landunits/domain';
import { CONTACT_ADMIN_MESSAGES } from '@landunits/domain/contracts';
import type { Locator, Page } from '@playwright/test';
import { expect, expectAccessible, openMail, waitForMailTo } from './fixtures';
import { adminCredentials, DESKTOP, journeyTest as test, logIn, PHONE, SHOTS_DIR, uniqueEmail } from './journeys';

/**
 * The admin inbox (PRODUCT-DECISIONS §12): a visitor's contact message is counted on the SUPPORT
 * admin's home, answered by email from /admin/contact and marked answered; the OWNER downloads
 * the newsletter subscribers as CSV. Screenshots at 1440 and 768 px (and a width check at 360 px).
 */

const TABLET = { width: 768, height: 1024 };
const REPLY_SUBJECT = 'Our reply to your message to Land Units';

/** Full-page screenshots at 1440 and 768 px; at 768 and 360 px nothing but a table may be wider than the screen. */
async function shots(page: Page, name: string, ready: Locator): Promise<void> {
  mkdirSync(SHOTS_DIR, { recursive: true });
  for (const size of [DESKTOP, TABLET, PHONE]) {
    await page.setViewportSize(size);
    await expect(ready).toBeVisible();
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    if (size !== PHONE) await page.screenshot({ path: `${SHOTS_DIR}${name}-${size.width}.png`, fullPage: true });
    if (size !== DESKTOP) {
      const wide = await page.evaluate(() => {
        const limit = document.documentElement.clientWidth;
        if (document.documentElement.scrollWidth <= limit) return [];
        return Array.from(document.querySelectorAll('body *'))
          .filter((el) => el.getBoundingClientRect().right > limit + 1 && !el.closest('[role="region"][tabindex="0"]'))
          .slice(0, 5)
          .map((el) => `${el.tagName.toLowerCase()}.${Array.from(el.classList).join('.')}`);
      });
      expect.soft(wide, `${name}: nothing wider than ${size.width} px`).toEqual([]);
    }
  }
  await page.setViewportSize(DESKTOP);
}

/** The count on the home's card of contact messages (0 when the queue is empty). */
async function contactCount(page: Page): Promise<number> {
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 2, name: 'Waiting for you' })).toBeVisible();
  await expect(page.getByText('Loading what is waiting…')).toHaveCount(0);
  const card = page.getByRole('link', { name: /Contact messages to answer/ }).first();
  if (
    (await page
      .getByRole('list', { name: /Queues with items waiting/ })
      .getByRole('link', { name: /Contact messages to answer/ })
      .count()) === 0
  )
    return 0;
  return Number((await card.getByTestId('queue-count').textContent())?.replace(/,/g, ''));
}

test('a visitor’s message is counted on the SUPPORT admin’s home, answered by email and marked answered', async ({ page, newPerson }) => {
  const support = (await newPerson()).page;
  const { email: supportEmail, password } = adminCredentials('SUPPORT');
  await logIn(support, supportEmail, password);
  const before = await contactCount(support);

  // The visitor writes on /contact-us.
  const sender = uniqueEmail('visitor');
  const name = `Grace ${Date.now()}`;
  await page.goto('/contact-us');
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Email', { exact: true }).fill(sender);
  await page.getByLabel('Subject (optional)').fill('Buying for a company');
  await page.getByLabel('Message', { exact: true }).fill('Can a company buy Units for each of its 40 employees?');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByRole('status').filter({ hasText: CONTACT_MESSAGES.sent })).toBeVisible();

  // The SUPPORT admin's home counts it, oldest waiting first, and leads to the inbox.
  await expect.poll(() => contactCount(support)).toBeGreaterThan(before);
  const card = support.getByRole('list', { name: /Queues with items waiting/ }).getByRole('link', { name: /Contact messages to answer/ });
  await expect(card).toContainText(/oldest (less than an hour|\d+ hours?|\d+ days?)/);
  await expect(support.getByRole('navigation', { name: 'Administration sections' }).getByRole('link')).toHaveText([
    'Home',
    'Contact messages',
    'Live chat',
    'Users',
    'Subscribers',
    'News',
    'News categories',
    'Team',
    'Questions',
    'Votes',
    'Quizzes',
    'Ideas',
    'Projects',
  ]);
  await expectAccessible(support);
  await shots(support, 'admin-home', card);

  await card.click();
  await expect(support).toHaveURL(/\/admin\/contact$/);
  await support.getByLabel('Name, email or text contains').fill(sender);
  await support.getByRole('button', { name: 'Show' }).click();
  const row = support.getByRole('row').filter({ hasText: sender });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('New', { exact: true })).toBeVisible();
  await expectAccessible(support);
  await shots(support, 'admin-contact-list', support.getByText(sender).first());

  await row.getByRole('button', { name: `Open the message from ${name}` }).click();
  await expect(support).toHaveURL(/\/admin\/contact\?message=\d+$/);
  const panel = support.getByRole('region', { name: /^Message #\d+$/ });
  await expect(panel.getByText('Can a company buy Units for each of its 40 employees?')).toBeVisible();

  // An empty reply is refused with the shared schema's message; then the reply is sent.
  await panel.getByRole('button', { name: 'Send reply' }).click();
  await expect(panel.getByText(CONTACT_ADMIN_MESSAGES.replyRequired)).toBeVisible();
  const reply = `Yes: a company account can buy Units and transfer them to each employee. (${Date.now()})`;
  await panel.getByLabel('Your reply').fill(reply);
  await expectAccessible(support);
  await shots(support, 'admin-contact-message', panel);
  await panel.getByRole('button', { name: 'Send reply' }).click();
  await expect(support.getByText(CONTACT_ADMIN_MESSAGES.replied)).toBeVisible();
  await expect(panel.getByText('Answered', { exact: true })).toBeVisible();
  await expect(panel.getByText(reply)).toBeVisible();

  // The reply reaches the sender.
  const mail = await waitForMailTo(sender, (m) => m.subject === REPLY_SUBJECT);
  expect(mail.text).toContain(reply);
  expect(mail.text).toContain(`Hello ${name},`);
  await openMail(page, sender, REPLY_SUBJECT);

  // Listed as answered.
  await support.goto('/admin/contact');
  await support
    .getByRole('group', { name: 'Message status' })
    .getByRole('button', { name: /^Answered/ })
    .click();
  await support.getByLabel('Name, email or text contains').fill(sender);
  await support.getByRole('button', { name: 'Show' }).click();
  await expect(support.getByRole('row').filter({ hasText: sender }).getByText('Answered', { exact: true })).toBeVisible();
});

test('the OWNER downloads the newsletter subscribers as CSV, filtered as on the page', async ({ page, newPerson }) => {
  const reader = uniqueEmail('reader');
  const subscribed = await page.request.post(SITE_API.subscribe, { data: { email: reader }, headers: { origin: new URL(process.env.E2E_BASE_URL!).origin } });
  expect(subscribed.status()).toBe(200);

  const owner = (await newPerson()).page;
  const { email, password } = adminCredentials('OWNER');
  await logIn(owner, email, password);
  await owner.goto('/admin/subscribers');
  await expect(owner.getByRole('heading', { level: 2, name: 'Newsletter subscribers' })).toBeVisible();
  await owner
    .getByRole('group', { name: 'Subscriber status' })
    .getByRole('button', { name: /^Pending/ })
    .click();
  await owner.getByLabel('Email contains').fill(reader);
  await owner.getByRole('button', { name: 'Show' }).click();
  const row = owner.getByRole('row').filter({ hasText: reader });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('Pending', { exact: true })).toBeVisible();
  await expect(owner.getByRole('link', { name: 'Download CSV (1 row)' })).toBeVisible();
  await expectAccessible(owner);
  await shots(owner, 'admin-subscribers', owner.getByText(reader).first());

  const [download] = await Promise.all([owner.waitForEvent('download'), owner.getByRole('link', { name: /Download CSV/ }).click()]);
  expect(download.suggestedFilename()).toMatch(/^subscribers-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
  const lines = csv.trimEnd().split('\r\n');
  expect(lines[0]).toBe('Email,Status,Signed up,Confirmed,Unsubscribed');
  expect(lines.slice(1)).toEqual([expect.stringMatching(new RegExp(`^${reader.replace(/[.+]/g, '\\$&')},pending,\\d{4}-\\d{2}-\\d{2}T[^,]+,,$`))]);
});
