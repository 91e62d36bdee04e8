import { CONTACT_MESSAGES, NEWSLETTER_MESSAGES, SITE_API } from '@landunits/domain';
import type { Page } from '@playwright/test';
import { acceptCookies, expect, expectAccessible, followLink, openMail, test, waitForMailTo, devMailList } from './fixtures';
import { uniqueEmail } from './journeys';

/**
 * The public website's forms in the browser against the real server: the newsletter's double
 * opt-in and the contact form, with their emails in /dev/mail (the pages themselves:
 * public-site.spec.ts).
 */

const SUPPORT_EMAIL = process.env.SUPPORT_EMAIL ?? 'support@landunits.example';

test.beforeEach(async ({ page }) => {
  await acceptCookies(page);
});

/**
 * Holds back the page's scripts until the returned function is called: the server's HTML is on
 * screen but nothing reacts yet, as on a slow phone while the scripts download.
 */
async function holdScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** Every document the page loads (a form submitted by the browser itself loads a new one). */
function recordPageLoads(page: Page): string[] {
  const loads: string[] = [];
  page.on('request', (request) => {
    if (request.isNavigationRequest()) loads.push(`${request.method()} ${request.url()}`);
  });
  return loads;
}

/** A form of the page, found by its submit button. */
const formWithButton = (page: Page, button: string) => page.getByRole('form').filter({ has: page.getByRole('button', { name: button, exact: true }) });

test.describe('newsletter', () => {
  test('double opt-in: subscribe on the home page, confirm from the email, subscribing again reveals nothing', async ({ page }) => {
    const email = uniqueEmail('reader');
    await page.goto('/');
    const form = formWithButton(page, 'Subscribe');
    await expect(form).toHaveCount(1);

    // The SPEC messages, before anything is sent.
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await expect(form.getByText(NEWSLETTER_MESSAGES.emailRequired, { exact: true })).toBeVisible();
    await form.getByLabel('Email').fill('not-an-email');
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await expect(form.getByText(NEWSLETTER_MESSAGES.emailInvalid, { exact: true })).toBeVisible();

    await form.getByLabel('Email').fill(email);
    await form.getByRole('button', { name: 'Subscribe' }).click();
    const answer = page.getByRole('status').filter({ hasText: NEWSLETTER_MESSAGES.checkInbox });
    await expect(answer).toBeVisible();
    await expect(form.getByLabel('Email')).toHaveValue('');

    // The double opt-in email, read in /dev/mail, and its link.
    const mail = await waitForMailTo(email);
    expect(mail.text).toMatch(/\/subscribe\/confirm\?token=/);
    await openMail(page, email, mail.subject);
    await followLink(page, '/subscribe/confirm');
    await expect(page).toHaveURL(/\/subscribe\/confirm\?token=/);
    await expect(page.getByRole('heading', { level: 1, name: 'Subscription confirmed' })).toBeVisible();
    await expect(page.getByText(NEWSLETTER_MESSAGES.confirmed)).toBeVisible();
    await expectAccessible(page);

    // Subscribing a confirmed address again answers exactly as the first time.
    await page.goto('/');
    const again = formWithButton(page, 'Subscribe');
    await again.getByLabel('Email').fill(email);
    await again.getByRole('button', { name: 'Subscribe' }).click();
    await expect(page.getByRole('status').filter({ hasText: NEWSLETTER_MESSAGES.checkInbox })).toHaveText(NEWSLETTER_MESSAGES.checkInbox);
  });

  test('an address typed before the page’s script has run never ends up in the page address', async ({ page }) => {
    // The server's HTML shows the form before the script makes it work (on a slow phone, for
    // seconds). Submitting it then must not send the browser to /?email=… (into history, logs and
    // Referer headers); the address is subscribed once the page works.
    const releaseScripts = await holdScripts(page);
    const pagesLoaded = recordPageLoads(page);
    const email = uniqueEmail('early');
    await page.goto('/', { waitUntil: 'commit' });
    const form = formWithButton(page, 'Subscribe');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Email').press('Enter');
    releaseScripts();

    // Typing while the script still starts may not reach the form's state: type again until it works.
    await expect(async () => {
      await form.getByLabel('Email').fill(email);
      await form.getByRole('button', { name: 'Subscribe' }).click();
      await expect(page.getByRole('status').filter({ hasText: NEWSLETTER_MESSAGES.checkInbox })).toBeVisible({ timeout: 3_000 });
    }).toPass({ timeout: 20_000 });
    expect(pagesLoaded, 'the only page load is the first one').toEqual([`GET ${new URL('/', page.url()).href}`]);
  });

  test('a made-up confirmation token shows the server’s failure message', async ({ page }) => {
    await page.goto('/subscribe/confirm?token=made-up-token-that-was-never-sent');
    await expect(page.getByText(NEWSLETTER_MESSAGES.tokenInvalid)).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Subscription confirmed' })).toHaveCount(0);
    await expectAccessible(page);
  });
});

test.describe('contact', () => {
  test('/contact-us: the field messages, then the message is sent to support with a receipt to the sender', async ({ page }) => {
    const email = uniqueEmail('writer');
    const text = `Could you tell me more about the 40 ha forest project? Reference ${Date.now()}-${Math.random()}`;
    await page.goto('/contact-us');
    const form = formWithButton(page, 'Send message');
    await expect(form).toHaveCount(1);

    await form.getByRole('button', { name: 'Send message' }).click();
    for (const message of [CONTACT_MESSAGES.nameRequired, CONTACT_MESSAGES.emailRequired, CONTACT_MESSAGES.messageRequired]) {
      await expect(form.getByText(message, { exact: true })).toBeVisible();
    }
    await expectAccessible(page);

    await form.getByLabel('Name', { exact: true }).fill('Grace Hopper');
    await form.getByLabel('Email', { exact: true }).fill(email);
    await form.getByLabel('Subject (optional)').fill('The forest project');
    await form.getByLabel('Message', { exact: true }).fill(text);
    await form.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByRole('status').filter({ hasText: CONTACT_MESSAGES.sent })).toBeVisible();
    await expect(form.getByLabel('Message', { exact: true })).toHaveValue('');

    const toSupport = await waitForMailTo(SUPPORT_EMAIL, (m) => m.text.includes(text));
    expect(toSupport.text).toContain(email);
    expect(toSupport.text).toContain('Grace Hopper');
    const receipt = await waitForMailTo(email);
    expect(receipt.to).toBe(email);

    // The receipt reads well in the mail viewer too.
    await openMail(page, email, receipt.subject);
  });

  test('what is typed before the page’s script has run is kept and sent', async ({ page }) => {
    const email = uniqueEmail('quick');
    const text = `Typed while the page was still loading, reference ${Date.now()}-${Math.random()}`;
    const releaseScripts = await holdScripts(page);
    const pagesLoaded = recordPageLoads(page);
    await page.goto('/', { waitUntil: 'commit' });
    const form = formWithButton(page, 'Send message');
    await form.getByLabel('Name', { exact: true }).fill('Ada Early');
    await form.getByLabel('Email', { exact: true }).fill(email);
    await form.getByLabel('Message', { exact: true }).fill(text);
    releaseScripts();

    await form.getByRole('button', { name: 'Send message' }).click();
    await expect.soft(page.getByRole('status').filter({ hasText: CONTACT_MESSAGES.sent })).toBeVisible();
    expect(pagesLoaded, 'the only page load is the first one').toEqual([`GET ${new URL('/', page.url()).href}`]);
    const toSupport = await waitForMailTo(SUPPORT_EMAIL, (m) => m.text.includes(text));
    expect(toSupport.text).toContain('Ada Early');
  });

  test('the home page’s contact block sends once, even on a double click', async ({ page }) => {
    const email = uniqueEmail('neighbour');
    const text = `Hello from the home page, reference ${Date.now()}-${Math.random()}`;
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith(SITE_API.contact)) posts.push(r.url());
    });
    await page.goto('/');
    const form = formWithButton(page, 'Send message');
    await expect(form).toHaveCount(1);
    await form.getByLabel('Name', { exact: true }).fill('Alan Turing');
    await form.getByLabel('Email', { exact: true }).fill(email);
    await form.getByLabel('Message', { exact: true }).fill(text);
    // An impatient double click: the second submit, while the first runs, is ignored.
    await form.getByRole('button', { name: 'Send message' }).dblclick();
    await expect(page.getByRole('status').filter({ hasText: CONTACT_MESSAGES.sent })).toBeVisible();

    await waitForMailTo(SUPPORT_EMAIL, (m) => m.text.includes(text));
    await waitForMailTo(email);
    const { messages } = (await devMailList()) as { messages: { to: string; text: string }[] };
    expect(messages.filter((m) => m.to === SUPPORT_EMAIL && m.text.includes(text))).toHaveLength(1);
    expect(posts).toHaveLength(1);
  });
});
