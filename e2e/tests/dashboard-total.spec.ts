import { formatMoney } from '@landunits/domain';
import type { Locator } from '@playwright/test';
import { acceptCookies, expect, expectAccessible, test } from './fixtures';
import { figure, journeyTest, registerThroughPages, screenshots, uniqueEmail } from './journeys';
import { continueToPayment, expectCardSuccess, expected, fillBuyTab, gbp, GOOD_CARD, methodRadio, payByTestCard, priceList, reviewAndConfirm, valueOf } from './buying-steps';

/**
 * The dashboard leads with the person's money (issue #30, item 1): a new person sees £0.00 and
 * where their value will show; after a card buy of 100 GBP Units the total is what those Units are
 * worth today, and it is the sum of its parts (available, locked, pending) in every currency
 * chosen; the choice is kept on the account; on a phone the total comes before the holdings.
 */

journeyTest.beforeEach(async ({ page }) => {
  await acceptCookies(page);
});

/** Cents from a shown amount such as "€1,234.56". */
const centsOf = (text: string | null) => Number((text ?? '').replace(/[^\d]/g, ''));

async function expectSumOfParts(total: Locator, region: Locator): Promise<number> {
  const shown = centsOf(await total.textContent());
  const parts = await Promise.all(['Available', 'Locked', 'Pending'].map(async (label) => centsOf(await figure(region, label).textContent())));
  expect(
    parts.reduce((a, b) => a + b, 0),
    'the total is the sum of its parts',
  ).toBe(shown);
  return shown;
}

journeyTest('the dashboard leads with the total: what the Units are worth, the sum of available, locked and pending, in the currency chosen', async ({ page }) => {
  await registerThroughPages(page, { email: uniqueEmail('tom'), firstName: 'Tom', lastName: 'Total' });
  const region = page.getByRole('region', { name: 'Your total' });
  const total = region.locator('p', { hasText: 'Total value:' });

  await test.step('a new person sees £0.00 and where their value will show', async () => {
    await page.goto('/dashboard');
    await expect(total).toHaveText('Total value: £0.00');
    await expect(region).toContainText('Your value over time shows here once you hold Units.');
  });

  const list = await priceList(page.request);
  await test.step('buy 100 GBP Units by test card', async () => {
    const paid = gbp(expected(list, { units: 100, method: 'Card_Stripe' }).paymentAmount);
    const form = await fillBuyTab(page, { units: 100 });
    const methods = await continueToPayment(page, form, 'unitType=LAND_POUND&units=100');
    await methodRadio(methods, 'Card_Stripe').check();
    const orderId = await reviewAndConfirm(page, { method: 'Card', total: paid }, '/dashboard/buy-units/payment-card-stripe');
    await payByTestCard(page, GOOD_CARD, paid);
    await expectCardSuccess(page, orderId, '100 GBP Units', paid);
  });

  await test.step('the total is the value of the 100 Units today, all of it available, with the chart of its value', async () => {
    await page.goto('/dashboard');
    const worth = valueOf(list, 100);
    await expect(total).toHaveText(`Total value: ${gbp(worth)}`);
    await expect(figure(region, 'Available')).toHaveText(gbp(worth));
    await expect(figure(region, 'Locked')).toHaveText('£0.00');
    await expect(figure(region, 'Pending')).toHaveText('£0.00');
    expect(await expectSumOfParts(total, region)).toBe(Number(worth));
    await expect(region.getByRole('figure')).toContainText(`${gbp(worth)} today`);
    await expectAccessible(page);
    await screenshots(page, 'dashboard-total', region);
  });

  await test.step('on a phone the total comes first, before the holdings', async () => {
    await page.setViewportSize({ width: 360, height: 780 });
    const holdings = page.getByRole('heading', { level: 2, name: 'Your holdings' });
    const [top, below] = await Promise.all([region.boundingBox(), holdings.boundingBox()]);
    expect(top!.y).toBeLessThan(below!.y);
    expect(top!.y).toBeLessThan(780);
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  await test.step('in euros: the parts still add up to the total, and the choice stays after a reload', async () => {
    await region.getByLabel('Show in').selectOption('EUR');
    await expect(total).toHaveText(/^Total value: €[\d,]+\.\d\d$/);
    const euros = await expectSumOfParts(total, region);
    // The pound total at the admin's rate, within a cent for each of the three parts.
    const rate = Number(((await (await page.request.get('/api/user')).json()) as { exchangeRate: Record<string, string> }).exchangeRate.EUR);
    expect(Math.abs(euros - Number(valueOf(list, 100)) * rate)).toBeLessThanOrEqual(3);
    await page.reload();
    await expect(total).toHaveText(`Total value: ${formatMoney(euros, 'EUR')}`);
    await expect(region.getByLabel('Show in')).toHaveValue('EUR');
  });
});
