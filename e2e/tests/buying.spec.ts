import {
  buyTotal,
  CARD_MESSAGES,
  divRoundHalfUp,
  doubleLandUnlockDates,
  formatDate,
  formatMoney,
  MICROS_PER_CENT,
  priceToMicros,
  type BuyPaymentMethod,
  type BuyTotal,
  type ExternalFeeTerms,
  type Price,
  type ReferenceCodeTerms,
} from '@landunits/domain';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { acceptCookies, expect, expectAccessible, test } from './fixtures';
import {
  adminCredentials,
  escapeRegExp,
  expectBadge,
  figure,
  holding,
  journeyTest,
  logIn,
  registerThroughApi,
  registerThroughPages,
  screenshots,
  uniqueEmail,
} from './journeys';

/**
 * Buying, every step through the real pages: the Buy tab (Units, the LU2X offer, a reference code),
 * the payment choice with each method's total, the method's page (card in TEST MODE, crypto, bank),
 * the success, declined and cancelled pages, the admin's approval, then the dashboard and the
 * transaction history. Expected money is worked out by hand with the domain's buyTotal from
 * today's price list (GET /api/order/get_price), to the cent. Screenshots of the new pages at 1440
 * and 360 px go to e2e/screenshots/ (not committed).
 */

const UNIT_LABEL = 'GBP Units';
const gbp = (cents: bigint | number) => formatMoney(cents, 'GBP');

/** The words of each method on the payment choice page (its radio is named "<words> <total>"). */
const METHOD_WORDS: Readonly<Record<BuyPaymentMethod, string>> = {
  Bank: 'Bank transfer',
  Card_Stripe: 'Card (Stripe)',
  Card_Square: 'Card (Square)',
  Crypto: 'Crypto (Bitcoin or Ether)',
};
const METHODS = Object.keys(METHOD_WORDS) as BuyPaymentMethod[];

/** The demo content's reference codes (apps/api seed-demo-orders.ts), as the domain reads them. */
const DEMO_10OFF: ReferenceCodeTerms = { codeType: 'DISCOUNT', isPercent: true, amount: '10' };
const DEMO_BONUS25: ReferenceCodeTerms = { codeType: 'BONUS', bonusUnits: 25 };

/** The test cards of TEST MODE, and an expiry a few years ahead. */
const GOOD_CARD = '4242 4242 4242 4242';
const DECLINED_CARD = '4000 0000 0000 0002';
const EXPIRY = `12/${String((new Date().getUTCFullYear() + 3) % 100).padStart(2, '0')}`;

interface PriceList {
  prices: { LAND_POUND: { pricePerUnit: Price; buyOrderTransactionFeeInCents: number } };
  externalFees: Record<BuyPaymentMethod, ExternalFeeTerms>;
  priceDate: string;
}

/** Today's GBP price and fees, as the server publishes them. */
async function priceList(request: APIRequestContext): Promise<PriceList> {
  const res = await request.get('/api/order/get_price');
  expect(res.ok()).toBe(true);
  return (await res.json()) as PriceList;
}

/** A GBP buy's figures, by hand: the domain's buyTotal with today's price and the method's fees. */
function expected(list: PriceList, buy: { units: number; method: BuyPaymentMethod | null; isDoubleLand?: boolean; code?: ReferenceCodeTerms }): BuyTotal {
  const price = list.prices.LAND_POUND;
  return buyTotal({
    units: buy.units,
    price: price.pricePerUnit,
    isDoubleLand: buy.isDoubleLand ?? false,
    referenceCode: buy.code ?? null,
    buyFeeCents: price.buyOrderTransactionFeeInCents,
    externalFee: buy.method ? list.externalFees[buy.method] : { fixedPercentageFees: 0, fixedCentsFees: 0 },
  });
}

/** The payment method's fee of a buy: its percentage and its fixed part, in cents. */
const methodFee = (total: BuyTotal) => total.paymentMethodFees.fixedPercentageFees + total.paymentMethodFees.fixedCentsFees;

/** The value of `units` at today's price, in cents, half-up (the dashboard's "Value today"). */
const valueOf = (list: PriceList, units: number) => divRoundHalfUp(BigInt(units) * priceToMicros(list.prices.LAND_POUND.pricePerUnit), MICROS_PER_CENT);

/** Fills the Buy tab; returns its form. The code (if any) is applied and its sentence checked. */
async function fillBuyTab(page: Page, buy: { units: number; lu2x?: boolean; code?: { code: string; says: string } }): Promise<Locator> {
  await page.goto('/dashboard/transaction');
  await expect(page.getByRole('tab', { name: 'Buy' })).toHaveAttribute('aria-selected', 'true');
  const form = page.getByRole('form', { name: 'Buy Units' });
  await expect(form.getByLabel('Unit type')).toHaveValue('LAND_POUND');
  await form.getByLabel('Number of Units').fill(String(buy.units));
  if (buy.lu2x) await form.getByRole('checkbox', { name: 'LU2X double-land offer' }).check();
  if (buy.code) {
    await form.getByLabel('Reference code (optional)').fill(buy.code.code);
    await form.getByRole('button', { name: 'Apply' }).click();
    await expect(form.getByText(buy.code.says, { exact: true })).toBeVisible();
  }
  return form;
}

/** Continue to payment: the payment choice page with the Buy tab's choices in its address. */
async function continueToPayment(page: Page, form: Locator, query: string): Promise<Locator> {
  await form.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/buy-units/payment\\?${escapeRegExp(query)}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Choose how to pay' })).toBeVisible();
  return page.getByRole('group', { name: 'Payment method' });
}

/** Every method's radio names its own total, worked out by hand. */
async function expectMethodTotals(methods: Locator, totals: (method: BuyPaymentMethod) => bigint): Promise<void> {
  for (const method of METHODS) {
    const radio = methods.getByRole('radio', { name: new RegExp(`^${escapeRegExp(METHOD_WORDS[method])} `) });
    await expect(radio).toHaveAccessibleName(`${METHOD_WORDS[method]} ${gbp(totals(method))}`);
  }
}

const methodRadio = (methods: Locator, method: BuyPaymentMethod) => methods.getByRole('radio', { name: new RegExp(`^${escapeRegExp(METHOD_WORDS[method])} `) });

/** Review order, check the method and the total, Confirm: the method's page. Returns the order id. */
async function reviewAndConfirm(page: Page, expectations: { method: string; total: string; rows?: Record<string, string> }, pagePath: string): Promise<string> {
  await page.getByRole('button', { name: 'Review order' }).click();
  const review = page.getByRole('region', { name: 'Review your purchase' });
  await expect(figure(review, 'Payment method')).toHaveText(expectations.method);
  await expect(figure(review, 'Total to pay')).toHaveText(expectations.total);
  for (const [label, value] of Object.entries(expectations.rows ?? {})) await expect(figure(review, label)).toHaveText(value);
  await review.getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL(new RegExp(`${escapeRegExp(pagePath)}\\?orderId=`));
  const orderId = new URL(page.url()).searchParams.get('orderId') ?? '';
  expect(orderId).not.toBe('');
  return orderId;
}

/** The TEST MODE card form: fills a test card and presses "Pay <total>". */
async function payByTestCard(page: Page, cardNumber: string, total: string): Promise<void> {
  const card = page.getByRole('form', { name: 'Card details' });
  await card.getByLabel('Card number').fill(cardNumber);
  await card.getByLabel('Expiry date').fill(EXPIRY);
  await card.getByLabel('Security code (CVC)').fill('123');
  await card.getByRole('button', { name: `Pay ${total}` }).click();
}

/** The success page of a paid card buy: Completed, and the Units said to be in the account. */
async function expectCardSuccess(page: Page, orderId: string, units: string, total: string): Promise<Locator> {
  await expect(page).toHaveURL(new RegExp(`/dashboard/buy-units/payment/success\\?orderId=${escapeRegExp(orderId)}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your purchase' })).toBeVisible();
  const result = page.getByRole('region', { name: `Order ${orderId}` });
  await expectBadge(result, 'Completed', 'green');
  await expect(figure(result, 'Units')).toHaveText(units);
  await expect(figure(result, 'Amount')).toHaveText(total);
  await expect(result.getByRole('status').filter({ hasText: 'in your account' })).toHaveText(`Your ${units} are in your account.`);
  return result;
}

/** The admin signs in, finds the buy by its reference in /admin's queue and approves it with a reason. */
async function adminApproves(admin: Page, order: { reference: string; email: string; total: string; paidBy: string }): Promise<void> {
  const { email, password } = adminCredentials();
  await logIn(admin, email, password);
  await admin.goto('/admin');
  await expect(admin.getByRole('heading', { level: 1, name: 'Administration' })).toBeVisible();
  const approve = admin.getByRole('button', { name: `Approve payment for order ${order.reference}` });
  await expect(approve).toBeVisible();
  const row = admin.getByRole('row').filter({ has: approve });
  await expect(row).toContainText(order.email);
  await expect(row).toContainText(order.total);
  await expect(row).toContainText(order.paidBy);
  await expectBadge(row, 'Pending Approval', 'lilac');
  await approve.click();
  const dialog = admin.getByRole('dialog', { name: 'Approve payment' });
  await expect(dialog).toContainText(`reference ${order.reference}`);
  await dialog.getByLabel('Reason').fill(`Payment ${order.reference} arrived (${order.paidBy})`);
  await dialog.getByRole('button', { name: 'Approve payment' }).click();
  await expect(dialog).toBeHidden();
  await expect(admin.getByText(`Payment approved: order ${order.reference}.`)).toBeVisible();
  await expect(approve).toHaveCount(0);
}

/** The transaction history's table, with exactly `orders` rows besides the header. */
async function history(page: Page, orders: number): Promise<Locator> {
  await page.goto('/dashboard/my-transactions');
  const table = page.getByRole('table', { name: 'Transactions' });
  await expect(table.getByRole('row')).toHaveCount(orders + 1);
  return table;
}

const buyRow = (page: Page, table: Locator) => table.getByRole('row').filter({ has: page.getByText('Buy', { exact: true }) });

/** A person who holds nothing at all (nothing owned, pending or locked) sees the new-user dashboard. */
async function expectNothingHeld(page: Page): Promise<void> {
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 3, name: 'You have no Units yet' })).toBeVisible();
  await expect(page.getByRole('article', { name: UNIT_LABEL })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Locked Units' })).toHaveCount(0);
}

journeyTest.beforeEach(async ({ page }) => {
  await acceptCookies(page);
});

journeyTest('a test-mode card purchase (Stripe) completes: success page, 100 GBP Units owned, the buy Completed in the history', async ({ page }) => {
  journeyTest.setTimeout(60_000);
  const email = uniqueEmail('carla');
  await registerThroughPages(page, { email, firstName: 'Carla', lastName: 'Card' });
  const list = await priceList(page.request);
  const total = gbp(expected(list, { units: 100, method: 'Card_Stripe' }).paymentAmount);
  const { subTotal } = expected(list, { units: 100, method: 'Card_Stripe' });

  let orderId = '';
  await test.step('Buy tab → Continue to payment → Card (Stripe) → Confirm', async () => {
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
    orderId = await reviewAndConfirm(page, { method: 'Card (Stripe)', total }, '/dashboard/buy-units/payment-card-stripe');
  });

  await test.step('the TEST MODE card form is shown; 4242… pays', async () => {
    await expect(page.getByRole('heading', { level: 1, name: 'Pay by card' })).toBeVisible();
    await expect(page.getByRole('note', { name: 'Test mode' })).toContainText('TEST MODE No real card is charged');
    const payment = page.getByRole('region', { name: 'Your payment' });
    await expect(figure(payment, 'Amount to pay')).toHaveText(total);
    await expect(figure(payment, 'Units')).toHaveText('100 GBP Units');
    await expect(figure(payment, 'Subtotal')).toHaveText(gbp(subTotal));
    await expect(figure(payment, 'Card (Stripe) fee')).toHaveText(gbp(methodFee(expected(list, { units: 100, method: 'Card_Stripe' }))));
    await expectBadge(payment, 'Initiated', 'grey');
    await expectAccessible(page);
    await screenshots(page, 'payment-card-test-mode', page.getByRole('form', { name: 'Card details' }));
    await payByTestCard(page, GOOD_CARD, total);
  });

  await test.step('the success page says the Units are in the account', async () => {
    const result = await expectCardSuccess(page, orderId, '100 GBP Units', total);
    await expect(figure(result, 'Payment method')).toHaveText('Card (Stripe)');
    await expect(result).toContainText('Your payment is confirmed and the Units are in your Owned balance.');
    await screenshots(page, 'buy-success-card', result);
  });

  await test.step('the dashboard shows 100 GBP Units owned, nothing pending', async () => {
    const card = await holding(page, UNIT_LABEL);
    await expect(figure(card, 'Owned')).toHaveText('100');
    await expect(figure(card, 'Total bought')).toHaveText(gbp(subTotal));
    await expect(figure(card, 'Value today')).toHaveText(gbp(valueOf(list, 100)));
    await expect(card.getByRole('list')).toHaveCount(0);
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

journeyTest('a declined test card (Square) fails the order: the decline message, Failed in the history, nothing owned or pending', async ({ page }) => {
  journeyTest.setTimeout(60_000);
  const email = uniqueEmail('dora');
  await registerThroughPages(page, { email, firstName: 'Dora', lastName: 'Declined' });
  const list = await priceList(page.request);
  const total = gbp(expected(list, { units: 50, method: 'Card_Square' }).paymentAmount);

  let orderId = '';
  await test.step('Buy tab → Card (Square) → Confirm', async () => {
    const form = await fillBuyTab(page, { units: 50 });
    const methods = await continueToPayment(page, form, 'unitType=LAND_POUND&units=50');
    await methodRadio(methods, 'Card_Square').check();
    await expect(methodRadio(methods, 'Card_Square')).toHaveAccessibleName(`Card (Square) ${total}`);
    orderId = await reviewAndConfirm(page, { method: 'Card (Square)', total }, '/dashboard/buy-units/payment-card-square');
  });

  await test.step('4000 0000 0000 0002 is declined: the message, the order Failed', async () => {
    await expect(page.getByRole('heading', { level: 1, name: 'Pay by card' })).toBeVisible();
    await expect(page.getByRole('note', { name: 'Test mode' })).toBeVisible();
    await expect(figure(page.getByRole('region', { name: 'Your payment' }), 'Amount to pay')).toHaveText(total);
    await payByTestCard(page, DECLINED_CARD, total);
    const declined = page.getByRole('region', { name: 'Payment declined' });
    await expect(declined.getByRole('alert')).toHaveText('Your card was declined. No money was taken.');
    await expectBadge(declined, 'Failed', 'red');
    await expect(declined).toContainText('This order has failed and its Units are released.');
    await expect(declined.getByRole('link', { name: 'Start a new purchase' })).toBeVisible();
    await expect(page.getByRole('form', { name: 'Card details' })).toHaveCount(0);
    await expectAccessible(page);
    await screenshots(page, 'payment-card-declined', declined);
  });

  await test.step('the history shows the buy Failed, with nothing to pay', async () => {
    const table = await history(page, 1);
    const row = buyRow(page, table);
    await expect(row.getByRole('cell').nth(3)).toHaveText('50');
    await expect(row).toContainText(total);
    await expectBadge(row, 'Failed', 'red');
    await expect(row.getByRole('link', { name: /^Pay now/ })).toHaveCount(0);
  });

  await test.step('the success page of the order says it was not completed', async () => {
    await page.goto(`/dashboard/buy-units/payment/success?orderId=${encodeURIComponent(orderId)}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Payment not completed' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveText(CARD_MESSAGES.declined);
  });

  await test.step('nothing is owned or pending', async () => {
    await expectNothingHeld(page);
  });
});

journeyTest('a cancelled card payment: Cancel on the card page → the cancelled page, Cancelled in the history, nothing pending', async ({ page }) => {
  journeyTest.setTimeout(60_000);
  const email = uniqueEmail('cato');
  await registerThroughPages(page, { email, firstName: 'Cato', lastName: 'Cancel' });
  const list = await priceList(page.request);
  const total = gbp(expected(list, { units: 30, method: 'Card_Stripe' }).paymentAmount);

  let orderId = '';
  await test.step('Buy tab → Card (Stripe) → Confirm', async () => {
    const form = await fillBuyTab(page, { units: 30 });
    const methods = await continueToPayment(page, form, 'unitType=LAND_POUND&units=30');
    await methodRadio(methods, 'Card_Stripe').check();
    orderId = await reviewAndConfirm(page, { method: 'Card (Stripe)', total }, '/dashboard/buy-units/payment-card-stripe');
  });

  await test.step('while the Units are reserved, the dashboard shows them pending', async () => {
    // A second page of the same person: the card page stays open.
    const other = await page.context().newPage();
    const card = await holding(other, UNIT_LABEL);
    await expect(figure(card, 'Owned')).toHaveText('0');
    await expect(card.getByRole('list', { name: `Other ${UNIT_LABEL}` }).getByRole('listitem')).toHaveText(['30 awaiting payment approval']);
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

journeyTest('a crypto purchase (Bitcoin): wallet, amount and reference, "I have sent the payment", the admin approves, the Units are owned', async ({ page, newPerson }) => {
  journeyTest.setTimeout(60_000);
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
    orderId = await reviewAndConfirm(
      page,
      { method: 'Crypto: Bitcoin (BTC)', total, rows: { 'Payment method fee': gbp(methodFee(figures)) } },
      '/dashboard/buy-units/payment-crypto',
    );
    reference = orderId.slice(-5);
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
    await expect(payment).toContainText(`Send Bitcoin (BTC) worth exactly ${total}`);
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
    await expect(figure(card, 'Owned')).toHaveText('0');
    await expect(card.getByRole('list', { name: `Other ${UNIT_LABEL}` }).getByRole('listitem')).toHaveText(['40 awaiting payment approval']);
  });

  await test.step('the admin approves the payment with a reason', async () => {
    await adminApproves(admin.page, { reference, email, total, paidBy: 'Bitcoin (BTC)' });
  });

  await test.step("the buyer's dashboard shows 40 GBP Units owned, the history Completed", async () => {
    const card = await holding(page, UNIT_LABEL);
    await expect(figure(card, 'Owned')).toHaveText('40');
    await expect(figure(card, 'Total bought')).toHaveText(gbp(figures.subTotal));
    await expect(figure(card, 'Value today')).toHaveText(gbp(valueOf(list, 40)));
    await expect(card.getByRole('list')).toHaveCount(0);
    const table = await history(page, 1);
    await expectBadge(buyRow(page, table), 'Completed', 'green');
  });
});

journeyTest('reference codes: DEMO-10OFF discounts a card buy to the cent; a DEMO-BONUS25 bank buy approved by the admin adds 25 locked bonus Units', async ({ page, newPerson }) => {
  journeyTest.setTimeout(60_000);
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
      { method: 'Card (Stripe)', total: discountedTotal, rows: { 'Discount (DEMO-10OFF)': `−${gbp(discounted.discount)}`, 'Reference code': 'DEMO-10OFF: 10 % off the subtotal.' } },
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
    await expect(figure(card, 'Owned')).toHaveText('120');
    // What was paid for the Units (subtotal less discount); the bonus Units cost nothing.
    await expect(figure(card, 'Total bought')).toHaveText(gbp(discounted.subTotal - discounted.discount + bonus.subTotal));
    await expect(figure(card, 'Value today')).toHaveText(gbp(valueOf(list, 145)));
    await expect(card.getByRole('list', { name: `Other ${UNIT_LABEL}` }).getByRole('listitem')).toHaveText(['25 bonus Units locked']);
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
  journeyTest.setTimeout(60_000);
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
  const longDay = `${firstUnlock.getUTCDate()} ${firstUnlock.toLocaleString('en-GB', { month: 'long', timeZone: 'UTC' })} ${firstUnlock.getUTCFullYear()}`;
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
      { method: 'Card (Stripe)', total, rows: { 'LU2X offer': 'Half price; locked 6 months, then 10 % a month', 'Subtotal (LU2X half price)': gbp(figures.subTotal) } },
      '/dashboard/buy-units/payment-card-stripe',
    );
    await expect(figure(page.getByRole('region', { name: 'Your payment' }), 'Subtotal (LU2X half price)')).toHaveText(gbp(figures.subTotal));
    await payByTestCard(page, GOOD_CARD, total);
    const result = await expectCardSuccess(page, orderId, '100 GBP Units', total);
    await expect(result).toContainText('As LU2X Units they are locked for 6 months, then 10 % of them unlock at the start of each month.');
  });

  await test.step('the dashboard shows the 100 LU2X Units locked with the next unlock date, none owned', async () => {
    const card = await holding(page, UNIT_LABEL);
    await expect(figure(card, 'Owned')).toHaveText('0');
    await expect(figure(card, 'Total bought')).toHaveText(gbp(figures.subTotal));
    await expect(figure(card, 'Value today')).toHaveText(gbp(valueOf(list, 100)));
    await expect(card.getByRole('list', { name: `Other ${UNIT_LABEL}` }).getByRole('listitem')).toHaveText(['100 LU2X double-land Units']);
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
    await expect(card.getByRole('list', { name: `Other ${UNIT_LABEL}` }).getByRole('listitem')).toHaveText(['100 LU2X double-land Units']);
    const table = await history(page, 1);
    await expectBadge(buyRow(page, table), 'Completed', 'green');
    await expectNothingHeld(b.page);
  });
});
