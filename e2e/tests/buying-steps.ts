import {
  buyTotal,
  divRoundHalfUp,
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
import { expect } from './fixtures';
import { adminCredentials, escapeRegExp, expectBadge, figure, logIn } from './journeys';

/** The steps and expected figures of the buying journeys (buying*.spec.ts). */

export const UNIT_LABEL = 'GBP Units';
export const gbp = (cents: bigint | number) => formatMoney(cents, 'GBP');

/** The words of each method on the payment choice page (its radio is named "<words> <total>"); a card is "Card" whatever the provider. */
export const METHOD_WORDS: Readonly<Record<BuyPaymentMethod, string>> = {
  Bank: 'Bank transfer',
  Card_Stripe: 'Card',
  Card_Square: 'Card',
  Crypto: 'Crypto (Bitcoin or Ether)',
};
/** The methods the payment choice page offers: one card option, the preferred provider's (Stripe without provider keys). */
export const METHODS: readonly BuyPaymentMethod[] = ['Bank', 'Card_Stripe', 'Crypto'];

/** The demo content's reference codes (apps/api seed-demo-orders.ts), as the domain reads them. */
export const DEMO_10OFF: ReferenceCodeTerms = { codeType: 'DISCOUNT', isPercent: true, amount: '10' };
export const DEMO_BONUS25: ReferenceCodeTerms = { codeType: 'BONUS', bonusUnits: 25 };

/** The test cards of TEST MODE, and an expiry a few years ahead. */
export const GOOD_CARD = '4242 4242 4242 4242';
export const DECLINED_CARD = '4000 0000 0000 0002';
export const EXPIRY = `12/${String((new Date().getUTCFullYear() + 3) % 100).padStart(2, '0')}`;

export interface PriceList {
  prices: { LAND_POUND: { pricePerUnit: Price; buyOrderTransactionFeeInCents: number } };
  externalFees: Record<BuyPaymentMethod, ExternalFeeTerms>;
  priceDate: string;
}

/** Today's GBP price and fees, as the server publishes them. */
export async function priceList(request: APIRequestContext): Promise<PriceList> {
  const res = await request.get('/api/order/get_price');
  expect(res.ok()).toBe(true);
  return (await res.json()) as PriceList;
}

/** A GBP buy's figures, by hand: the domain's buyTotal with today's price and the method's fees. */
export function expected(list: PriceList, buy: { units: number; method: BuyPaymentMethod | null; isDoubleLand?: boolean; code?: ReferenceCodeTerms }): BuyTotal {
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
export const methodFee = (total: BuyTotal) => total.paymentMethodFees.fixedPercentageFees + total.paymentMethodFees.fixedCentsFees;

/** The value of `units` at today's price, in cents, half-up (the dashboard's "Value today"). */
export const valueOf = (list: PriceList, units: number) => divRoundHalfUp(BigInt(units) * priceToMicros(list.prices.LAND_POUND.pricePerUnit), MICROS_PER_CENT);

/** Fills the Buy tab; returns its form. The code (if any) is applied and its sentence checked. */
export async function fillBuyTab(page: Page, buy: { units: number; lu2x?: boolean; code?: { code: string; says: string } }): Promise<Locator> {
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
export async function continueToPayment(page: Page, form: Locator, query: string): Promise<Locator> {
  await form.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/buy-units/payment\\?${escapeRegExp(query)}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Choose how to pay' })).toBeVisible();
  return page.getByRole('group', { name: 'Payment method' });
}

/** Every method's radio names its own total, worked out by hand. */
export async function expectMethodTotals(methods: Locator, totals: (method: BuyPaymentMethod) => bigint): Promise<void> {
  for (const method of METHODS) {
    const radio = methods.getByRole('radio', { name: new RegExp(`^${escapeRegExp(METHOD_WORDS[method])} `) });
    await expect(radio).toHaveAccessibleName(`${METHOD_WORDS[method]} ${gbp(totals(method))}`);
  }
}

export const methodRadio = (methods: Locator, method: BuyPaymentMethod) => methods.getByRole('radio', { name: new RegExp(`^${escapeRegExp(METHOD_WORDS[method])} `) });

/** Review order, check the method and the total, Confirm: the method's page. Returns the order id. */
export async function reviewAndConfirm(page: Page, expectations: { method: string; total: string; rows?: Record<string, string> }, pagePath: string): Promise<string> {
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
export async function payByTestCard(page: Page, cardNumber: string, total: string): Promise<void> {
  const card = page.getByRole('form', { name: 'Card details' });
  await card.getByLabel('Card number').fill(cardNumber);
  await card.getByLabel('Expiry date').fill(EXPIRY);
  await card.getByLabel('Security code (CVC)').fill('123');
  await card.getByRole('button', { name: `Pay ${total}` }).click();
}

/** The success page of a paid card buy: Completed, and the Units said to be in the account. */
export async function expectCardSuccess(page: Page, orderId: string, units: string, total: string): Promise<Locator> {
  await expect(page).toHaveURL(new RegExp(`/dashboard/buy-units/payment/success\\?orderId=${escapeRegExp(orderId)}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your purchase' })).toBeVisible();
  const result = page.getByRole('region', { name: `Order ${orderId}` });
  await expectBadge(result, 'Completed', 'green');
  await expect(figure(result, 'Units')).toHaveText(units);
  await expect(figure(result, 'Amount')).toHaveText(total);
  await expect(result.getByRole('status').filter({ hasText: 'in your account' })).toHaveText(`Your ${units} are in your account.`);
  return result;
}

/** The admin signs in, finds the buy by its reference in /admin/orders and approves it with a reason. */
export async function adminApproves(admin: Page, order: { reference: string; email: string; total: string; paidBy: string }): Promise<void> {
  const { email, password } = adminCredentials();
  await logIn(admin, email, password);
  await admin.goto('/admin/orders');
  await expect(admin.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
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
export async function history(page: Page, orders: number): Promise<Locator> {
  await page.goto('/dashboard/my-transactions');
  const table = page.getByRole('table', { name: 'Transactions' });
  await expect(table.getByRole('row')).toHaveCount(orders + 1);
  return table;
}

export const buyRow = (page: Page, table: Locator) => table.getByRole('row').filter({ has: page.getByText('Buy', { exact: true }) });

/** A person who holds nothing at all (nothing owned, pending or locked) sees the new-user dashboard. */
export async function expectNothingHeld(page: Page): Promise<void> {
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 3, name: 'You have no Units yet' })).toBeVisible();
  await expect(page.getByRole('article', { name: UNIT_LABEL })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Locked Units' })).toHaveCount(0);
}
