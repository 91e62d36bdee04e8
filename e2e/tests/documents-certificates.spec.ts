import { readFile } from 'node:fs/promises';
import { formatDate, yourImpact, type Currency, type SiteStatistics } from '@landunits/domain';
import type { Download, Locator, Page } from '@playwright/test';
import { pdfLines } from '../../apps/api/src/test/pdf-text';
import { acceptCookies, expect, expectAccessible, test } from './fixtures';
import { figure, journeyTest, registerThroughPages, screenshots, uniqueEmail } from './journeys';
import { continueToPayment, expectCardSuccess, expected, fillBuyTab, gbp, GOOD_CARD, methodRadio, payByTestCard, priceList, reviewAndConfirm, valueOf } from './buying-steps';

/**
 * The documents of today's holdings (issue #15, items 3 and 4): a holder of 100 GBP Units sees
 * "Your impact" on the dashboard, downloads the direct impact certificate and reads its code in
 * the PDF (pdf.js), opens /verify/{code} signed out and finds the same date and figures without
 * their name; the current value PDF downloads too. Expected shares are worked out with the
 * domain's yourImpact from the public statistics and today's price list.
 */

journeyTest.beforeEach(async ({ page }) => {
  await acceptCookies(page);
});

async function downloaded(page: Page, button: Locator): Promise<{ name: string; lines: string[] }> {
  const [download] = (await Promise.all([page.waitForEvent('download'), button.click()])) as [Download, void];
  const bytes = await readFile(await download.path());
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  return { name: download.suggestedFilename(), lines: await pdfLines(new Uint8Array(bytes)) };
}

journeyTest('a holder downloads the impact certificate, its code verifies publicly with the same date and figures, and the current value downloads', async ({ page, browser }) => {
  const email = uniqueEmail('ivy');
  await registerThroughPages(page, { email, firstName: 'Ivy', lastName: 'Impact' });

  await test.step('before any Units, the dashboard explains where impact comes from', async () => {
    await page.goto('/dashboard');
    const impact = page.getByRole('region', { name: 'Your impact' });
    await expect(impact.getByRole('heading', { name: 'No impact yet' })).toBeVisible();
    await expect(impact).toContainText('Your impact appears here once you hold Units');
  });

  const list = await priceList(page.request);
  await test.step('buy 100 GBP Units by test card', async () => {
    const total = gbp(expected(list, { units: 100, method: 'Card_Stripe' }).paymentAmount);
    const form = await fillBuyTab(page, { units: 100 });
    const methods = await continueToPayment(page, form, 'unitType=LAND_POUND&units=100');
    await methodRadio(methods, 'Card_Stripe').check();
    const orderId = await reviewAndConfirm(page, { method: 'Card', total }, '/dashboard/buy-units/payment-card-stripe');
    await payByTestCard(page, GOOD_CARD, total);
    await expectCardSuccess(page, orderId, '100 GBP Units', total);
  });

  const statistics = (await (await page.request.get('/api/site/statistics')).json()) as SiteStatistics;
  const landValueCents = statistics.landValues as Record<Currency, number>;
  const mine = yourImpact({ valueTodayCents: { GBP: valueOf(list, 100) }, landValueCents, metrics: statistics.impact });
  const today = statistics.asOf;

  const impact = page.getByRole('region', { name: 'Your impact' });
  await test.step('the dashboard shows the share of the land projects, how it is worked out, and the share of each metric', async () => {
    await page.goto('/dashboard');
    for (const m of mine.metrics) await expect(figure(impact, m.label)).toHaveText(`${m.yoursPercent}% of the land’s ${m.metricPercent}%`);
    await expect(impact).toContainText(`Your share of the land is ${mine.landSharePercent}%`);
    await expect(impact.getByRole('link', { name: 'How we work this out' })).toHaveAttribute('href', '/statistics#your-share-method');
    await expectAccessible(page);
    await screenshots(page, 'dashboard-your-impact', impact);
  });

  let code = '';
  await test.step('download the impact certificate and read its code', async () => {
    const { name, lines } = await downloaded(page, impact.getByRole('button', { name: 'Download impact certificate' }));
    expect(name).toBe(`land-units-impact-certificate-${today}.pdf`);
    await expect(impact.getByRole('status')).toHaveText('Your direct impact certificate is downloading.');
    expect(lines).toContain('Issued to Ivy Impact');
    expect(lines).toContain(`Date of the figures ${formatDate(`${today}T00:00:00Z`, 'DD MMM YYYY')} (prices of that day)`);
    for (const m of mine.metrics) expect(lines).toContain(`${m.label} ${m.metricPercent}% ${m.yoursPercent}%`);
    code = lines.map((l) => /^Certificate code (LUIC(-[0-9A-Z]{4}){4})$/.exec(l)?.[1]).find(Boolean) ?? '';
    expect(code).not.toBe('');
    expect(lines.some((l) => l.startsWith('Verify at http') && l.endsWith(`/verify/${code}`))).toBe(true);
  });

  await test.step('anyone with the code opens /verify/{code}: the same date and figures, no name, no email, noindex', async () => {
    const visitor = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, viewport: { width: 1440, height: 900 } });
    const other = await visitor.newPage();
    await acceptCookies(other);
    const answer = await other.goto(`/verify/${code}`);
    expect(answer?.status()).toBe(200);
    expect(answer?.headers()['x-robots-tag']).toBe('noindex, nofollow');
    await expect(other.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
    const page2 = other.getByRole('article', { name: 'Direct impact certificate verified' });
    await expect(page2.getByText('Valid certificate')).toBeVisible();
    await expect(page2).toContainText(`The figures below are those it states, for ${formatDate(`${today}T00:00:00Z`, 'DD MMM YYYY')}.`);
    await expect(page2.getByText(code, { exact: true })).toBeVisible();
    const rows = page2.getByRole('table', { name: 'The holder’s share of each impact metric' }).getByRole('row');
    await expect(rows).toHaveText(['Impact metricOn the landHolder’s share', ...mine.metrics.map((m) => `${m.label}${m.metricPercent}%${m.yoursPercent}%`)]);
    await expect(page2.getByRole('region', { name: 'How the share was worked out' })).toContainText(`Share of the land, all currencies: ${mine.landSharePercent}%`);
    const text = await other.locator('body').innerText();
    expect(text).not.toContain('Ivy');
    expect(text).not.toContain(email);
    await expectAccessible(other);
    await screenshots(other, 'verify-certificate', page2);

    const unknown = await other.goto('/verify/LUIC-0000-0000-0000-0000');
    expect(unknown?.status()).toBe(404);
    expect(unknown?.headers()['x-robots-tag']).toBe('noindex, nofollow');
    await expect(other.getByRole('heading', { level: 1, name: 'No certificate has this code' })).toBeVisible();
    await screenshots(other, 'verify-certificate-unknown', other.getByRole('heading', { level: 1 }));
    await visitor.close();
  });

  await test.step('download the current value', async () => {
    const { name, lines } = await downloaded(page, impact.getByRole('button', { name: 'Download current value' }));
    expect(name).toBe(`land-units-current-value-${today}.pdf`);
    expect(lines).toContain('Holder Ivy Impact');
    expect(lines).toContain('GBP Units 100 0 0 0 0 100');
    const value = gbp(valueOf(list, 100));
    expect(lines.some((l) => l.startsWith(`GBP Units £${list.prices.LAND_POUND.pricePerUnit} ${value} `))).toBe(true);
  });
});
