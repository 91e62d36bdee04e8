import { DISPLAYED_STATUSES, ORDER_MESSAGES } from '@landunits/domain';
import { acceptCookies, expect, expectAccessible, test } from './fixtures';
import { expectBadge, figure, holding, journeyTest, registerThroughPages, screenshots, uniqueEmail } from './journeys';
import {
  GOOD_CARD,
  UNIT_LABEL,
  adminApproves,
  continueToPayment,
  expectCardSuccess,
  expected,
  fillBuyTab,
  gbp,
  methodRadio,
  payByTestCard,
  priceList,
  reviewAndConfirm,
  valueOf,
} from './buying-steps';

/**
 * Figures a customer can trust, through the real pages: a decimal typed into Number of Units is
 * called out (never read as 25); the dashboard's parts add up to the Units held and the value is of
 * exactly those Units, with the cost what was paid, fees included; the history's "Completed" filter
 * finds every buy shown as Completed (an approved bank buy as well as a card buy).
 */

journeyTest.beforeEach(async ({ page }) => {
  await acceptCookies(page);
});

journeyTest('typing 2.5 Units is called out, kept as typed and never becomes 25', async ({ page }) => {
  await registerThroughPages(page, { email: uniqueEmail('dora'), firstName: 'Dora', lastName: 'Decimal' });
  await page.goto('/dashboard/transaction');
  const form = page.getByRole('form', { name: 'Buy Units' });
  const units = form.getByLabel('Number of Units');
  await units.pressSequentially('2.5');

  await expect(units).toHaveValue('2.5');
  await expect(form.getByText(ORDER_MESSAGES.unitsWhole)).toBeVisible();
  await expect(units).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('region', { name: 'Breakdown' })).not.toContainText('25 GBP Units');

  await form.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page).toHaveURL(/\/dashboard\/transaction/);
  await expect(units).toBeFocused();

  await units.fill('25');
  await expect(form.getByText(ORDER_MESSAGES.unitsWhole)).toHaveCount(0);
  await expect(figure(page.getByRole('region', { name: 'Breakdown' }), 'Units')).toHaveText('25 GBP Units');
});

journeyTest('the dashboard adds up and the Completed filter finds an approved bank buy and a card buy', async ({ page, newPerson }) => {
  journeyTest.setTimeout(120_000);
  const email = uniqueEmail('fiona');
  const admin = await newPerson();
  await registerThroughPages(page, { email, firstName: 'Fiona', lastName: 'Figures' });
  const list = await priceList(page.request);
  const bank = expected(list, { units: 40, method: 'Bank' });
  const lu2x = expected(list, { units: 20, method: 'Card_Stripe', isDoubleLand: true });

  await test.step('a bank buy of 40 Units, approved by the admin (Approved inside, shown Completed)', async () => {
    const form = await fillBuyTab(page, { units: 40 });
    const methods = await continueToPayment(page, form, 'unitType=LAND_POUND&units=40');
    await methodRadio(methods, 'Bank').check();
    const orderId = await reviewAndConfirm(page, { method: 'Bank transfer', total: gbp(bank.paymentAmount) }, '/dashboard/buy-units/payment-bank');
    await page.getByRole('button', { name: 'I have sent the payment' }).click();
    await expect(page).toHaveURL(/\/dashboard\/buy-units\/payment\/success\?orderId=/);
    await adminApproves(admin.page, { reference: orderId.slice(-5), email, total: gbp(bank.paymentAmount), paidBy: 'Bank transfer' });
  });

  await test.step('an LU2X card buy of 20 Units (locked) and a bank buy of 30 left awaiting payment', async () => {
    const form = await fillBuyTab(page, { units: 20, lu2x: true });
    const methods = await continueToPayment(page, form, 'unitType=LAND_POUND&units=20&lu2x=1');
    await methodRadio(methods, 'Card_Stripe').check();
    const orderId = await reviewAndConfirm(page, { method: 'Card', total: gbp(lu2x.paymentAmount) }, '/dashboard/buy-units/payment-card-stripe');
    await payByTestCard(page, GOOD_CARD, gbp(lu2x.paymentAmount));
    await expectCardSuccess(page, orderId, '20 GBP Units', gbp(lu2x.paymentAmount));

    const pending = await fillBuyTab(page, { units: 30 });
    const choice = await continueToPayment(page, pending, 'unitType=LAND_POUND&units=30');
    await methodRadio(choice, 'Bank').check();
    await reviewAndConfirm(page, { method: 'Bank transfer', total: gbp(expected(list, { units: 30, method: 'Bank' }).paymentAmount) }, '/dashboard/buy-units/payment-bank');
  });

  await test.step('the dashboard: 40 available + 20 locked = 60 held, valued as 60 Units; cost is what was paid; 30 pending apart', async () => {
    const card = await holding(page, UNIT_LABEL);
    await expect(figure(card, 'Available')).toHaveText('40');
    await expect(figure(card, 'Locked (20 LU2X)')).toHaveText('20');
    await expect(figure(card, 'Total')).toHaveText('60');
    await expect(figure(card, 'Units held')).toHaveText('60');
    await expect(figure(card, 'Value today of 60 Units')).toHaveText(gbp(valueOf(list, 60)));
    await expect(figure(card, 'Cost, fees included')).toHaveText(gbp(bank.paymentAmount + lu2x.paymentAmount));
    await expect(card).toContainText('30 Units awaiting payment approval, not counted above');
    await expectAccessible(page);
    await screenshots(page, 'dashboard-figures', card);
  });

  await test.step('the history offers the statuses as shown; Completed finds both paid buys, not the unpaid one', async () => {
    await page.goto('/dashboard/my-transactions');
    const table = page.getByRole('table', { name: 'Transactions' });
    await expect(table.getByRole('row')).toHaveCount(4);
    const filters = page.getByRole('form', { name: 'Filter transactions' });
    const status = filters.getByLabel('Status');
    await expect(status.getByRole('option')).toHaveText(['All', ...DISPLAYED_STATUSES]);
    await status.selectOption('Completed');
    await filters.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page).toHaveURL(/orderStatus=Completed/);
    await expect(table.getByRole('row')).toHaveCount(3);
    for (const row of await table.getByRole('row').all()) if ((await row.getByRole('cell').count()) > 0) await expectBadge(row, 'Completed', 'green');
    await expect(table).toContainText(gbp(bank.paymentAmount));
    await expect(table).toContainText(gbp(lu2x.paymentAmount));
  });
});
