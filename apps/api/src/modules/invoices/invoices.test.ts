import { DEFAULT_COMPANY_DETAILS, formatMoney, formatPrice, formatUnits, INVOICE_MESSAGES } from '@landunits/domain';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock';
import { profileVerifications, users } from '../../schema';
import { mailTo } from '../../test/accounts';
import { createTestApp, type TestContext } from '../../test/app';
import { pdfLines } from '../../test/pdf-text';
import { createOrder, getJson, giveUnits, signUp, type TestUser } from '../orders/test/fixtures';
import { buyBody, created, expectReconciled, makeAdmin, postJson, sellBody, type TestAdmin } from '../orders/test/lifecycle';
import { confirmPaid, GBP_ACCOUNT, makeAdminAs, markPaid, setBank, setFlatPrices } from '../orders/test/payouts-setup';
import { invoiceRows, paidBankBuy, renderUrl, SEND_URL, sentBankBuy } from './test/setup';

/**
 * The invoices a person sees (SPEC §7): the PDF of one order inline, emailed as an attachment, and
 * the list; only their own, only once paid.
 */

const TODAY = new Date('2026-01-15T10:00:00Z');
const clock = new ManualClock(TODAY);
let ctx: TestContext;
let admin: TestAdmin;
let finance: TestAdmin;
let ada: TestUser;
let bob: TestUser;
let biz: TestUser;
const db = () => ctx.database.db;

const ADDRESS = { houseNumber: '12', streetAddress: 'Meadow Lane', townCity: 'Oxford', postcode: 'OX1 2AB', country: 'United Kingdom' };

async function saveProfile(userId: string, extra: Record<string, unknown> = {}) {
  const details = { firstName: 'x', lastName: 'y', address: ADDRESS, contactInfo: { telephoneCountryCode: '+44', phoneNumber: '7000000' }, optionalNote: '', ...extra };
  await db().insert(profileVerifications).values({ userId, details, updatedAt: TODAY });
}

async function pdfOf(session: string | undefined, orderId: string) {
  const res = await getJson(ctx.app, session, renderUrl(orderId));
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  return { res, text: (await pdfLines(res.rawPayload)).join('\n') };
}

const breakdownOf = async (session: string, orderId: string) =>
  (await getJson(ctx.app, session, `/api/order/get_order_details/${orderId}`)).json().orderData.paymentDetails as {
    subTotal: number;
    discount: number;
    transactionFee: number;
    paymentMethodFees: { fixedPercentageFees: number; fixedCentsFees: number };
    paymentAmount: number;
  };

beforeAll(async () => {
  ctx = await createTestApp({ JOBS_DUE_ORDERS_INTERVAL_MS: '9999999' }, undefined, clock);
  admin = await makeAdmin(ctx.app, db(), 'admin.invoices@example.com');
  finance = await makeAdminAs(ctx.app, db(), 'finance.invoices@example.com', 'FINANCE', 'Finn');
  ada = await signUp(ctx.app, 'ada.invoices@example.com', 'Ada', 'Lovelace');
  bob = await signUp(ctx.app, 'bob.invoices@example.com', 'Bob', 'Other');
  biz = await signUp(ctx.app, 'biz.invoices@example.com', 'Grace', 'Hopper');
  await db().update(users).set({ userType: 'BUSINESS', businessName: 'Hopper Compilers Ltd' }).where(eq(users.id, biz.id));
  await saveProfile(ada.id);
  await saveProfile(biz.id, { businessInfo: { businessName: 'Hopper Compilers Ltd', registrationNumber: 'HC-0042', vatNumber: 'GB987654321' } });
});
afterAll(() => ctx.close());
afterEach(async () => {
  await expectReconciled(db(), clock.now());
});

describe('who may see an invoice', () => {
  it('anonymous → 401 on every invoice route', async () => {
    const orderId = await paidBankBuy(ctx.app, admin.session, ada, 10);
    expect((await getJson(ctx.app, undefined, renderUrl(orderId))).statusCode).toBe(401);
    expect((await getJson(ctx.app, undefined, '/api/utility/invoices')).statusCode).toBe(401);
    const send = await postJson(ctx.app, undefined, SEND_URL, { orderId }, null);
    expect(send.statusCode).toBe(401);
    expect(send.json()).toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it("another person's invoice, an unpaid order and an unknown id → 404 in the error shape, and nothing is emailed", async () => {
    const paid = await paidBankBuy(ctx.app, admin.session, ada, 10);
    const unpaid = await sentBankBuy(ctx.app, ada, 10);
    for (const [session, orderId] of [
      [bob.session, paid],
      [ada.session, unpaid],
      [ada.session, '01ARZ3NDEKTSV4RRFFQ69G5FAV'],
      [ada.session, 'not-an-order'],
    ] as const) {
      const render = await getJson(ctx.app, session, renderUrl(orderId));
      expect(render.statusCode, orderId).toBe(404);
      expect(render.json()).toEqual({ message: INVOICE_MESSAGES.notFound, code: 'NOT_FOUND' });
      const send = await postJson(ctx.app, session, SEND_URL, { orderId }, null);
      expect(send.statusCode).toBe(404);
    }
    expect((await mailTo(ctx.app, bob.email)).filter((m) => m.attachments.length > 0 || /invoice/i.test(m.subject))).toEqual([]);
    const list = (await getJson(ctx.app, bob.session, '/api/utility/invoices')).json();
    expect(list).toMatchObject({ invoices: [], total: 0 });
  });

  it('refuses a missing order id with the field message', async () => {
    const res = await getJson(ctx.app, ada.session, '/api/utility/render-single-transaction-invoice');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});

describe('the invoice PDF', () => {
  it("prints the number, the company's legal details, the customer's address and the order's breakdown exactly", async () => {
    const orderId = await paidBankBuy(ctx.app, admin.session, ada, 100);
    const [invoice] = (await invoiceRows(db())).filter((r) => r.order_id === orderId);
    const breakdown = await breakdownOf(ada.session, orderId);
    const { res, text } = await pdfOf(ada.session, orderId);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`inline; filename="${invoice?.number}.pdf"; filename*=UTF-8''${invoice?.number}.pdf`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    expect(text).toContain(`Invoice ${invoice?.number}`);
    expect(text).toContain('Issue date 15 Jan 2026');
    expect(text).toContain(`Order ${orderId}`);
    expect(text).toContain('Payment method Bank transfer');
    for (const fact of [DEFAULT_COMPANY_DETAILS.legalName, '1 Example Street', DEFAULT_COMPANY_DETAILS.registrationNumber, DEFAULT_COMPANY_DETAILS.vatNumber]) expect(text).toContain(fact);
    expect(text).toContain('Ada Lovelace');
    expect(text).toContain('12 Meadow Lane');
    expect(text).toContain('Oxford OX1 2AB');
    expect(text).toContain(`GBP Land Units 100 ${formatPrice('1.077986', 'GBP', 6)} ${formatMoney(breakdown.subTotal, 'GBP')}`);
    expect(text).toContain(`Subtotal ${formatMoney(breakdown.subTotal, 'GBP')}`);
    expect(text).toContain(`Purchase fee ${formatMoney(breakdown.transactionFee, 'GBP')}`);
    expect(text).toContain(`Total paid ${formatMoney(breakdown.paymentAmount, 'GBP')}`);
    expect(breakdown.paymentAmount).toBe(
      breakdown.subTotal - breakdown.discount + breakdown.transactionFee + breakdown.paymentMethodFees.fixedPercentageFees + breakdown.paymentMethodFees.fixedCentsFees,
    );
    expect(text).toContain('Paid in full by bank transfer on 15 Jan 2026');
    expect(text).toContain('Page 1');
    expect(text).not.toContain('Page 2');
  });

  it('a card buy is paid by "Card" (never the provider), with its method fees on their own lines, issued when the payment completes', async () => {
    const order = created(await createOrder(ctx.app, ada.session, buyBody(50, undefined, 'Card_Stripe')));
    expect((await getJson(ctx.app, ada.session, renderUrl(order.orderId))).statusCode).toBe(404);
    const pay = await postJson(ctx.app, ada.session, '/api/order/test_card_payment', { orderId: order.orderId, cardNumber: '4242424242424242', expiry: '12/30', cvc: '123' });
    expect(pay.statusCode, pay.body).toBe(200);
    const breakdown = await breakdownOf(ada.session, order.orderId);
    const { text } = await pdfOf(ada.session, order.orderId);
    expect(text).toContain('Payment method Card');
    expect(text).not.toMatch(/stripe|square/i);
    if (breakdown.paymentMethodFees.fixedPercentageFees > 0) expect(text).toContain(`Payment method fee (percentage) ${formatMoney(breakdown.paymentMethodFees.fixedPercentageFees, 'GBP')}`);
    if (breakdown.paymentMethodFees.fixedCentsFees > 0) expect(text).toContain(`Payment method fee (fixed) ${formatMoney(breakdown.paymentMethodFees.fixedCentsFees, 'GBP')}`);
    expect(text).toContain(`Total paid ${formatMoney(breakdown.paymentAmount, 'GBP')}`);
  });

  it("a business's invoice names the business, its company number and VAT number", async () => {
    const orderId = await paidBankBuy(ctx.app, admin.session, biz, 20);
    const { text } = await pdfOf(biz.session, orderId);
    expect(text).toContain('Hopper Compilers Ltd');
    expect(text).toContain('Grace Hopper');
    expect(text).toContain('HC-0042');
    expect(text).toContain('GB987654321');
  });

  it('says so when the profile has no address', async () => {
    const orderId = await paidBankBuy(ctx.app, admin.session, bob, 10);
    const { text } = await pdfOf(bob.session, orderId);
    expect(text).toContain('No address given');
  });
});

describe('the sale statement', () => {
  it('is issued when the payout completes the sale (by the second admin from 10,000.00), with the masked account', async () => {
    await setBank(db(), ada.id, GBP_ACCOUNT);
    await giveUnits(db(), ada.id, 30_000);
    await setFlatPrices(db(), admin.id, clock.now(), '1.000000');
    const small = created(await createOrder(ctx.app, ada.session, sellBody(510))).orderId;
    const large = created(await createOrder(ctx.app, ada.session, sellBody(10_010))).orderId;
    expect((await markPaid(ctx.app, admin.session, small, 'BR-SMALL-1')).statusCode).toBe(200);
    expect((await markPaid(ctx.app, admin.session, large, 'BR-LARGE-1')).statusCode).toBe(200);
    const kinds = async (id: string) => (await invoiceRows(db())).filter((r) => r.order_id === id).map((r) => r.kind);
    expect(await kinds(small)).toEqual(['sale_statement']);
    expect(await kinds(large)).toEqual([]);
    expect((await confirmPaid(ctx.app, finance.session, large)).statusCode).toBe(200);
    expect(await kinds(large)).toEqual(['sale_statement']);

    const { text } = await pdfOf(ada.session, small);
    expect(text).toMatch(/Sale statement LU-2026-\d{6}/);
    expect(text).toContain(`GBP Land Units sold 510 ${formatPrice('1.000000', 'GBP', 6)} £510.00`);
    expect(text).toContain('Sell fee (10 Units) 10');
    expect(text).toContain('-£10.00');
    expect(text).toContain(`Payout ${formatUnits(500)} £500.00`);
    expect(text).toContain('Sort code 60-16-13, Account •••• 6819');
    expect(text).not.toContain(GBP_ACCOUNT.bankAccountNumber);
    expect(text).toContain('Bank reference BR-SMALL-1');
  });
});

describe('emailing an invoice', () => {
  it('queues an email to the person with the PDF attached, downloadable from the development mailbox', async () => {
    const orderId = await paidBankBuy(ctx.app, admin.session, biz, 10);
    const [invoice] = (await invoiceRows(db())).filter((r) => r.order_id === orderId);
    const res = await postJson(ctx.app, biz.session, SEND_URL, { orderId: orderId.toLowerCase() }, null);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: INVOICE_MESSAGES.emailed(biz.email), number: invoice?.number });

    const [mail] = (await mailTo(ctx.app, biz.email)).filter((m) => m.subject === `Your invoice ${invoice?.number}`);
    expect(mail?.attachments).toEqual([
      { filename: `${invoice?.number}.pdf`, contentType: 'application/pdf', size: expect.any(Number), url: expect.stringMatching(/^\/api\/dev\/mail\/\d+\/attachments\/0$/) },
    ]);
    expect(mail?.text).toContain(`your invoice ${invoice?.number} for order ${orderId} is attached`);
    const file = await ctx.app.inject({ method: 'GET', url: mail?.attachments[0]?.url ?? '' });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toContain(`attachment; filename="${invoice?.number}.pdf"`);
    expect(file.rawPayload.length).toBe(mail?.attachments[0]?.size);
    expect((await pdfLines(file.rawPayload)).join('\n')).toContain(`Invoice ${invoice?.number}`);
    expect((await ctx.app.inject({ method: 'GET', url: `${mail?.attachments[0]?.url.slice(0, -1)}7` })).statusCode).toBe(404);
  });

  it('allows 5 an hour per person, then 429 in the error shape with Retry-After; the next hour works again', async () => {
    const orderId = await paidBankBuy(ctx.app, admin.session, bob, 10);
    clock.set('2026-01-15T12:00:00Z');
    for (let i = 0; i < 5; i += 1) expect((await postJson(ctx.app, bob.session, SEND_URL, { orderId }, null)).statusCode).toBe(200);
    const refused = await postJson(ctx.app, bob.session, SEND_URL, { orderId }, null);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: INVOICE_MESSAGES.tooManyEmails, code: 'RATE_LIMITED' });
    expect(Number(refused.headers['retry-after'])).toBe(3600);
    // Other people are not held back, and opening the PDF is not limited.
    expect((await getJson(ctx.app, bob.session, renderUrl(orderId))).statusCode).toBe(200);
    clock.set('2026-01-15T13:00:00Z');
    expect((await postJson(ctx.app, bob.session, SEND_URL, { orderId }, null)).statusCode).toBe(200);
  });
});

describe('the list of invoices', () => {
  it("lists only the person's own, newest first, with totals, and finds them by date and by a part of the order id", async () => {
    const first = await paidBankBuy(ctx.app, admin.session, ada, 10);
    clock.set('2026-02-10T10:00:00Z');
    const second = await paidBankBuy(ctx.app, admin.session, ada, 30);
    const page = (await getJson(ctx.app, ada.session, '/api/utility/invoices')).json();
    expect(page.total).toBe((await invoiceRows(db())).filter((r) => r.user_id === ada.id).length);
    expect(page.invoices[0]).toEqual({
      number: expect.stringMatching(/^LU-2026-\d{6}$/),
      kind: 'invoice',
      issuedAt: '2026-02-10T10:00:00.000Z',
      orderId: second,
      orderType: 'BUY',
      unitType: 'LAND_POUND',
      numberOfUnits: 30,
      currency: 'GBP',
      totalCents: (await breakdownOf(ada.session, second)).paymentAmount,
    });
    expect(page.invoices.some((i: { kind: string }) => i.kind === 'sale_statement')).toBe(true);

    const february = (await getJson(ctx.app, ada.session, '/api/utility/invoices?fromDate=2026-02-01&toDate=2026-02-10')).json();
    expect(february.invoices.map((i: { orderId: string }) => i.orderId)).toEqual([second]);
    const january = (await getJson(ctx.app, ada.session, '/api/utility/invoices?toDate=2026-01-31')).json();
    expect(january.invoices.map((i: { orderId: string }) => i.orderId)).toContain(first);
    expect(january.invoices.map((i: { orderId: string }) => i.orderId)).not.toContain(second);
    const byReference = (await getJson(ctx.app, ada.session, `/api/utility/invoices?orderId=${first.slice(-5).toLowerCase()}`)).json();
    expect(byReference.invoices.map((i: { orderId: string }) => i.orderId)).toEqual([first]);
    expect((await getJson(ctx.app, bob.session, `/api/utility/invoices?orderId=${first}`)).json().total).toBe(0);
  });

  it('refuses bad filters with their messages', async () => {
    const res = await getJson(ctx.app, ada.session, '/api/utility/invoices?fromDate=2026-03-01&toDate=2026-02-01&orderId=%25');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ toDate: INVOICE_MESSAGES.dateOrder, orderId: INVOICE_MESSAGES.orderId });
  });
});
