import { CARD_MESSAGES, MAX_CARD_DECLINES } from '@landunits/domain';
import { acceptCookies, expect, expectAccessible, test } from './fixtures';
import { escapeRegExp, expectBadge, figure, holding, journeyTest, registerThroughPages, screenshots, uniqueEmail } from './journeys';

import {
  DECLINED_CARD,
  GOOD_CARD,
  UNIT_LABEL,
  buyRow,
  continueToPayment,
  expectCardSuccess,
  expectMethodTotals,
  expectNothingHeld,
  expected,
  fillBuyTab,
  gbp,
  history,
  methodFee,
  methodRadio,
  payByTestCard,
  priceList,
  reviewAndConfirm,
  valueOf,
} from './buying-steps';

/**
 * Buying, every step through the real pages: the Buy tab (Units, the LU2X offer, a reference code),
 * the payment choice with each method's total, the method's page (card in TEST MODE, crypto, bank),
 * the success, declined and cancelled pages, the admin's approval, then the dashboard and the
 * transaction history. Expected money is worked out by hand with the domain's buyTotal from
 * today's price list (GET /api/order/get_price), to the cent. Screenshots of the new pages at 1440
 * and 360 px go to e2e/screenshots/ (not committed).
 */

journeyTest.beforeEach(async ({ page }) => {
  await acceptCookies(page);
});

journeyTest('a test-mode card purchase (Stripe) completes: success page, 100 GBP Units owned, the buy Completed in the history', async ({ page }) => {
  const email = uniqueEmail('carla');
  await registerThroughPages(page, { email, firstName: 'Carla', lastName: 'Card' });
  const list = await priceList(page.request);
  const total = gbp(expected(list, { units: 100, method: 'Card_Stripe' }).paymentAmount);
  const { subTotal } = expected(list, { units: 100, method: 'Card_Stripe' });

  let orderId = '';
  await test.step('Buy tab → Continue to payment → Card → Confirm', async () => {
    const form = await fillBuyTab(page, { units: 100 });
    const breakdown = page.getByRole('region', { name: 'Breakdown' });
    await expect(figure(breakdown, 'Subtotal')).toHaveText(gbp(subTotal));
    await expect(figure(breakdown, 'Total before payment fees')).toHaveText(gbp(expected(list, { units: 100, method: null }).paymentAmount));
    const methods = await continueToPayment(page, form, 'unitType=LAND_POUND&units=100');
    await expectMethodTotals(methods, (method) => expected(list, { units: 100, method }).paymentAmount);
    await methodRadio(methods, 'Card_Stripe').check();
    await expect(methods).toContainText('Test mode: no real card is charged.');
    await expectAccessible(page);
    await screenshots(page, 'payment-choice-card', methods);
    orderId = await reviewAndConfirm(page, { method: 'Card', total }, '/dashboard/buy-units/payment-card-stripe');
  });

  await test.step('the TEST MODE card form is shown; 4242… pays', async () => {
    await expect(page.getByRole('heading', { level: 1, name: 'Pay by card' })).toBeVisible();
    await expect(page.getByRole('note', { name: 'Test mode' })).toContainText('TEST MODE No real card is charged');
    const payment = page.getByRole('region', { name: 'Your payment' });
    await expect(figure(payment, 'Amount to pay')).toHaveText(total);
    await expect(figure(payment, 'Units')).toHaveText('100 GBP Units');
    await expect(figure(payment, 'Subtotal')).toHaveText(gbp(subTotal));
    await expect(figure(payment, 'Card fee')).toHaveText(gbp(methodFee(expected(list, { units: 100, method: 'Card_Stripe' }))));
    await expectBadge(payment, 'Initiated', 'grey');
    await expectAccessible(page);
    await screenshots(page, 'payment-card-test-mode', page.getByRole('form', { name: 'Card details' }));
    await payByTestCard(page, GOOD_CARD, total);
  });

  await test.step('the success page says the Units are in the account', async () => {
    const result = await expectCardSuccess(page, orderId, '100 GBP Units', total);
    await expect(figure(result, 'Payment method')).toHaveText('Card');
    await expect(result).toContainText('Your payment is confirmed and the Units are in your Owned balance.');
    await screenshots(page, 'buy-success-card', result);
  });

  await test.step('the dashboard shows 100 GBP Units owned, nothing pending', async () => {
    const card = await holding(page, UNIT_LABEL);
    await expect(figure(card, 'Available')).toHaveText('100');
    // What was paid, card fee included.
    await expect(figure(card, 'Cost, fees included')).toHaveText(total);
    await expect(figure(card, 'Value today of 100 Units')).toHaveText(gbp(valueOf(list, 100)));
    await expect(card).not.toContainText('awaiting payment approval');
  });

  await test.step('the history shows the buy Completed', async () => {
    const table = await history(page, 1);
    const row = buyRow(page, table);
    await expect(row.getByRole('cell').nth(3)).toHaveText('100');
    await expect(row).toContainText(total);
    await expectBadge(row, 'Completed', 'green');
    await expect(row.getByRole('link', { name: /^Pay now/ })).toHaveCount(0);
  });
});

journeyTest('a declined test card is tried again on the same order: the decline and the tries left, the Units still reserved, then another card pays that order', async ({ page }) => {
  const email = uniqueEmail('dora');
  await registerThroughPages(page, { email, firstName: 'Dora', lastName: 'Declined' });
  const list = await priceList(page.request);
  const total = gbp(expected(list, { units: 50, method: 'Card_Stripe' }).paymentAmount);

  let orderId = '';
  await test.step('Buy tab → Card → Confirm', async () => {
    const form = await fillBuyTab(page, { units: 50 });
    const methods = await continueToPayment(page, form, 'unitType=LAND_POUND&units=50');
    await methodRadio(methods, 'Card_Stripe').check();
    await expect(methodRadio(methods, 'Card_Stripe')).toHaveAccessibleName(`Card ${total}`);
    orderId = await reviewAndConfirm(page, { method: 'Card', total }, '/dashboard/buy-units/payment-card-stripe');
  });

  await test.step('4000 0000 0000 0002 is declined: the message and the tries left, the same form on the same order', async () => {
    await expect(page.getByRole('heading', { level: 1, name: 'Pay by card' })).toBeVisible();
    await expect(page.getByRole('note', { name: 'Test mode' })).toBeVisible();
    const payment = page.getByRole('region', { name: 'Your payment' });
    await expect(figure(payment, 'Amount to pay')).toHaveText(total);
    await payByTestCard(page, DECLINED_CARD, total);
    await expect(payment.getByRole('alert')).toHaveText(`${CARD_MESSAGES.declined} Your Units stay reserved: you can try another card on this order (${MAX_CARD_DECLINES - 1} tries left).`);
    await expect(page.getByRole('region', { name: 'Payment declined' })).toHaveCount(0);
    await expect(page.getByRole('form', { name: 'Card details' })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`orderId=${escapeRegExp(orderId)}$`));
    await expectAccessible(page);
    await screenshots(page, 'payment-card-declined', payment);
  });

  await test.step('4242… pays the same order: the success page, 50 GBP Units owned', async () => {
    await payByTestCard(page, GOOD_CARD, total);
    await expectCardSuccess(page, orderId, '50 GBP Units', total);
    await expect(figure(await holding(page, UNIT_LABEL), 'Available')).toHaveText('50');
  });

  await test.step('the history has that one buy, Completed', async () => {
    const table = await history(page, 1);
    const row = buyRow(page, table);
    await expect(row.getByRole('cell').nth(3)).toHaveText('50');
    await expect(row).toContainText(total);
    await expectBadge(row, 'Completed', 'green');
  });
});

journeyTest('a cancelled card payment: Cancel on the card page → the cancelled page, Cancelled in the history, nothing pending', async ({ page }) => {
  const email = uniqueEmail('cato');
  await registerThroughPages(page, { email, firstName: 'Cato', lastName: 'Cancel' });
  const list = await priceList(page.request);
  const total = gbp(expected(list, { units: 30, method: 'Card_Stripe' }).paymentAmount);

  let orderId = '';
  await test.step('Buy tab → Card → Confirm', async () => {
    const form = await fillBuyTab(page, { units: 30 });
    const methods = await continueToPayment(page, form, 'unitType=LAND_POUND&units=30');
    await methodRadio(methods, 'Card_Stripe').check();
    orderId = await reviewAndConfirm(page, { method: 'Card', total }, '/dashboard/buy-units/payment-card-stripe');
  });

  await test.step('while the Units are reserved, the dashboard shows them pending', async () => {
    // A second page of the same person: the card page stays open.
    const other = await page.context().newPage();
    const card = await holding(other, UNIT_LABEL);
    await expect(figure(card, 'Available')).toHaveText('0');
    await expect(card).toContainText('30 Units awaiting payment approval, not counted above');
    await other.close();
  });

  await test.step('Cancel order on the card page, confirmed → the cancelled page', async () => {
    await expect(page.getByRole('note', { name: 'Test mode' })).toBeVisible();
    await page.getByRole('button', { name: 'Cancel order' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel this order?' });
    await expect(dialog).toContainText('The 30 GBP Units reserved for you are released.');
    await dialog.getByRole('button', { name: 'Cancel order' }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/buy-units/cancelled\\?orderId=${escapeRegExp(orderId)}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Purchase cancelled' })).toBeVisible();
    const result = page.getByRole('region', { name: `Order ${orderId}` });
    await expectBadge(result, 'Cancelled', 'grey');
    await expect(figure(result, 'Units')).toHaveText('30 GBP Units');
    await expect(figure(result, 'Amount')).toHaveText(total);
    await expect(result).toContainText('The Units reserved for this order are released.');
    await expectAccessible(page);
    await screenshots(page, 'buy-cancelled', result);
  });

  await test.step('the history shows the buy Cancelled', async () => {
    const table = await history(page, 1);
    const row = buyRow(page, table);
    await expect(row.getByRole('cell').nth(3)).toHaveText('30');
    await expectBadge(row, 'Cancelled', 'grey');
    await expect(row.getByRole('link', { name: /^Pay now/ })).toHaveCount(0);
  });

  await test.step('nothing is pending on the dashboard', async () => {
    await expectNothingHeld(page);
  });
});
