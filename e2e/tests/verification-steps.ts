import { BANK_VERIFICATION_LABELS, PROFILE_VERIFICATION_LABELS } from '@landunits/domain';
import { randomUUID } from 'node:crypto';
import type { APIRequestContext, APIResponse, Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, expectAccessible } from './fixtures';
import { adminCredentials, escapeRegExp, figure, logIn, screenshots } from './journeys';

/**
 * The steps of the verification journeys (verification*.spec.ts): the profile and bank forms of
 * /dashboard/settings, the admin's review in /admin/verifications, and a sale of 20 Units that
 * reaches the admin's orders queue.
 */

export interface UploadFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** A real small PNG (the server decodes and re-encodes images, and refuses fake ones). */
export async function pngFile(name: string, colour = '#2a6f97'): Promise<UploadFile> {
  const buffer = await sharp({
    create: { width: 48, height: 32, channels: 3, background: colour },
  })
    .png()
    .toBuffer();
  return { name, mimeType: 'image/png', buffer };
}

/** A well-formed one-page PDF, without JavaScript. */
export function pdfFile(name: string): UploadFile {
  const text = [
    '%PDF-1.7',
    '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
    '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
    '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj',
    'trailer << /Root 1 0 R >>',
    '%%EOF',
    '',
  ].join('\n');
  return {
    name,
    mimeType: 'application/pdf',
    buffer: Buffer.from(text, 'latin1'),
  };
}

const isoDaysFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function fillAll(scope: Locator, values: Record<string, string>): Promise<void> {
  for (const [label, value] of Object.entries(values)) await scope.getByLabel(label, { exact: true }).fill(value);
}

/** The status panel at #verification-status, with its badge. */
export const statusPanel = (page: Page) => page.locator('#verification-status');

/** /dashboard/settings: the two tiles' badges, as the person sees them. */
export async function expectTiles(page: Page, profile: string, bank: string): Promise<void> {
  await page.goto('/dashboard/settings');
  const tiles = page.getByRole('list', { name: 'Your verifications' });
  await expect(tiles.locator('#tile-profile')).toContainText(profile);
  await expect(tiles.locator('#tile-bank')).toContainText(bank);
}

export interface ProfileDetails {
  business?: { name: string; registrationNumber: string };
  firstName: string;
  lastName: string;
  houseNumber: string;
  document: UploadFile;
}

/** Fills the Personal Details (or Business Details) form from the settings tile and submits it for review. */
export async function submitProfile(page: Page, details: ProfileDetails, shots?: string): Promise<void> {
  await page.goto('/dashboard/settings');
  await page.locator('#tile-profile').getByRole('link', { name: 'Profile verification' }).click();
  await expect(page).toHaveURL(/\/dashboard\/settings\/profile-verification#verification-status$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Profile verification' })).toBeVisible();
  const form = page.getByRole('form', {
    name: details.business ? 'Business Details' : 'Personal Details',
  });
  await expect(form).toBeVisible();
  await expect(statusPanel(page)).toBeFocused();
  if (shots) {
    await expectAccessible(page);
    await screenshots(page, shots, form);
  }
  if (details.business) {
    await fillAll(form, {
      'Business or government name': details.business.name,
      'Registration number': details.business.registrationNumber,
    });
  }
  await fillAll(form, {
    'First name': details.firstName,
    'Last name': details.lastName,
    'House number or name': details.houseNumber,
    'Street address': 'Orchard Lane',
    'Town/City': 'Bristol',
    Postcode: 'BS1 4DJ',
    Country: 'United Kingdom',
    'Country code': '+44',
    'Phone number': '7700900123',
  });
  if (!details.business) {
    await fillAll(form, {
      'Passport number': 'AB1234567',
      'Issuing country': 'United Kingdom',
      'Start date': isoDaysFromNow(-400),
      'Expiry date': isoDaysFromNow(3000),
    });
  }
  const documents = form.getByRole('group', { name: 'Documents' });
  const label = details.business ? 'Business registry document' : 'Passport';
  await documents.getByLabel(label, { exact: true }).setInputFiles(details.document);
  await expect(documents.getByText(details.document.name, { exact: false }).first()).toBeVisible();
  await form.getByRole('button', { name: 'Submit for review' }).click();
  await expect(
    statusPanel(page).getByText(PROFILE_VERIFICATION_LABELS.Pending, {
      exact: true,
    }),
  ).toBeVisible();
  await expect(form.getByRole('button', { name: 'Submit for review' })).toHaveCount(0);
}

/** The bank form: the account and a statement PDF, submitted for review. */
export async function submitBank(page: Page, accountName: string, shots?: string): Promise<void> {
  await page.goto('/dashboard/settings');
  await page.locator('#tile-bank').getByRole('link', { name: 'Bank verification' }).click();
  await expect(page).toHaveURL(/\/dashboard\/settings\/bank-verification#verification-status$/);
  const form = page.getByRole('form', { name: 'Bank Details' });
  await expect(form).toBeVisible();
  await expect(statusPanel(page)).toContainText(BANK_VERIFICATION_LABELS.UnVerified);
  if (shots) {
    await expectAccessible(page);
    await screenshots(page, shots, form);
  }
  await fillAll(form, {
    'Account name': accountName,
    'Account number (optional)': '31926819',
    'Sort code (optional)': '601613',
    'Bank name (optional)': 'Harbour Bank',
    'Bank country (optional)': 'United Kingdom',
  });
  const statement = pdfFile('statement.pdf');
  await form.getByLabel('Bank statement', { exact: true }).setInputFiles(statement);
  await expect(form.getByText('statement.pdf').first()).toBeVisible();
  await form.getByRole('button', { name: 'Submit for review' }).click();
  await expect(
    statusPanel(page).getByText(BANK_VERIFICATION_LABELS.Pending, {
      exact: true,
    }),
  ).toBeVisible();
}

/** The admin signed in, on /admin/verifications with the queue of `kind`. */
export async function adminSignsIn(admin: Page): Promise<void> {
  const { email, password } = adminCredentials();
  await logIn(admin, email, password);
}

/** Opens the person's case from the queue of `kind` (found by their email). */
export async function openCase(admin: Page, kind: 'Profile' | 'Bank', email: string, shots?: string): Promise<Locator> {
  await admin.goto(`/admin/verifications?kind=${kind.toLowerCase()}`);
  await expect(admin.getByRole('heading', { level: 2, name: 'Verifications' })).toBeVisible();
  await expect(admin.getByRole('tab', { name: kind })).toHaveAttribute('aria-selected', 'true');
  const row = admin.getByRole('row').filter({ hasText: email });
  await expect(row).toBeVisible();
  if (shots) {
    await expectAccessible(admin);
    await screenshots(admin, shots, admin.getByRole('tabpanel'));
  }
  await row.getByRole('link').click();
  await expect(admin).toHaveURL(/\/admin\/verifications\?kind=\w+&user=/);
  const review = admin.getByRole('article');
  await expect(review.getByText(email, { exact: true })).toBeVisible();
  return review;
}

/** The side (Profile or Bank) of an open case. */
export const caseSide = (admin: Page, kind: 'Profile' | 'Bank') => admin.getByRole('region', { name: new RegExp(`^${kind} `) });

/** An admin's decision on one side of the open case, with the reason (a rejection) and an internal note. */
export async function decide(admin: Page, kind: 'Profile' | 'Bank', decision: 'Approve' | 'Reject', words: { reason?: string; note?: string } = {}): Promise<void> {
  const side = caseSide(admin, kind);
  await expect(side.getByText(PROFILE_VERIFICATION_LABELS.Pending, { exact: true })).toBeVisible();
  await side.getByRole('button', { name: decision, exact: true }).click();
  const dialog = admin.getByRole('dialog', {
    name: `${decision}: ${kind === 'Profile' ? 'profile' : 'bank details'}`,
  });
  await expect(dialog).toBeVisible();
  if (words.reason) await dialog.getByLabel('Reason for the person').fill(words.reason);
  if (words.note) await dialog.getByLabel('Internal note (optional)').fill(words.note);
  await dialog.getByRole('button', { name: decision, exact: true }).click();
  await expect(dialog).toBeHidden();
  const label = decision === 'Approve' ? 'Approved' : PROFILE_VERIFICATION_LABELS.Rejected;
  await expect(side.getByText(label, { exact: true }).first()).toBeVisible();
}

/**
 * Sells 20 GBP Units from the Sell tab: the breakdown shows the sale fee with its share of the
 * sale; the sale is placed and waits for an admin. Returns the order's reference.
 */
export async function sellTwenty(page: Page, shots?: string): Promise<string> {
  await page.goto('/dashboard/transaction?tab=sell');
  await expect(page.getByRole('tab', { name: 'Sell' })).toHaveAttribute('aria-selected', 'true');
  const form = page.getByRole('form', { name: 'Sell Units' });
  await expect(form.getByRole('region', { name: 'Needed to sell' }).getByText('Approved', { exact: true })).toHaveCount(2);
  await form.getByLabel('Number of Units').fill('20');
  const breakdown = page.getByRole('region', { name: 'Breakdown' });
  await expect(figure(breakdown, 'Units')).toHaveText('20 GBP Units');
  await expect(figure(breakdown, 'Sale fee')).toHaveText(/^\d+ GBP Units? \(\d+(\.\d+)?% of this sale\)$/);
  const payout = (await figure(breakdown, 'Payout').textContent()) ?? '';
  expect(payout).toMatch(/^£\d[\d,]*\.\d\d$/);
  if (shots) await screenshots(page, shots, form);
  await form.getByRole('button', { name: 'Review order' }).click();
  const review = page.getByRole('region', { name: 'Review your sale' });
  await expect(figure(review, 'Payout')).toHaveText(payout);
  await review.getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL(/\/dashboard\/sell-units\/success\?orderId=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sale placed' })).toBeVisible();
  const orderId = new URL(page.url()).searchParams.get('orderId') ?? '';
  expect(orderId).not.toBe('');
  const result = page.getByRole('region', { name: `Order ${orderId}` });
  await expect(figure(result, 'Payout')).toHaveText(payout);
  return orderId.slice(-5);
}

/** The sale waits in /admin/orders with the person's email and the payout actions. */
export async function expectSaleInAdminQueue(admin: Page, reference: string, email: string): Promise<void> {
  await admin.goto('/admin/orders');
  const action = admin.getByRole('button', {
    name: new RegExp(`^Partial payout for order ${escapeRegExp(reference)}$`),
  });
  await expect(action).toBeVisible();
  const row = admin.getByRole('row').filter({ has: action });
  await expect(row).toContainText(email);
  await expect(row).toContainText('20 GBP Units');
}

/** Buys `units` GBP Units by bank transfer and says the payment was sent. Returns its reference and total. */
export async function buyByBank(page: Page, units: number): Promise<{ reference: string; total: string }> {
  await page.goto('/dashboard/transaction');
  const form = page.getByRole('form', { name: 'Buy Units' });
  await expect(form.getByLabel('Unit type')).toHaveValue('LAND_POUND');
  await form.getByLabel('Number of Units').fill(String(units));
  await form.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/buy-units/payment\\?unitType=LAND_POUND&units=${units}$`));
  await page
    .getByRole('group', { name: 'Payment method' })
    .getByRole('radio', { name: /^Bank transfer/ })
    .check();
  await page.getByRole('button', { name: 'Review order' }).click();
  const review = page.getByRole('region', { name: 'Review your purchase' });
  const total = (await figure(review, 'Total to pay').textContent()) ?? '';
  expect(total).toMatch(/^£\d[\d,]*\.\d\d$/);
  await review.getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL(/\/dashboard\/buy-units\/payment-bank\?orderId=/);
  const reference = (new URL(page.url()).searchParams.get('orderId') ?? '').slice(-5);
  await expect(page.getByLabel('Payment reference')).toHaveText(reference);
  await page.getByRole('button', { name: 'I have sent the payment' }).click();
  await expect(page).toHaveURL(/\/dashboard\/buy-units\/payment\/success\?orderId=/);
  return { reference, total };
}

/** The signed-in admin approves the bank payment with this reference in /admin/orders. */
export async function approvePayment(admin: Page, order: { reference: string; total: string; email: string }): Promise<void> {
  await admin.goto('/admin/orders');
  const approve = admin.getByRole('button', {
    name: `Approve payment for order ${order.reference}`,
  });
  await expect(approve).toBeVisible();
  const row = admin.getByRole('row').filter({ has: approve });
  await expect(row).toContainText(order.email);
  await expect(row).toContainText(order.total);
  await approve.click();
  const dialog = admin.getByRole('dialog', { name: 'Approve payment' });
  await dialog.getByLabel('Reason').fill(`Payment ${order.reference} arrived in the bank account`);
  await dialog.getByRole('button', { name: 'Approve payment' }).click();
  await expect(dialog).toBeHidden();
  await expect(admin.getByText(`Payment approved: order ${order.reference}.`)).toBeVisible();
}

export const ACCOUNT = { bankAccountName: 'Paula Payne', bankAccountNumber: '31926819', sortCode: '60-16-13', bankName: 'Harbour Bank', bankCountry: 'United Kingdom' };
/** A money-moving POST's Idempotency-Key header. */
export const once = () => ({ 'idempotency-key': `e2e-${randomUUID()}` });

/** An API answer that must be a success; the failure names the call and the answer. */
export async function ok(answer: Promise<APIResponse>, what: string): Promise<APIResponse> {
  const res = await answer;
  expect(res.ok(), `${what}: ${res.status()} ${await res.text()}`).toBe(true);
  return res;
}

/** The person submits profile and bank details through the API (the verification pages have their own journeys). */
async function submitVerifications(request: APIRequestContext): Promise<void> {
  const file = (name: string) => ({ name, mimeType: 'application/pdf', buffer: pdfFile(name).buffer });
  const kycInfo = {
    kycStatus: 'Pending',
    optionalNote: '',
    address: { houseNumber: '7', streetAddress: 'Quay Street', townCity: 'Bristol', postcode: 'BS1 4DJ', country: 'United Kingdom' },
    contactInfo: { telephoneCountryCode: '+44', phoneNumber: '7700900123' },
    passport: { passportNumber: 'PP1234567', issuingCountry: 'United Kingdom', startDate: isoDaysFromNow(-400), expiryDate: isoDaysFromNow(3000) },
  };
  await ok(request.post('/api/user/update_profile', { multipart: { firstName: 'Paula', lastName: 'Payne', kycInfo: JSON.stringify(kycInfo), passportFile: file('passport.pdf') } }), 'profile');
  await ok(request.post('/api/user/update-bank', { multipart: { ...ACCOUNT, verificationStatus: 'Pending', bankStatement: file('statement.pdf') } }), 'bank');
}

/**
 * A verified person with `units` GBP Units, set up through the API (the verification pages have
 * their own journeys): profile and bank details submitted, both approved by the admin signed in
 * within `admin` (stepped up for decisions on money), then a bank buy paid and approved.
 */
export async function verifyAndFund(person: APIRequestContext, admin: APIRequestContext, units: number): Promise<void> {
  await submitVerifications(person);
  const userId = ((await (await ok(person.get('/api/user'), 'me')).json()) as { user: { id: string } }).user.id;
  for (const path of ['/api/user/approve_profile', '/api/user/approve-bank']) await ok(admin.post(path, { data: { userId, decision: 'approve' } }), path);
  const buy = await ok(
    person.post('/api/order/create_order', { headers: once(), data: { orderType: 'BUY', currencyUnit: { numberOfUnits: units }, paymentDetails: { paymentMethod: 'Bank' } } }),
    'buy',
  );
  const orderId = ((await buy.json()) as { orderCreatedData: { orderId: string } }).orderCreatedData.orderId;
  await ok(person.post('/api/order/success_order', { headers: once(), data: { orderId } }), 'paid');
  await ok(admin.post(`/api/admin/orders/${orderId}/transition`, { headers: once(), data: { toStatus: 'Approved', reason: 'Payment received in the bank' } }), 'approve');
}
