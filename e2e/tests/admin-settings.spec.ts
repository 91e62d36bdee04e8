import { mkdirSync } from 'node:fs';
import { basisPointsToPercent, buyTotal, SETTING_REQUEST_MESSAGES, SETTINGS_MESSAGES } from '@landunits/domain';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { acceptCookies, expect, expectAccessible, test } from './fixtures';
import { adminCredentials, DESKTOP, figure, journeyTest, logIn, registerThroughApi, SHOTS_DIR, uniqueEmail, type Person } from './journeys';
import { continueToPayment, expected, fillBuyTab, gbp, methodFee, methodRadio, priceList, reviewAndConfirm } from './buying-steps';

/**
 * Four eyes on the settings (PRODUCT-DECISIONS §12): a FINANCE admin changes the Stripe fee and
 * cannot approve it; the OWNER approves; /fees and a new card buy use the new fee at once. The
 * OWNER changes the bank account; FINANCE approves; the bank payment page shows it. These change
 * what every journey sees, so they run after all the others (the site-wide-changes project) and
 * put the settings back as they found them.
 */

const TABLET = { width: 768, height: 1024 };

/** Full-page screenshots at 1440 and 768 px; at 768 px nothing may be wider than the screen. */
async function screenshots(page: Page, name: string, ready: Locator): Promise<void> {
  mkdirSync(SHOTS_DIR, { recursive: true });
  for (const size of [DESKTOP, TABLET]) {
    await page.setViewportSize(size);
    await expect(ready).toBeVisible();
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await page.screenshot({ path: `${SHOTS_DIR}${name}-${size.width}.png`, fullPage: true });
    const wide = await page.evaluate(() =>
      Array.from(document.querySelectorAll('body *'))
        .filter((el) => el.getBoundingClientRect().right > document.documentElement.clientWidth + 1 && !el.closest('[role="region"][tabindex="0"]'))
        .slice(0, 5)
        .map((el) => `${el.tagName.toLowerCase()}.${Array.from(el.classList).join('.')}`),
    );
    expect.soft(wide, `${name}: nothing wider than ${size.width} px`).toEqual([]);
  }
  await page.setViewportSize(DESKTOP);
}

async function signInAs(person: Person, role: 'OWNER' | 'FINANCE', section: '/admin/settings' | '/admin/payment-details'): Promise<Page> {
  const { email, password } = adminCredentials(role);
  await logIn(person.page, email, password);
  await person.page.goto(section);
  await expect(person.page.getByRole('heading', { level: 2, name: section === '/admin/settings' ? 'Money settings' : 'Payment details' })).toBeVisible();
  return person.page;
}

/** The pending change with this reason, as the page lists it. */
const pendingCard = (page: Page, reason: string) => page.getByRole('list', { name: 'Changes waiting for approval' }).getByRole('article').filter({ hasText: reason });

async function approveInPage(page: Page, reason: string): Promise<void> {
  const card = pendingCard(page, reason);
  await card.getByRole('button', { name: 'Approve' }).click();
  const dialog = page.getByRole('dialog', { name: 'Approve this change?' });
  await dialog.getByRole('button', { name: 'Approve and apply' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(SETTING_REQUEST_MESSAGES.approved)).toBeVisible();
}

/** Puts a section back to `value` through the same four eyes (proposed by one admin, approved by the other). */
async function restore(proposer: APIRequestContext, approver: APIRequestContext, base: string, value: unknown): Promise<void> {
  const proposed = await proposer.post(`${base}/requests`, { data: { value, reason: 'Back to the values before the browser test' } });
  if (proposed.status() === 400) return; // nothing to put back
  expect(proposed.ok(), await proposed.text()).toBe(true);
  const id = ((await proposed.json()) as { request: { id: string } }).request.id;
  expect((await approver.post(`${base}/requests/${id}/approve`, { data: {} })).ok()).toBe(true);
}

journeyTest.beforeEach(async ({ page }) => {
  await acceptCookies(page);
});

journeyTest('FINANCE changes the Stripe fee, cannot approve it; the OWNER approves; /fees and a new card buy use it', async ({ page, newPerson }) => {
  journeyTest.setTimeout(120_000);
  const finance = await signInAs(await newPerson(), 'FINANCE', '/admin/settings');
  const before = (await (await finance.request.get('/api/admin/settings')).json()) as { current: Record<string, unknown> };
  const oldFee = (before.current.externalFees as { Card_Stripe: { fixedPercentageFees: number; fixedCentsFees: number } }).Card_Stripe;
  const newBasisPoints = oldFee.fixedPercentageFees + 25;
  const newPercent = basisPointsToPercent(newBasisPoints);
  const reason = `Stripe now charges ${newPercent} % (${Date.now()})`;
  const stripeField = finance.getByLabel('Card (Stripe): percentage (%)', { exact: true });

  await test.step('the SPEC §8 messages, in the form and from the API', async () => {
    const land = finance.getByLabel('Total land value, GBP', { exact: true });
    await land.fill('0');
    await stripeField.fill('101');
    await finance.getByRole('button', { name: 'Preview the change' }).click();
    await expect(finance.getByText(SETTINGS_MESSAGES.landValueZero)).toBeVisible();
    await expect(finance.getByText(SETTINGS_MESSAGES.invalidPercentage)).toBeVisible();
    const refused = await finance.request.post('/api/admin/settings/preview', { data: { value: { ...before.current, landValueGbpInCents: 0 } } });
    expect(refused.status()).toBe(400);
    expect(((await refused.json()) as { errors: Record<string, string> }).errors).toEqual({ landValueGbpInCents: SETTINGS_MESSAGES.landValueZero });
    await finance.reload();
  });

  await test.step('FINANCE previews the new fee (worked out by the server) and sends it for approval', async () => {
    await stripeField.fill(newPercent);
    await finance.getByRole('button', { name: 'Preview the change' }).click();
    const preview = finance.getByRole('region', { name: 'Preview: if approved today' });
    const list = await priceList(finance.request);
    const proposedTotal = buyTotal({
      units: 100,
      price: list.prices.LAND_POUND.pricePerUnit,
      buyFeeCents: list.prices.LAND_POUND.buyOrderTransactionFeeInCents,
      externalFee: { ...oldFee, fixedPercentageFees: newBasisPoints },
    });
    await expect(
      preview
        .getByRole('row', { name: /Total to pay/ })
        .getByRole('cell')
        .nth(1),
    ).toHaveText(gbp(proposedTotal.paymentAmount));
    await expectAccessible(finance);
    await screenshots(finance, 'admin-settings-preview', preview);
    await preview.getByLabel('Why this change (the approver reads it)').fill(reason);
    await preview.getByRole('button', { name: 'Send for approval' }).click();
    await expect(finance.getByText(SETTING_REQUEST_MESSAGES.proposed)).toBeVisible();
  });

  await test.step('the proposer is offered no Approve button, and the server refuses their approval', async () => {
    const mine = pendingCard(finance, reason);
    await expect(mine.getByRole('heading', { name: 'Proposed by you' })).toBeVisible();
    await expect(mine.getByRole('button', { name: 'Withdraw' })).toBeVisible();
    await expect(mine.getByRole('button', { name: 'Approve' })).toHaveCount(0);
    const listed = (await (await finance.request.get('/api/admin/settings')).json()) as { pending: { id: string; reason: string }[] };
    const id = listed.pending.find((r) => r.reason === reason)?.id;
    const own = await finance.request.post(`/api/admin/settings/requests/${id}/approve`, { data: {} });
    expect(own.status()).toBe(403);
    expect(await own.json()).toEqual({ message: SETTING_REQUEST_MESSAGES.ownApproval, code: 'FORBIDDEN' });
    expect((await priceList(finance.request)).externalFees.Card_Stripe.fixedPercentageFees).toBe(oldFee.fixedPercentageFees);
  });

  const owner = await signInAs(await newPerson(), 'OWNER', '/admin/settings');
  await test.step('the OWNER sees the change before → after and approves it', async () => {
    const card = pendingCard(owner, reason);
    await expect(card.getByRole('row', { name: /Card \(Stripe\): percentage/ })).toContainText(`${basisPointsToPercent(oldFee.fixedPercentageFees)}%${newPercent}%`);
    await screenshots(owner, 'admin-settings-approver', card);
    await approveInPage(owner, reason);
    await expect(pendingCard(owner, reason)).toHaveCount(0);
  });

  await test.step('/fees shows the new fee at once', async () => {
    await page.goto('/fees');
    const row = page.getByRole('table', { name: 'Fees of each payment method' }).getByRole('row').filter({ hasText: 'Debit or credit card' });
    await expect(row).toContainText(`${newPercent}%`);
  });

  await test.step('a new card buy is priced with the new fee', async () => {
    await registerThroughApi(page.request, { email: uniqueEmail('stripe.fee'), firstName: 'Stella', lastName: 'Stripe' });
    const list = await priceList(page.request);
    expect(list.externalFees.Card_Stripe.fixedPercentageFees).toBe(newBasisPoints);
    const figures = expected(list, { units: 100, method: 'Card_Stripe' });
    const withOldFee = buyTotal({ units: 100, price: list.prices.LAND_POUND.pricePerUnit, buyFeeCents: list.prices.LAND_POUND.buyOrderTransactionFeeInCents, externalFee: oldFee });
    expect(figures.paymentAmount).toBeGreaterThan(withOldFee.paymentAmount);
    const form = await fillBuyTab(page, { units: 100 });
    const methods = await continueToPayment(page, form, 'unitType=LAND_POUND&units=100');
    await methodRadio(methods, 'Card_Stripe').check();
    await expect(methodRadio(methods, 'Card_Stripe')).toHaveAccessibleName(`Card ${gbp(figures.paymentAmount)}`);
    await reviewAndConfirm(page, { method: 'Card', total: gbp(figures.paymentAmount) }, '/dashboard/buy-units/payment-card-stripe');
    const payment = page.getByRole('region', { name: 'Your payment' });
    await expect(figure(payment, 'Amount to pay')).toHaveText(gbp(figures.paymentAmount));
    await expect(figure(payment, 'Card fee')).toHaveText(gbp(methodFee(figures)));
  });

  await restore(finance.request, owner.request, '/api/admin/settings', before.current);
});

journeyTest('the OWNER changes the bank account; FINANCE approves; the bank payment page shows it', async ({ page, newPerson }) => {
  journeyTest.setTimeout(120_000);
  const owner = await signInAs(await newPerson(), 'OWNER', '/admin/payment-details');
  const before = ((await (await owner.request.get('/api/admin/payment-details')).json()) as { current: unknown }).current;
  const accountName = `Land Units Client Account ${Date.now() % 100_000}`;
  const reason = `We moved to Westminster Bank (${accountName})`;

  await test.step('the OWNER proposes the new account', async () => {
    const bank = owner.getByRole('group', { name: 'Bank account for bank payments' });
    await bank.getByLabel('Account name', { exact: true }).fill(accountName);
    await bank.getByLabel('Bank name', { exact: true }).fill('Westminster Bank');
    await bank.getByLabel('IBAN', { exact: true }).fill('GB82WEST12345698765433');
    await owner.getByLabel('Why this change (the approver reads it)').fill(reason);
    await owner.getByRole('button', { name: 'Send for approval' }).click();
    await expect(owner.getByText('This IBAN’s check digits do not match. Check it for a typo.')).toBeVisible();
    await bank.getByLabel('IBAN', { exact: true }).fill('GB82WEST12345698765432');
    await bank.getByLabel('Sort code (optional with an IBAN)').fill('60-16-13');
    await bank.getByLabel('Account number (optional with an IBAN)').fill('31926819');
    await owner.getByRole('button', { name: 'Send for approval' }).click();
    await expect(owner.getByText(SETTING_REQUEST_MESSAGES.proposed)).toBeVisible();
    const mine = pendingCard(owner, reason);
    await expect(mine.getByRole('button', { name: 'Approve' })).toHaveCount(0);
    await expectAccessible(owner);
    await screenshots(owner, 'admin-payment-details', mine);
  });

  const finance = await signInAs(await newPerson(), 'FINANCE', '/admin/payment-details');
  await test.step('FINANCE reads every value before → after and approves', async () => {
    const card = pendingCard(finance, reason);
    await expect(card.getByRole('row', { name: /^IBAN/ })).toContainText('GB82WEST12345698765432');
    await expect(card.getByRole('row', { name: /^Account name/ })).toContainText(accountName);
    await screenshots(finance, 'admin-payment-details-approver', card);
    await approveInPage(finance, reason);
  });

  await test.step('a bank buy’s payment page shows the new account', async () => {
    await registerThroughApi(page.request, { email: uniqueEmail('bank.details'), firstName: 'Bea', lastName: 'Bank' });
    const form = await fillBuyTab(page, { units: 5 });
    const methods = await continueToPayment(page, form, 'unitType=LAND_POUND&units=5');
    await methodRadio(methods, 'Bank').check();
    const total = gbp(expected(await priceList(page.request), { units: 5, method: 'Bank' }).paymentAmount);
    await reviewAndConfirm(page, { method: 'Bank transfer', total }, '/dashboard/buy-units/payment-bank');
    const account = page.getByRole('region', { name: 'Our bank account' });
    await expect(figure(account, 'Account name')).toHaveText(accountName);
    await expect(figure(account, 'Bank')).toHaveText('Westminster Bank');
    await expect(figure(account, 'IBAN')).toHaveText('GB82WEST12345698765432');
    await expect(figure(account, 'Sort code')).toHaveText('60-16-13');
  });

  await restore(owner.request, finance.request, '/api/admin/payment-details', before);
});
