import { addDaysIso, divRoundHalfUp, formatDate, formatDay, formatMoney, formatPrice, MICROS_PER_CENT, priceToMicros, utcIsoDate, type Price } from '@landunits/domain';
import { priceList } from './buying-steps';
import { acceptCookies, expect, expectAccessible, test } from './fixtures';
import { adminCredentials, escapeRegExp, expectBadge, figure, holding, journeyTest, logIn, registerThroughApi, registerThroughPages, screenshots, uniqueEmail } from './journeys';

/**
 * The orders journey of the product, every step through the real pages: A buys 100 GBP Units by
 * bank transfer, the admin approves, A transfers 10 to B, schedules 5 for tomorrow and cancels it,
 * converts 20 GBP Units to USD; then both dashboards, both transaction lists and the ledger check
 * show the right figures and statuses. Screenshots of the main pages at 360 and 1440 px go to
 * e2e/screenshots/ (not committed) for a person to look at.
 */

journeyTest('A buys by bank, the admin approves, A transfers, schedules and cancels, converts; dashboards, lists and ledger agree', async ({ page, newPerson }) => {
  journeyTest.setTimeout(300_000);
  const { email: adminEmail, password: adminPassword } = adminCredentials();

  const emailA = uniqueEmail('ada');
  const emailB = uniqueEmail('bob');
  const b = await newPerson();
  const admin = await newPerson();

  // B registers through the API (the account pages have their own tests) while A uses the pages.
  // Confirming signs B in, in B's browser context.
  const bReady = registerThroughApi(b.context.request, { email: emailB, firstName: 'Bob', lastName: 'Builder' });

  await test.step('A registers and confirms through the pages', async () => {
    await acceptCookies(page);
    await registerThroughPages(page, { email: emailA, firstName: 'Ada', lastName: 'Lovelace' });
  });

  let orderId = '';
  let reference = '';
  let total = '';
  let price = '' as Price;
  await test.step('A buys 100 GBP Units by bank transfer', async () => {
    await page.goto('/dashboard/transaction');
    await expect(page.getByRole('tab', { name: 'Buy' })).toHaveAttribute('aria-selected', 'true');
    const form = page.getByRole('form', { name: 'Buy Units' });
    await expect(form.getByLabel('Unit type')).toHaveValue('LAND_POUND');
    await form.getByLabel('Number of Units').fill('100');
    const breakdown = page.getByRole('region', { name: 'Breakdown' });
    await expect(figure(breakdown, 'Units')).toHaveText('100 GBP Units');
    // The form shows the price with 4 places; the sums below use all 6, as the API gives them.
    price = (await priceList(page.request)).prices.LAND_POUND.pricePerUnit;
    await expect(figure(breakdown, 'Price per Unit')).toHaveText(formatPrice(price, 'GBP'));
    const subtotal = (await figure(breakdown, 'Subtotal').textContent()) ?? '';
    expect(subtotal).toMatch(/^£\d+\.\d\d$/);
    await expectAccessible(page);
    await screenshots(page, 'transaction', form);

    await form.getByRole('button', { name: 'Continue to payment' }).click();
    await expect(page).toHaveURL(/\/dashboard\/buy-units\/payment\?unitType=LAND_POUND&units=100$/);
    const methods = page.getByRole('group', { name: 'Payment method' });
    await methods.getByRole('radio', { name: /^Bank transfer/ }).check();
    await expectAccessible(page);
    await screenshots(page, 'payment-choice', methods);
    await page.getByRole('button', { name: 'Review order' }).click();
    const review = page.getByRole('region', { name: 'Review your purchase' });
    await expect(figure(review, 'Payment method')).toHaveText('Bank transfer');
    await expect(figure(review, 'Units')).toHaveText('100 GBP Units');
    total = (await figure(review, 'Total to pay').textContent()) ?? '';
    expect(total).toMatch(/^£\d[\d,]*\.\d\d$/);
    await review.getByRole('button', { name: 'Confirm' }).click();

    await expect(page).toHaveURL(/\/dashboard\/buy-units\/payment-bank\?orderId=/);
    orderId = new URL(page.url()).searchParams.get('orderId') ?? '';
    reference = orderId.slice(-5);
    await expect(page.getByRole('heading', { level: 1, name: 'Pay by bank transfer' })).toBeVisible();
    const payment = page.getByRole('region', { name: 'Your payment' });
    await expect(figure(payment, 'Amount to pay')).toHaveText(total);
    await expect(figure(payment, 'Units')).toHaveText('100 GBP Units');
    await expect(page.getByLabel('Payment reference')).toHaveText(reference);
    await expect(page.getByRole('region', { name: 'Our bank account' })).toBeVisible();
    await expectBadge(payment, 'Initiated', 'grey');
    await screenshots(page, 'payment-bank', payment);

    await page.getByRole('button', { name: 'I have sent the payment' }).click();
    await expect(page).toHaveURL(/\/dashboard\/buy-units\/payment\/success\?orderId=/);
    await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your purchase' })).toBeVisible();
    const result = page.getByRole('region', { name: /^Order / });
    await expectBadge(result, 'Pending Approval', 'lilac');
    await expect(figure(result, 'Payment reference')).toHaveText(reference);
    await expect(figure(result, 'Amount')).toHaveText(total);
  });

  await test.step('the admin approves the payment on /admin', async () => {
    await logIn(admin.page, adminEmail, adminPassword);
    await admin.page.goto('/admin/orders');
    await expect(admin.page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
    const approve = admin.page.getByRole('button', { name: `Approve payment for order ${reference}` });
    await expect(approve).toBeVisible();
    const row = admin.page.getByRole('row').filter({ has: approve });
    await expect(row).toContainText(emailA);
    await expect(row).toContainText(total);
    await expectBadge(row, 'Pending Approval', 'lilac');
    await expectAccessible(admin.page);
    await screenshots(admin.page, 'admin', approve);

    await approve.click();
    const dialog = admin.page.getByRole('dialog', { name: 'Approve payment' });
    await expect(dialog).toContainText(`reference ${reference}`);
    await dialog.getByLabel('Reason').fill(`Payment ${reference} arrived in the bank account`);
    await dialog.getByRole('button', { name: 'Approve payment' }).click();
    await expect(dialog).toBeHidden();
    await expect(admin.page.getByText(`Payment approved: order ${reference}.`)).toBeVisible();
    await expect(approve).toHaveCount(0);
  });

  await test.step("A's dashboard shows 100 GBP Units owned", async () => {
    const gbp = await holding(page, 'GBP Units');
    await expect(figure(gbp, 'Available')).toHaveText('100');
  });

  await bReady;

  await test.step('A transfers 10 GBP Units to B, whose name shows before confirming', async () => {
    await page.goto('/dashboard/transaction');
    await page.getByRole('tab', { name: 'Transfer' }).click();
    const form = page.getByRole('form', { name: 'Transfer Units' });
    await form.getByLabel("Recipient's email").fill(emailB);
    await expect(form.getByRole('status')).toHaveText('Recipient: Bob B.');
    await form.getByLabel('Number of Units').fill('10');
    await expect(form.getByLabel('Number of Units')).toHaveAccessibleDescription(/Available to transfer: 100 GBP Units/);
    await form.getByRole('button', { name: 'Review order' }).click();

    const review = page.getByRole('region', { name: 'Review your transfer' });
    await expect(figure(review, 'Recipient')).toHaveText(`Bob B. (${emailB})`);
    await expect(figure(review, 'Units to transfer')).toHaveText('10 GBP Units');
    await expect(figure(review, 'Fee')).toHaveText('Free');
    await review.getByRole('button', { name: 'Confirm' }).click();

    await expect(page).toHaveURL(/\/dashboard\/transfer\/success\?orderId=/);
    await expect(page.getByRole('heading', { level: 1, name: 'Transfer sent' })).toBeVisible();
    const result = page.getByRole('region', { name: /^Order / });
    await expectBadge(result, 'Completed', 'green');
    await expect(figure(result, 'Units')).toHaveText('10 GBP Units');
    await expect(figure(result, 'Recipient')).toHaveText(`Bob B. (${emailB})`);
  });

  await test.step('A schedules 5 GBP Units to B for tomorrow, then cancels', async () => {
    const tomorrow = addDaysIso(utcIsoDate(new Date()), 1);
    await page.goto('/dashboard/future-transfer');
    const form = page.getByRole('form', { name: 'Schedule a transfer' });
    await form.getByLabel("Recipient's email").fill(emailB);
    await expect(form.getByRole('status')).toHaveText('Recipient: Bob B.');
    await form.getByLabel('Number of Units').fill('5');
    await expect(form.getByLabel('Transfer date', { exact: true })).toHaveValue(formatDay(tomorrow));
    await form.getByRole('button', { name: 'Review order' }).click();

    const review = page.getByRole('region', { name: 'Review your scheduled transfer' });
    await expect(figure(review, 'Recipient')).toHaveText(`Bob B. (${emailB})`);
    await expect(figure(review, 'Units to transfer')).toHaveText('5 GBP Units');
    await review.getByRole('button', { name: 'Confirm' }).click();

    await expect(page).toHaveURL(/\/dashboard\/view-future-transfer$/);
    await expect(page.getByText('Transfer scheduled')).toBeVisible();
    const cancel = page.getByRole('button', { name: new RegExp(`^Cancel the transfer of 5 GBP Units to Bob B\\. \\(${escapeRegExp(emailB)}\\) on `) });
    const row = page.getByRole('row').filter({ has: cancel });
    await expectBadge(row, 'Transfer Queued', 'blue');
    await cancel.click();
    const dialog = page.getByRole('dialog', { name: 'Cancel this scheduled transfer?' });
    await expect(figure(dialog, 'Units')).toHaveText('5 GBP Units');
    await dialog.getByRole('button', { name: 'Cancel transfer' }).click();

    await expect(page).toHaveURL(/\/dashboard\/future-transfer\/cancelled\?orderId=/);
    await expect(page.getByRole('heading', { level: 1, name: 'Scheduled transfer cancelled' })).toBeVisible();
    const result = page.getByRole('region', { name: /^Order / });
    await expectBadge(result, 'Cancelled', 'grey');
    await expect(result).toContainText('The Units are back in your Owned balance.');
  });

  await test.step('A converts 20 GBP Units to USD, locked for 30 days', async () => {
    await page.goto('/dashboard/convert');
    const form = page.getByRole('form', { name: 'Convert Units' });
    await expect(form.getByLabel('Convert from')).toHaveValue('LAND_POUND');
    await expect(form.getByLabel('Convert to')).toHaveValue('LAND_USD');
    await form.getByLabel('Number of Units').fill('20');
    const breakdown = page.getByRole('region', { name: 'Breakdown' });
    await expect(figure(breakdown, 'Exchange rate')).toHaveText('1 GBP = 1.240000 USD');
    await expect(figure(breakdown, 'Units received')).toHaveText('24 USD Units');
    await expect(breakdown).toContainText('locked for 30 days');
    await form.getByRole('button', { name: 'Review order' }).click();

    const review = page.getByRole('region', { name: 'Review your conversion' });
    await expect(figure(review, 'Units received')).toHaveText('24 USD Units');
    await review.getByRole('button', { name: 'Confirm' }).click();

    await expect(page).toHaveURL(/\/dashboard\/convert\/success\?orderId=/);
    await expect(page.getByRole('heading', { level: 1, name: 'Conversion complete' })).toBeVisible();
    const result = page.getByRole('region', { name: /^Order / });
    await expectBadge(result, 'Completed', 'green');
    await expect(figure(result, 'Units given')).toHaveText('20 GBP Units');
    await expect(figure(result, 'Units received')).toHaveText('24 USD Units');
    const unlock = formatDate(new Date(Date.now() + 30 * 86_400_000), 'DD MMM YYYY');
    await expect(figure(result, 'Locked until')).toHaveText(unlock);
    await expect(result).toContainText(`The Units received are locked until ${unlock}`);
  });

  await test.step("A's dashboard: 70 GBP Units owned, 24 USD Units locked after conversion", async () => {
    // What the Units held cost: what the buy paid, fees included, less the average cost that left with the 10
    // transferred (of 100) and the 20 converted (of 90), each share half-up; the converted share
    // moves to USD at 1.24.
    const paidCents = BigInt(total.replace(/[£.,]/g, ''));
    const transferredCost = divRoundHalfUp(paidCents * 10n, 100n);
    const convertedCost = divRoundHalfUp((paidCents - transferredCost) * 20n, 90n);
    const gbpCost = paidCents - transferredCost - convertedCost;
    const usdCost = divRoundHalfUp(convertedCost * 124n, 100n);
    const valueOf = (units: bigint) => divRoundHalfUp(units * priceToMicros(price), MICROS_PER_CENT);

    const gbp = await holding(page, 'GBP Units');
    await expect(figure(gbp, 'Available')).toHaveText('70');
    await expect(figure(gbp, 'Cost, fees included')).toHaveText(formatMoney(gbpCost, 'GBP'));
    await expect(figure(gbp, 'Value today of 70 Units')).toHaveText(formatMoney(valueOf(70n), 'GBP'));
    await expect(figure(gbp, 'Total')).toHaveText('70'); // nothing pending, queued or locked in GBP
    const usd = page.getByRole('article', { name: 'USD Units' });
    await expect(figure(usd, 'Available')).toHaveText('0');
    await expect(figure(usd, 'Cost, fees included')).toHaveText(formatMoney(usdCost, 'USD'));
    await expect(figure(usd, 'Value today of 24 Units')).toHaveText(formatMoney(valueOf(24n), 'USD')); // same price as GBP by default
    await expect(figure(usd, 'Locked (24 after conversion)')).toHaveText('24');
    await expectAccessible(page);
    await screenshots(page, 'dashboard', gbp);
  });

  await test.step("A's transaction history lists the four orders with their statuses", async () => {
    await page.goto('/dashboard/my-transactions');
    const table = page.getByRole('table', { name: 'Transactions' });
    await expect(table.getByRole('row')).toHaveCount(5); // the header and four orders
    const rowOf = (label: string) => table.getByRole('row').filter({ has: page.getByText(label, { exact: true }) });

    const buy = rowOf('Buy');
    await expect(buy.getByRole('cell').nth(3)).toHaveText('100');
    await expect(buy).toContainText(total);
    await expectBadge(buy, 'Completed', 'green');

    const sent = rowOf('Transfer');
    await expect(sent).toContainText('to Bob B.');
    await expect(sent.getByRole('cell').nth(3)).toHaveText('10');
    await expectBadge(sent, 'Completed', 'green');

    const scheduled = rowOf('Scheduled transfer');
    await expect(scheduled).toContainText('to Bob B.');
    await expect(scheduled.getByRole('cell').nth(3)).toHaveText('5');
    await expectBadge(scheduled, 'Cancelled', 'grey');

    const converted = rowOf('Convert');
    await expect(converted).toContainText('to USD Units');
    await expect(converted.getByRole('cell').nth(3)).toHaveText('20');
    await expectBadge(converted, 'Completed', 'green');

    await expectAccessible(page);
    await screenshots(page, 'my-transactions', page.getByRole('heading', { level: 1, name: 'Transaction history' }));
  });

  await test.step("B's dashboard shows 10 GBP Units owned and B's history the transfer from A", async () => {
    const gbp = await holding(b.page, 'GBP Units');
    await expect(figure(gbp, 'Available')).toHaveText('10');
    // Units received by transfer cost their value on the day.
    const value = formatMoney(divRoundHalfUp(10n * priceToMicros(price), MICROS_PER_CENT), 'GBP');
    await expect(figure(gbp, 'Cost, fees included')).toHaveText(value);
    await expect(figure(gbp, 'Value today of 10 Units')).toHaveText(value);

    await b.page.goto('/dashboard/my-transactions');
    const table = b.page.getByRole('table', { name: 'Transactions' });
    const received = table.getByRole('row').filter({ has: b.page.getByText('Transfer', { exact: true }) });
    await expect(received).toHaveCount(1);
    await expect(received).toContainText('from Ada L.');
    await expect(received.getByRole('cell').nth(3)).toHaveText('10');
    await expectBadge(received, 'Completed', 'green');
    // No buy, sale or conversion of B's own.
    await expect(table.getByRole('row').filter({ has: b.page.getByText(/^(Buy|Sell|Convert)$/) })).toHaveCount(0);
  });

  await test.step("the admin's ledger check is balanced", async () => {
    await admin.page.goto('/admin/orders');
    const ledger = admin.page.getByRole('region', { name: 'Ledger check' });
    await expectBadge(ledger, 'Balanced', 'green');
    await expect(ledger).toContainText('Every unit type sums to zero');
  });
});
