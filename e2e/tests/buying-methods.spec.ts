import { coinAmountFor, divRoundHalfUp, doubleLandUnlockDates, formatDate, formatDay, MICROS_PER_CENT, priceToMicros } from '@landunits/domain';
import { acceptCookies, expect, expectAccessible, test } from './fixtures';
import { escapeRegExp, expectBadge, figure, holding, journeyTest, registerThroughApi, registerThroughPages, screenshots, uniqueEmail } from './journeys';

import {
  DEMO_10OFF,
  DEMO_BONUS25,
  GOOD_CARD,
  UNIT_LABEL,
  adminApproves,
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
 *
 * This file: crypto, reference codes and the LU2X offer (cards: buying.spec.ts).
 */

journeyTest.beforeEach(async ({ page }) => {
  await acceptCookies(page);
});

journeyTest(
  'a crypto purchase (Bitcoin): the coin amount at the rate with its countdown and QR code, wallet and reference, "I have sent the payment", the admin approves, the Units are owned',
  async ({ page, newPerson }) => {
    const email = uniqueEmail('cyrus');
    const admin = await newPerson();
    await registerThroughPages(page, { email, firstName: 'Cyrus', lastName: 'Coin' });
    const list = await priceList(page.request);
    const figures = expected(list, { units: 40, method: 'Crypto' });
    const total = gbp(figures.paymentAmount);
    const bundle = (await (await page.request.get('/api/user')).json()) as { cryptoWallets: { BITCOIN: string } };
    const wallet = bundle.cryptoWallets.BITCOIN;
    expect(wallet).toMatch(/^bc1/);

    let orderId = '';
    let reference = '';
    await test.step('Buy tab → Crypto, Bitcoin → Confirm', async () => {
      const form = await fillBuyTab(page, { units: 40 });
      const methods = await continueToPayment(page, form, 'unitType=LAND_POUND&units=40');
      await methodRadio(methods, 'Crypto').check();
      await expect(methodRadio(methods, 'Crypto')).toHaveAccessibleName(`Crypto (Bitcoin or Ether) ${total}`);
      const coins = methods.getByRole('group', { name: 'Coin' });
      await coins.getByRole('radio', { name: 'Bitcoin (BTC)' }).check();
      await expectAccessible(page);
      await screenshots(page, 'payment-choice-crypto', coins);
      orderId = await reviewAndConfirm(page, { method: 'Crypto: Bitcoin (BTC)', total, rows: { 'Payment method fee': gbp(methodFee(figures)) } }, '/dashboard/buy-units/payment-crypto');
      reference = orderId.slice(-5);
    });

    await test.step('the crypto page shows the coin amount at the rate, a countdown and a QR code; an expired amount is renewed', async () => {
      // The page's own clock, so that the quote's 15 minutes pass at once (the server's time runs on).
      await page.clock.install();
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: 'Pay with crypto' })).toBeVisible();
      const where = page.getByRole('region', { name: 'Where to send it' });
      // The admin's default price of one Bitcoin, £65,000.00; the amount is rounded up to 10^-8 BTC.
      const coins = coinAmountFor(Number(figures.paymentAmount), '65000.00');
      await expect(where.getByLabel('Amount to send')).toHaveText(`${coins} BTC`);
      await expect(where).toContainText(`${total} at 1 BTC = £65,000.00.`);
      await expect(where).toContainText('Rate: 1 BTC = £65,000.00 (Land Units’ rate');
      const timer = where.getByRole('timer');
      await expect(timer).toHaveText(/^1[45]:\d\d$/);
      const shown = await timer.textContent();
      await page.clock.fastForward(2_000);
      await expect(timer).not.toHaveText(shown ?? '');
      await expect(where.getByRole('img', { name: `QR code: pay ${coins} BTC to our Bitcoin (BTC) wallet` })).toBeVisible();

      await page.clock.fastForward('15:30');
      const expired = where.getByRole('alert');
      await expect(expired).toContainText('This amount expired at');
      await expect(where.getByRole('img', { name: /QR code/ })).toHaveCount(0);
      await expired.getByRole('button', { name: 'Get a new amount' }).click();
      // By the server's clock the quote still holds: the same amount, counting down again.
      await expect(timer).toHaveText(/^1[45]:\d\d$/);
      await expect(where.getByLabel('Amount to send')).toHaveText(`${coins} BTC`);
    });

    await test.step('the crypto page shows the wallet address, the amount and the reference', async () => {
      await expect(page.getByRole('heading', { level: 1, name: 'Pay with crypto' })).toBeVisible();
      const payment = page.getByRole('region', { name: 'Your payment' });
      await expect(figure(payment, 'Amount to pay')).toHaveText(total);
      await expect(figure(payment, 'Units')).toHaveText('40 GBP Units');
      await expect(figure(payment, 'Crypto: Bitcoin (BTC) fee')).toHaveText(gbp(methodFee(figures)));
      await expectBadge(payment, 'Initiated', 'grey');
      const where = page.getByRole('region', { name: 'Where to send it' });
      await expect(figure(where, 'Coin')).toHaveText('Bitcoin (BTC)');
      await expect(page.getByLabel('Our Bitcoin (BTC) wallet address')).toHaveText(wallet);
      await expect(page.getByLabel('Payment reference')).toHaveText(reference);
      await expect(payment).toContainText(`Send the amount above, worth ${total}, while it holds`);
      await expectAccessible(page);
      await screenshots(page, 'payment-crypto', where);

      await page.getByRole('button', { name: 'I have sent the payment' }).click();
      await expect(page).toHaveURL(new RegExp(`/dashboard/buy-units/payment/success\\?orderId=${escapeRegExp(orderId)}$`));
      const result = page.getByRole('region', { name: `Order ${orderId}` });
      await expectBadge(result, 'Pending Approval', 'lilac');
      await expect(figure(result, 'Payment reference')).toHaveText(reference);
      await expect(figure(result, 'Payment method')).toHaveText('Crypto: Bitcoin (BTC)');
      await expect(result).toContainText('an admin checks that your payment has arrived in our wallet');
    });

    await test.step('the dashboard shows the 40 Units pending approval', async () => {
      const card = await holding(page, UNIT_LABEL);
      await expect(figure(card, 'Available')).toHaveText('0');
      await expect(card).toContainText('40 Units awaiting payment approval, not counted above');
    });

    await test.step('the admin approves the payment with a reason', async () => {
      await adminApproves(admin.page, { reference, email, total, paidBy: 'Bitcoin (BTC)' });
    });

    await test.step("the buyer's dashboard shows 40 GBP Units owned, the history Completed", async () => {
      const card = await holding(page, UNIT_LABEL);
      await expect(figure(card, 'Available')).toHaveText('40');
      await expect(figure(card, 'Cost, fees included')).toHaveText(gbp(figures.paymentAmount));
      await expect(figure(card, 'Value today of 40 Units')).toHaveText(gbp(valueOf(list, 40)));
      await expect(card).not.toContainText('awaiting payment approval');
      const table = await history(page, 1);
      await expectBadge(buyRow(page, table), 'Completed', 'green');
    });
  },
);

journeyTest('reference codes: DEMO-10OFF discounts a card buy to the cent; a DEMO-BONUS25 bank buy approved by the admin adds 25 locked bonus Units', async ({ page, newPerson }) => {
  const email = uniqueEmail('dina');
  const admin = await newPerson();
  await registerThroughPages(page, { email, firstName: 'Dina', lastName: 'Discount' });
  const list = await priceList(page.request);
  const discounted = expected(list, { units: 100, method: 'Card_Stripe', code: DEMO_10OFF });
  const discountedTotal = gbp(discounted.paymentAmount);
  // By hand: 10 % of the subtotal, half-up, comes off before the fees.
  expect(discounted.discount).toBe(divRoundHalfUp(discounted.subTotal * 10n, 100n));
  const bonus = expected(list, { units: 20, method: 'Bank', code: DEMO_BONUS25 });
  const bonusTotal = gbp(bonus.paymentAmount);

  await test.step('DEMO-10OFF on the Buy tab shows the discount', async () => {
    const form = await fillBuyTab(page, { units: 100, code: { code: 'demo-10off', says: 'DEMO-10OFF: 10 % off the subtotal.' } });
    const breakdown = page.getByRole('region', { name: 'Breakdown' });
    await expect(figure(breakdown, 'Subtotal')).toHaveText(gbp(discounted.subTotal));
    await expect(figure(breakdown, 'Discount (DEMO-10OFF)')).toHaveText(`−${gbp(discounted.discount)}`);
    await expect(figure(breakdown, 'Total before payment fees')).toHaveText(gbp(expected(list, { units: 100, method: null, code: DEMO_10OFF }).paymentAmount));
    await screenshots(page, 'buy-tab-discount-code', form);

    const methods = await continueToPayment(page, form, 'unitType=LAND_POUND&units=100&code=DEMO-10OFF');
    const purchase = page.getByRole('region', { name: 'Your purchase' });
    await expect(figure(purchase, 'Reference code')).toHaveText('DEMO-10OFF: 10 % off the subtotal.');
    await expectMethodTotals(methods, (method) => expected(list, { units: 100, method, code: DEMO_10OFF }).paymentAmount);
    await methodRadio(methods, 'Card_Stripe').check();
    const orderId = await reviewAndConfirm(
      page,
      { method: 'Card', total: discountedTotal, rows: { 'Discount (DEMO-10OFF)': `−${gbp(discounted.discount)}`, 'Reference code': 'DEMO-10OFF: 10 % off the subtotal.' } },
      '/dashboard/buy-units/payment-card-stripe',
    );

    const payment = page.getByRole('region', { name: 'Your payment' });
    await expect(figure(payment, 'Amount to pay')).toHaveText(discountedTotal);
    await expect(figure(payment, 'Discount (DEMO-10OFF)')).toHaveText(`−${gbp(discounted.discount)}`);
    await payByTestCard(page, GOOD_CARD, discountedTotal);
    await expectCardSuccess(page, orderId, '100 GBP Units', discountedTotal);
  });

  let reference = '';
  await test.step('DEMO-BONUS25 on a bank buy of 20 Units: 25 bonus Units shown, "I have sent the payment"', async () => {
    const form = await fillBuyTab(page, {
      units: 20,
      code: { code: 'DEMO-BONUS25', says: 'DEMO-BONUS25: 25 bonus Units, locked for a time after your payment is approved.' },
    });
    const breakdown = page.getByRole('region', { name: 'Breakdown' });
    await expect(figure(breakdown, 'Bonus Units (DEMO-BONUS25)')).toHaveText('+25 GBP Units');
    await expect(figure(breakdown, 'Total before payment fees')).toHaveText(bonusTotal); // Bank has no fee
    const methods = await continueToPayment(page, form, 'unitType=LAND_POUND&units=20&code=DEMO-BONUS25');
    await methodRadio(methods, 'Bank').check();
    const orderId = await reviewAndConfirm(page, { method: 'Bank transfer', total: bonusTotal, rows: { 'Bonus Units (DEMO-BONUS25)': '+25 GBP Units' } }, '/dashboard/buy-units/payment-bank');
    reference = orderId.slice(-5);
    const payment = page.getByRole('region', { name: 'Your payment' });
    await expect(figure(payment, 'Amount to pay')).toHaveText(bonusTotal);
    await expect(figure(payment, 'Bonus Units')).toHaveText('+25 GBP Units');
    await expect(page.getByLabel('Payment reference')).toHaveText(reference);
    await page.getByRole('button', { name: 'I have sent the payment' }).click();
    await expect(page).toHaveURL(/\/dashboard\/buy-units\/payment\/success\?orderId=/);
    await expectBadge(page.getByRole('region', { name: `Order ${orderId}` }), 'Pending Approval', 'lilac');

    await page.goto('/dashboard');
    const bonusCard = page.getByRole('region', { name: 'Locked Units' }).getByRole('article', { name: 'Bonus Units' });
    await expect(bonusCard.getByRole('listitem')).toHaveCount(1);
    await expect(bonusCard.getByRole('listitem')).toContainText('25 GBP Units');
    await expect(bonusCard.getByRole('listitem')).toContainText('Code DEMO-BONUS25');
    await expect(bonusCard.getByRole('listitem')).toContainText('Unlock after your payment is approved');
  });

  await test.step('the admin approves the bank payment', async () => {
    await adminApproves(admin.page, { reference, email, total: bonusTotal, paidBy: 'Bank transfer' });
  });

  await test.step('the dashboard: 120 GBP Units owned, 25 bonus Units locked with their unlock date', async () => {
    const unlock = formatDate(new Date(Date.now() + 180 * 86_400_000), 'DD MMM YYYY');
    const card = await holding(page, UNIT_LABEL);
    await expect(figure(card, 'Available')).toHaveText('120');
    // What was paid for the Units, fees included; the bonus Units cost nothing.
    await expect(figure(card, 'Cost, fees included')).toHaveText(gbp(discounted.paymentAmount + bonus.paymentAmount));
    await expect(figure(card, 'Value today of 145 Units')).toHaveText(gbp(valueOf(list, 145)));
    await expect(figure(card, 'Locked (25 bonus)')).toHaveText('25');
    await expect(figure(card, 'Total')).toHaveText('145');
    const locked = page.getByRole('region', { name: 'Locked Units' });
    const item = locked.getByRole('article', { name: 'Bonus Units' }).getByRole('listitem');
    await expect(item).toHaveCount(1);
    await expect(item.getByText('25 GBP Units', { exact: true })).toBeVisible();
    await expect(item.getByText('Code DEMO-BONUS25', { exact: true })).toBeVisible();
    await expect(item.getByText(`Unlock on ${unlock}`, { exact: true })).toBeVisible();
    await expectAccessible(page);
    await screenshots(page, 'dashboard-bonus-locked', locked);

    const table = await history(page, 2);
    const rows = buyRow(page, table);
    await expect(rows.filter({ hasText: discountedTotal })).toHaveCount(1);
    await expect(rows.filter({ hasText: bonusTotal })).toHaveCount(1);
    for (const row of await rows.all()) await expectBadge(row, 'Completed', 'green');
  });
});

journeyTest('an LU2X purchase: half price, the Units locked with their next unlock date; they cannot be sold or transferred yet', async ({ page, newPerson }) => {
  const email = uniqueEmail('lulu');
  const emailB = uniqueEmail('ben');
  const b = await newPerson();
  const bReady = registerThroughApi(b.context.request, { email: emailB, firstName: 'Ben', lastName: 'Bystander' });
  await registerThroughPages(page, { email, firstName: 'Lulu', lastName: 'Double' });
  const list = await priceList(page.request);
  const figures = expected(list, { units: 100, method: 'Card_Stripe', isDoubleLand: true });
  const total = gbp(figures.paymentAmount);
  // Half price, by hand: 100 × price / 2, half-up.
  expect(figures.subTotal).toBe(divRoundHalfUp(100n * priceToMicros(list.prices.LAND_POUND.pricePerUnit), 2n * MICROS_PER_CENT));
  const firstUnlock = doubleLandUnlockDates(new Date())[0]!;
  const longDay = formatDay(firstUnlock);
  const lockText = `100 LU2X Units are locked; 10 unlock on ${longDay}.`;

  await test.step('the LU2X offer on the Buy tab halves the subtotal; pay by test card', async () => {
    const form = await fillBuyTab(page, { units: 100, lu2x: true });
    const breakdown = page.getByRole('region', { name: 'Breakdown' });
    await expect(figure(breakdown, 'Subtotal (LU2X half price)')).toHaveText(gbp(figures.subTotal));
    await expect(breakdown).toContainText('LU2X: half price; the Units are locked for 6 months, then unlock 10 % a month.');
    await screenshots(page, 'buy-tab-lu2x', form);
    const methods = await continueToPayment(page, form, 'unitType=LAND_POUND&units=100&lu2x=1');
    await expect(figure(page.getByRole('region', { name: 'Your purchase' }), 'LU2X offer')).toHaveText('Half price, Units locked');
    await expectMethodTotals(methods, (method) => expected(list, { units: 100, method, isDoubleLand: true }).paymentAmount);
    await methodRadio(methods, 'Card_Stripe').check();
    const orderId = await reviewAndConfirm(
      page,
      { method: 'Card', total, rows: { 'LU2X offer': 'Half price; locked 6 months, then 10 % a month', 'Subtotal (LU2X half price)': gbp(figures.subTotal) } },
      '/dashboard/buy-units/payment-card-stripe',
    );
    await expect(figure(page.getByRole('region', { name: 'Your payment' }), 'Subtotal (LU2X half price)')).toHaveText(gbp(figures.subTotal));
    await payByTestCard(page, GOOD_CARD, total);
    const result = await expectCardSuccess(page, orderId, '100 GBP Units', total);
    await expect(result).toContainText('As LU2X Units they are locked for 6 months, then 10 % of them unlock at the start of each month.');
  });

  await test.step('the dashboard shows the 100 LU2X Units locked with the next unlock date, none owned', async () => {
    const card = await holding(page, UNIT_LABEL);
    await expect(figure(card, 'Available')).toHaveText('0');
    await expect(figure(card, 'Cost, fees included')).toHaveText(gbp(figures.paymentAmount));
    await expect(figure(card, 'Value today of 100 Units')).toHaveText(gbp(valueOf(list, 100)));
    await expect(figure(card, 'Locked (100 LU2X)')).toHaveText('100');
    const locked = page.getByRole('region', { name: 'Locked Units' });
    const item = locked.getByRole('article', { name: 'LU2X Units' }).getByRole('listitem');
    await expect(item).toHaveCount(1);
    await expect(item.getByText('100 GBP Units locked', { exact: true })).toBeVisible();
    await expect(item.getByText(`Next: 10 unlock on ${formatDate(firstUnlock, 'DD MMM YYYY')}`, { exact: true })).toBeVisible();
    await expect(locked.getByRole('article', { name: 'Bonus Units' })).toHaveCount(0);
    await screenshots(page, 'dashboard-lu2x-locked', locked);
  });

  await test.step('the Sell tab is blocked: verification needed, 0 Units available, the LU2X lock said', async () => {
    await page.goto('/dashboard/transaction?tab=sell');
    const form = page.getByRole('form', { name: 'Sell Units' });
    const checklist = form.getByRole('region', { name: 'Needed to sell' });
    await expect(checklist.getByRole('listitem').filter({ hasText: 'Profile verification' })).toContainText('Missing/Incorrect data');
    await expect(checklist.getByRole('listitem').filter({ hasText: 'Bank verification' })).toContainText('Not Verified');
    await expect(form).toContainText('To sell Units, complete your profile verification and your bank verification first.');
    await expect(form.getByLabel('Number of Units')).toHaveAccessibleDescription(new RegExp(`Available to sell: 0 GBP Units\\. ${escapeRegExp(lockText)}`));
    await form.getByLabel('Number of Units').fill('10');
    await expect(form.getByRole('button', { name: 'Review order' })).toBeDisabled();
    await screenshots(page, 'sell-blocked-lu2x', form);
  });

  await test.step('a transfer of the LU2X Units to another person is refused, saying when they unlock', async () => {
    await bReady;
    await page.goto('/dashboard/transaction?tab=transfer');
    const form = page.getByRole('form', { name: 'Transfer Units' });
    await form.getByLabel("Recipient's email").fill(emailB);
    await expect(form.getByRole('status')).toHaveText('Recipient: Ben B.');
    const units = form.getByLabel('Number of Units');
    await units.fill('10');
    await expect(units).toHaveAccessibleDescription(new RegExp(`Available to transfer: 0 GBP Units\\. ${escapeRegExp(lockText)}`));
    await form.getByRole('button', { name: 'Review order' }).click();
    await expect(units).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('region', { name: 'Review your transfer' })).toHaveCount(0);
    // The refusal names what can move now and when the LU2X Units unlock (docs/api/payments.md).
    const refusal = `You can sell or transfer up to 0 units now. Your LU2X units unlock over time: 10 more on ${longDay}.`;
    await expect(form.getByText(refusal, { exact: true }), 'the LU2X refusal at the Units field').toBeVisible();
    await screenshots(page, 'transfer-refused-lu2x', form);
  });

  await test.step('nothing moved: still 100 LU2X Units locked, B holds nothing, no transfer in the history', async () => {
    const card = await holding(page, UNIT_LABEL);
    await expect(figure(card, 'Locked (100 LU2X)')).toHaveText('100');
    await expect(figure(card, 'Total')).toHaveText('100');
    const table = await history(page, 1);
    await expectBadge(buyRow(page, table), 'Completed', 'green');
    await expectNothingHeld(b.page);
  });
});
