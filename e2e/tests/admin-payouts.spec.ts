import { mkdirSync } from 'node:fs';
import { PAYOUT_MESSAGES } from '@landunits/domain';
import type { Locator, Page } from '@playwright/test';
import { acceptCookies, expect, expectAccessible, test } from './fixtures';
import { adminCredentials, DESKTOP, escapeRegExp, expectBadge, figure, journeyTest, logIn, PASSWORD, registerThroughApi, SHOTS_DIR, uniqueEmail } from './journeys';
import { ACCOUNT, ok, once, verifyAndFund } from './verification-steps';
import { staffLogInThroughApi } from './authenticator';
import { answerStepUps } from './step-up';

/**
 * Payouts with four eyes, in Chromium against the real server: a verified person (set up through
 * the API: profile and bank submitted, approved by the owner, 11,000 GBP Units bought by bank
 * transfer and approved) sells them all on the Sell tab, a payout of more than £12,000. The FINANCE
 * admin finds it in /admin/payouts beside the person's approved bank account, marks it paid with
 * the bank's reference and cannot confirm it; the OWNER confirms it; the person's transactions
 * show the sale Completed, and the audit log has one row for each admin action.
 */

const UNITS = 11_000;
const TABLET = { width: 768, height: 1024 };

/** Sells every Unit on the Sell tab; returns the order id and the payout shown. */
async function sellAll(page: Page): Promise<{ orderId: string; payout: string }> {
  await page.goto('/dashboard/transaction?tab=sell');
  const form = page.getByRole('form', { name: 'Sell Units' });
  await expect(form.getByRole('region', { name: 'Needed to sell' }).getByText('Approved', { exact: true })).toHaveCount(2);
  await form.getByLabel('Number of Units').fill(String(UNITS));
  const payout = (await figure(page.getByRole('region', { name: 'Breakdown' }), 'Payout').textContent()) ?? '';
  expect(Number(payout.replace(/[£,]/g, ''))).toBeGreaterThanOrEqual(12_000);
  await form.getByRole('button', { name: 'Review order' }).click();
  await page.getByRole('region', { name: 'Review your sale' }).getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL(/\/dashboard\/sell-units\/success\?orderId=/);
  return { orderId: new URL(page.url()).searchParams.get('orderId') ?? '', payout };
}

/** A payout of the queue, found by the person's email: a table row from 992 px, a card below. */
const payoutOf = (page: Page, email: string) => page.locator('tr, article').filter({ hasText: email });

/** Full-page screenshots at 1440 and 768 px; at 768 nothing may make the page wider than the screen. */
async function shots(page: Page, name: string, ready: Locator): Promise<void> {
  mkdirSync(SHOTS_DIR, { recursive: true });
  for (const size of [DESKTOP, TABLET]) {
    await page.setViewportSize(size);
    await expect(ready).toBeVisible();
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await page.screenshot({ path: `${SHOTS_DIR}${name}-${size.width}.png`, fullPage: true });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect.soft(overflow, `${name} at ${size.width} px: no sideways scrolling`).toBeLessThanOrEqual(0);
  }
  await page.setViewportSize(DESKTOP);
}

journeyTest('a sale paying out over £12,000 needs two admins: FINANCE marks it paid and cannot confirm it, the OWNER confirms', async ({ page, newPerson }) => {
  journeyTest.setTimeout(300_000);
  const email = uniqueEmail('paula');
  const person = await newPerson();
  const owner = await newPerson();
  const reference = `FP-${Date.now().toString().slice(-8)}`;
  let sale = { orderId: '', payout: '' };

  await test.step('a verified person with 11,000 GBP Units sells them all on the Sell tab', async () => {
    await registerThroughApi(person.context.request, { email, firstName: 'Paula', lastName: 'Payne' });
    await answerStepUps(person.page, email, PASSWORD);
    const { email: ownerEmail, password: ownerPassword } = adminCredentials();
    await staffLogInThroughApi(owner.context, ownerEmail, ownerPassword);
    await verifyAndFund(person.context.request, owner.context.request, UNITS);
    sale = await sellAll(person.page);
  });
  const shortRef = sale.orderId.slice(-5);

  await test.step('FINANCE sees the payout beside the approved bank account, two admins needed', async () => {
    await acceptCookies(page);
    const finance = adminCredentials('FINANCE');
    await logIn(page, finance.email, finance.password);
    await page.goto('/admin/payouts');
    await expect(page.getByRole('heading', { level: 2, name: /^Payouts waiting/ })).toBeVisible();
    await page.getByRole('form', { name: 'Payout filters' }).getByLabel('Sort').selectOption({ label: 'Newest first' });
    await expect(page).toHaveURL(/sort=newest/);
    const row = page.getByRole('row').filter({ hasText: email });
    await expect(row).toContainText(sale.payout);
    await expect(row).toContainText('Two admins');
    for (const value of Object.values(ACCOUNT)) await expect(row).toContainText(value);
    await expect(row).toContainText('Not paid yet');
    await expectAccessible(page);
    await shots(page, 'admin-payouts', payoutOf(page, email));
  });

  await test.step('FINANCE marks it paid with the bank reference; confirming it himself is refused', async () => {
    await page.getByRole('button', { name: `Mark paid for order ${shortRef}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Mark payout paid' });
    await expect(dialog).toContainText('another admin must confirm it');
    await dialog.getByLabel('Bank reference').fill(reference);
    await dialog.getByRole('button', { name: 'Mark paid' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`Payout marked as paid: order ${shortRef}.`)).toBeVisible();
    await page.getByRole('button', { name: 'Dismiss notification' }).click();

    const row = page.getByRole('row').filter({ hasText: email });
    await expect(row).toContainText(`Bank reference ${reference}`);
    await expect(row).toContainText('Waiting for a second admin');
    await expectBadge(row, 'All Units Sold', 'teal');
    const confirm = row.getByRole('button', { name: `Confirm payout for order ${shortRef}` });
    await expect(confirm).toBeDisabled();
    await expect(row).toContainText(PAYOUT_MESSAGES.sameAdmin);
    await expectAccessible(page);
    await shots(page, 'admin-payouts-marked', payoutOf(page, email));
    // The server refuses it too, whatever the page shows.
    const refused = await page.request.post(`/api/admin/payouts/${sale.orderId}/confirm`, { headers: once(), data: {} });
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toEqual({ message: PAYOUT_MESSAGES.sameAdmin, code: 'SECOND_ADMIN_REQUIRED' });
  });

  await test.step('the OWNER finds it among those waiting for a second admin and confirms it', async () => {
    await owner.page.goto('/admin/payouts?needsSecondAdmin=true&sort=newest');
    const row = owner.page.getByRole('row').filter({ hasText: email });
    await expect(row).toContainText(new RegExp(`Paid by Demo finance.*${escapeRegExp(reference)}`));
    await row.getByRole('button', { name: `Confirm payout for order ${shortRef}` }).click();
    const dialog = owner.page.getByRole('dialog', { name: 'Confirm payout' });
    await expect(dialog).toContainText(reference);
    await expectAccessible(owner.page);
    await dialog.getByRole('button', { name: 'Confirm payout' }).click();
    await expect(dialog).toBeHidden();
    await expect(owner.page.getByText(`Payout confirmed: order ${shortRef}.`)).toBeVisible();
    await expect(owner.page.getByRole('row').filter({ hasText: email })).toHaveCount(0);
  });

  await test.step('the person’s transactions show the sale Completed', async () => {
    await person.page.goto('/dashboard/my-transactions');
    const table = person.page.getByRole('table', { name: 'Transactions' });
    const row = table.getByRole('row').filter({ has: person.page.getByText('Sell', { exact: true }) });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(sale.payout);
    await expectBadge(row, 'Completed', 'green');
  });

  await test.step('the audit log has one row for each admin action, with the bank reference', async () => {
    const res = await ok(owner.context.request.get(`/api/admin/audit?targetId=${sale.orderId}&targetType=order`), 'audit');
    const { events } = (await res.json()) as { events: { action: string; actorRole: string; after: { payout: { bankReference: string } } }[] };
    // Newest first: the OWNER's confirmation, then FINANCE's mark.
    expect(events.map((e) => [e.action, e.actorRole])).toEqual([
      ['order.payout.confirm', 'OWNER'],
      ['order.payout.markPaid', 'FINANCE'],
    ]);
    expect(events.every((e) => e.after.payout.bankReference === reference)).toBe(true);
  });
});
