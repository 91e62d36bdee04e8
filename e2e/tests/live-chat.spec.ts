import type { Page } from '@playwright/test';
import { acceptCookies, expect, expectAccessible, waitForMailTo } from './fixtures';
import { adminCredentials, journeyTest as test, logIn, registerThroughApi, screenshots, uniqueEmail } from './journeys';

/**
 * The live sales chat (PRODUCT-DECISIONS §13) with two browsers: a visitor starts a chat at /chat,
 * the SUPPORT agent sees it appear in /admin/chat without reloading, assigns it and replies; the
 * visitor sees the reply live and the agent sees "Read". The visitor leaves; the agent replies
 * again; three minutes later (the app's clock moved by /api/dev/clock/advance) the visitor is
 * emailed the reply with a link that resumes the conversation. Messages that look like HTML stay
 * text both ways, and no dialog ever opens. A signed-in person chats at /dashboard/saleschat.
 */

const NAUGHTY = ['<img src=x onerror=alert(1)>', '"><script>alert(1)</script>'];

/** Dialogs that opened (an alert from injected script): the tests expect none. */
const dialogs: string[] = [];
function noDialogs(page: Page): void {
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
}
test.afterEach(() => {
  expect(dialogs, 'no dialog opened').toEqual([]);
  dialogs.length = 0;
});

/** Moves the app's clock forward (DEV_CLOCK, from global-setup); this machine only, no proxy header. */
async function advanceClock(ms: number): Promise<void> {
  const res = await fetch(new URL('/api/dev/clock/advance', process.env.E2E_BASE_URL), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ms }) });
  if (!res.ok) throw new Error(`POST /api/dev/clock/advance answered ${res.status}: ${await res.text()}`);
}

async function send(page: Page, label: string, text: string): Promise<void> {
  await page.getByLabel(label, { exact: true }).fill(text);
  await page.getByLabel(label, { exact: true }).press('Enter');
}

const messages = (page: Page) => page.getByRole('list', { name: 'Messages' });

test('a visitor chats with the SUPPORT agent live, is emailed the reply after leaving and resumes from the link', async ({ page, newPerson }) => {
  test.setTimeout(300_000);
  noDialogs(page);
  await acceptCookies(page);
  const visitor = { name: `Vera ${Date.now()}`, email: uniqueEmail('chat.visitor') };

  // The visitor's start form checks consent.
  await page.goto('/chat');
  await expect(page.getByRole('heading', { level: 1, name: 'Chat with a sales agent' })).toBeVisible();
  const start = page.getByRole('form', { name: 'Start a chat' });
  await start.getByLabel('Your name').fill(visitor.name);
  await start.getByLabel('Email').fill(visitor.email);
  await start.getByRole('button', { name: 'Start chat' }).click();
  await expect(start.getByText('Agree to be contacted about your question to start the chat')).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'live-chat-start', start);
  await start.getByLabel('I agree to be contacted about my question').check();
  await start.getByRole('button', { name: 'Start chat' }).click();
  await expect(page.getByLabel('Your message', { exact: true })).toBeVisible();

  // The agent's console is open before the first message: it must appear without a reload.
  const agent = (await newPerson()).page;
  noDialogs(agent);
  const { email, password } = adminCredentials('SUPPORT');
  await logIn(agent, email, password);
  await agent.goto('/admin/chat');
  await expect(agent.getByRole('heading', { level: 2, name: 'Inbox' })).toBeVisible();

  await send(page, 'Your message', 'Hello, can I buy Units for my company?');
  await expect(messages(page).getByText('Sent')).toBeVisible();
  const row = agent.getByRole('button', { name: new RegExp(visitor.name) });
  await expect(row).toBeVisible();
  await row.click();
  await agent.getByRole('button', { name: 'Assign to me' }).click();
  await expect(agent.getByText(/Assigned to you/)).toBeVisible();
  await expect(messages(agent).getByText('Hello, can I buy Units for my company?')).toBeVisible();
  await send(agent, 'Reply', 'Yes: register as a business and buy from the dashboard.');

  // The visitor sees the reply live; the agent sees it read.
  await expect(messages(page).getByText('Yes: register as a business and buy from the dashboard.')).toBeVisible();
  await expect(messages(agent).getByText('Read')).toBeVisible();
  // The customer's message was read by the agent too.
  await expect(messages(page).getByText('Read')).toBeVisible();

  // HTML-looking messages stay text both ways.
  for (const text of NAUGHTY) {
    await send(page, 'Your message', text);
    await expect(messages(agent).getByText(text, { exact: true })).toBeVisible();
    await send(agent, 'Reply', text);
    await expect(messages(page).getByText(text, { exact: true }).last()).toBeVisible();
  }
  expect(await messages(page).locator('img, script').count()).toBe(0);
  expect(await messages(agent).locator('img, script').count()).toBe(0);

  await expectAccessible(page);
  await screenshots(page, 'live-chat-visitor', messages(page));
  await expectAccessible(agent);
  await screenshots(agent, 'live-chat-admin', agent.getByRole('list', { name: 'Messages' }));

  // The visitor leaves; the agent replies; three minutes later the visitor is emailed.
  await page.close();
  const later = 'We also have a business brochure: shall I send it?';
  await send(agent, 'Reply', later);
  await expect(messages(agent).getByText(later)).toBeVisible();
  await advanceClock(3 * 60_000 + 1_000);
  // A periodic task finds the reply, then the job runner sends it, behind whatever the other
  // journeys queued: on a loaded machine that took over 15 s once. A bound, not a measurement.
  const mail = await waitForMailTo(visitor.email, (m) => m.text.includes(later), 60_000);
  const link = /https?:\/\/[^\s"]+\/chat\?resume=[\w-]+/.exec(mail.text)?.[0];
  expect(link, 'a link back to the chat').toBeTruthy();

  // The link resumes the conversation with its history, once asked to.
  const back = (await newPerson()).page;
  noDialogs(back);
  await back.goto(new URL(link!).pathname + new URL(link!).search);
  // The link asks first: nothing is continued in this browser until the person says so.
  await back.getByRole('button', { name: 'Continue the conversation' }).click();
  await expect(messages(back).getByText(later)).toBeVisible();
  await expect(messages(back).getByText('Hello, can I buy Units for my company?')).toBeVisible();
  await expect(back).toHaveURL(/\/chat$/);
});

test('a signed-in person chats at /dashboard/saleschat, and /chat sends them there', async ({ page }) => {
  noDialogs(page);
  await acceptCookies(page);
  await registerThroughApi(page.request, { email: uniqueEmail('chat.user'), firstName: 'Uma', lastName: 'User' });
  await page.goto('/chat');
  await expect(page).toHaveURL(/\/dashboard\/saleschat$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Chat with a sales agent' })).toBeVisible();
  await send(page, 'Your message', NAUGHTY[0]!);
  await expect(messages(page).getByText(NAUGHTY[0]!, { exact: true })).toBeVisible();
  await expect(messages(page).getByText('Sent')).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'live-chat-user', messages(page));
});
