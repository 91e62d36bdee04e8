import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { INVOICE_MESSAGES } from '@landunits/domain';
import type { APIResponse } from '@playwright/test';
import { acceptCookies, devMailList, expect, expectAccessible, openMail, test } from './fixtures';
import { adminCredentials, escapeRegExp, journeyTest, registerThroughApi, screenshots, SHOTS_DIR, uniqueEmail } from './journeys';
import { staffLogInThroughApi } from './authenticator';

/**
 * Sales invoices in Chromium against the real server: a person whose bank buy the OWNER approved
 * finds its invoice on /dashboard/sales-invoices, opens the PDF in a new tab, has it emailed, and
 * finds the email with the PDF attached in /dev/mail. Before any paid buy the page says when
 * invoices appear. Screenshots at 1440 and 360 px, and the PDF itself, go to e2e/screenshots/.
 */

const once = () => ({ 'idempotency-key': `e2e-${randomUUID()}` });

async function ok(answer: Promise<APIResponse>, what: string): Promise<APIResponse> {
  const res = await answer;
  expect(res.ok(), `${what}: ${res.status()} ${await res.text()}`).toBe(true);
  return res;
}

journeyTest.beforeEach(async ({ page }) => {
  await acceptCookies(page);
});

journeyTest('a paid buy has its invoice: opened as a PDF, emailed, and found with its attachment in /dev/mail', async ({ page, newPerson }) => {
  const email = uniqueEmail('ivy');
  await registerThroughApi(page.request, { email, firstName: 'Ivy', lastName: 'Invoice' });

  await test.step('before anything is paid, the page says when invoices appear', async () => {
    await page.goto('/dashboard/sales-invoices');
    await expect(page.getByRole('heading', { level: 1, name: 'Invoices' })).toBeVisible();
    await expect(page.getByRole('heading', { name: INVOICE_MESSAGES.emptyTitle })).toBeVisible();
    await expect(page.getByText(INVOICE_MESSAGES.empty)).toBeVisible();
    await screenshots(page, 'invoices-empty', page.getByText(INVOICE_MESSAGES.empty));
  });

  let orderId = '';
  await test.step('a bank buy of 250 Units, marked sent, is approved by the OWNER', async () => {
    const buy = await ok(
      page.request.post('/api/order/create_order', { headers: once(), data: { orderType: 'BUY', currencyUnit: { numberOfUnits: 250 }, paymentDetails: { paymentMethod: 'Bank' } } }),
      'buy',
    );
    orderId = ((await buy.json()) as { orderCreatedData: { orderId: string } }).orderCreatedData.orderId;
    await ok(page.request.post('/api/order/success_order', { headers: once(), data: { orderId } }), 'sent');
    const admin = await newPerson();
    const { email: adminEmail, password } = adminCredentials();
    await staffLogInThroughApi(admin.context, adminEmail, password);
    await ok(admin.context.request.post(`/api/admin/orders/${orderId}/transition`, { headers: once(), data: { toStatus: 'Approved', reason: 'Payment received in the bank' } }), 'approve');
  });

  let number = '';
  await test.step('the invoice is listed and opens as a PDF in a new tab', async () => {
    await page.goto('/dashboard/sales-invoices');
    const table = page.getByRole('table');
    const row = table.getByRole('row').filter({ hasText: orderId });
    await expect(row).toHaveCount(1);
    number = ((await row.getByRole('rowheader').textContent()) ?? '').trim();
    expect(number).toMatch(/^LU-\d{4}-\d{6}$/);
    await expect(row).toContainText('Purchase of 250 GBP Units');
    await expectAccessible(page);
    await screenshots(page, 'invoices-list', page.getByRole('region', { name: 'Your invoices' }).getByText(number).first());

    const open = row.getByRole('link', { name: new RegExp(`^Open ${escapeRegExp(number)}`) });
    await expect(open).toHaveAttribute('target', '_blank');
    const pdfResponse = page.context().waitForEvent('response', (r) => r.url().includes('/api/utility/render-single-transaction-invoice'));
    const [popup] = await Promise.all([page.waitForEvent('popup'), open.click()]);
    const response = await pdfResponse;
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('application/pdf');
    expect(response.headers()['content-disposition']).toContain(`inline; filename="${number}.pdf"`);
    await popup.close();

    const direct = await ok(page.request.get((await open.getAttribute('href')) ?? ''), 'pdf');
    const bytes = await direct.body();
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    mkdirSync(SHOTS_DIR, { recursive: true });
    writeFileSync(`${SHOTS_DIR}invoice-${number}.pdf`, bytes);
  });

  await test.step('"Email me" sends it; the email in /dev/mail carries the PDF', async () => {
    const row = page.getByRole('table').getByRole('row').filter({ hasText: orderId });
    await row.getByRole('button', { name: `Email me ${number}` }).click();
    await expect(page.getByRole('status').filter({ hasText: `${number}: ${INVOICE_MESSAGES.emailed(email)}` })).toBeVisible();

    const subject = `Your invoice ${number}`;
    await openMail(page, email, subject);
    const attachments = page.getByRole('region', { name: 'Attachments' });
    const link = attachments.getByRole('link', { name: `${number}.pdf` });
    await expect(link).toBeVisible();
    await expect(attachments).toContainText('application/pdf');
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toBe(`${number}.pdf`);
    const { messages } = await devMailList();
    const sent = messages.find((m) => m.to === email && m.subject === subject);
    expect(sent?.attachments).toEqual([expect.objectContaining({ filename: `${number}.pdf`, contentType: 'application/pdf' })]);
    const file = await fetch(new URL(sent?.attachments[0]?.url ?? '', process.env.E2E_BASE_URL));
    expect(file.status).toBe(200);
    expect(
      Buffer.from(await file.arrayBuffer())
        .subarray(0, 5)
        .toString('latin1'),
    ).toBe('%PDF-');
  });
});

test('anonymous visitors are asked to log in, and the API answers 401', async ({ page }) => {
  await acceptCookies(page);
  await page.goto('/dashboard/sales-invoices');
  await expect(page).toHaveURL(/\/login/);
  const res = await page.request.get('/api/utility/render-single-transaction-invoice?orderId=01ARZ3NDEKTSV4RRFFQ69G5FAV');
  expect(res.status()).toBe(401);
});
