import { DEFAULT_PAYMENT_DETAILS, PAYMENT_DETAILS_MESSAGES as P, type PaymentDetails } from '@landunits/domain';
import type { MoneySettingsAdmin, PaymentDetailsAdmin, SettingChangeRequest } from '@landunits/domain/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock';
import { personSession } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/app';
import { decideRequest, figures, getJson, makeAdmin, MONEY, PAYMENT, propose, withAudit, type TestAdmin } from './test/settings-admin-setup';

/*
 * The payment details (bank account of the bank payment page, wallets, company details) change
 * only through a second admin, like the money settings, with their own permission and version.
 */

const clock = new ManualClock(new Date('2026-11-21T10:00:00.000Z'));
let ctx: TestContext;
let owner: TestAdmin;
let finance: TestAdmin;
let compliance: TestAdmin;
let person: string;
const db = () => ctx.database.db;

beforeAll(async () => {
  ctx = await createTestApp({ JOBS_DUE_ORDERS_INTERVAL_MS: '9999999' }, undefined, clock);
  owner = await makeAdmin(ctx.app, db(), 'owner.payment@example.com', 'OWNER');
  finance = await makeAdmin(ctx.app, db(), 'finance.payment@example.com', 'FINANCE');
  compliance = await makeAdmin(ctx.app, db(), 'compliance.payment@example.com', 'COMPLIANCE');
  person = await personSession(ctx.app, 'person.payment@example.com');
});
afterAll(() => ctx.close());

const details = (change: (copy: PaymentDetails) => void): PaymentDetails => {
  const copy = structuredClone(DEFAULT_PAYMENT_DETAILS);
  change(copy);
  return copy;
};

const NEW_ACCOUNT = details((d) => {
  d.adminBankDetails = {
    ...d.adminBankDetails,
    bankAccountName: 'Land Units Trading Ltd',
    bankName: 'Westminster Bank',
    sortCode: '12-34-56',
    bankAccountNumber: '98765432',
    iban: 'GB82WEST12345698765432',
    swiftBic: 'WESTGB2L',
  };
  d.company.vatNumber = 'GB987654321';
});

const proposePayment = (who: TestAdmin, value: unknown) => propose(ctx.app, who.session, value, 'We moved to a new bank', PAYMENT);

describe('payment details', () => {
  it('an OWNER’s new bank account applies once FINANCE approves: the bank payment page’s bundle shows it', async () => {
    const proposed = await withAudit(db(), () => proposePayment(owner, NEW_ACCOUNT));
    expect(proposed.result.statusCode, proposed.result.body).toBe(200);
    const request = proposed.result.json<{ request: SettingChangeRequest }>().request;
    expect(request.changes).toEqual([
      { path: 'adminBankDetails.bankAccountName', before: 'Land Units Ltd', after: 'Land Units Trading Ltd' },
      { path: 'adminBankDetails.bankName', before: 'Example Bank plc', after: 'Westminster Bank' },
      { path: 'adminBankDetails.sortCode', before: '04-00-04', after: '12-34-56' },
      { path: 'adminBankDetails.bankAccountNumber', before: '12345678', after: '98765432' },
      { path: 'adminBankDetails.iban', before: 'GB33BUKB20201555555555', after: 'GB82WEST12345698765432' },
      { path: 'adminBankDetails.swiftBic', before: 'EXBKGB2L', after: 'WESTGB2L' },
      { path: 'company.vatNumber', before: 'GB123456789', after: 'GB987654321' },
    ]);
    expect(proposed.rows.map((r) => [r.action, r.actor_role, r.before, r.after])).toEqual([['settings.paymentDetails.propose', 'OWNER', DEFAULT_PAYMENT_DETAILS, NEW_ACCOUNT]]);
    const bundle = async () => (await getJson(ctx.app, person, '/api/user')).json<{ adminBankDetails: unknown }>().adminBankDetails;
    expect(await bundle()).toEqual(DEFAULT_PAYMENT_DETAILS.adminBankDetails);

    expect((await decideRequest(ctx.app, owner.session, request.id, 'approve', {}, PAYMENT)).statusCode).toBe(403);
    const approved = await withAudit(db(), () => decideRequest(ctx.app, finance.session, request.id, 'approve', {}, PAYMENT));
    expect(approved.result.statusCode, approved.result.body).toBe(200);
    expect(approved.rows.map((r) => [r.action, r.actor_user_id, r.before, r.after])).toEqual([['settings.paymentDetails.approve', finance.id, DEFAULT_PAYMENT_DETAILS, NEW_ACCOUNT]]);
    expect(await bundle()).toEqual(NEW_ACCOUNT.adminBankDetails);

    const page = (await getJson(ctx.app, owner.session, PAYMENT)).json<PaymentDetailsAdmin>();
    expect(page).toMatchObject({ current: NEW_ACCOUNT, version: 1, pending: [], history: [{ id: request.id, status: 'Approved' }] });
  });

  it('has its own version: approving it leaves a pending money request approvable', async () => {
    const money = await propose(
      ctx.app,
      finance.session,
      figures((f) => (f.sellOrderTransactionFeeInUnits = 11)),
    );
    const payment = await proposePayment(
      finance,
      details((d) => (d.adminCryptoWallets.ETHER = '0x52908400098527886e0f7030069857d2e4169ee7')),
    );
    expect((await decideRequest(ctx.app, owner.session, payment.json().request.id, 'approve', {}, PAYMENT)).statusCode).toBe(200);
    const seen = (await getJson(ctx.app, owner.session, MONEY)).json<MoneySettingsAdmin>();
    expect(seen.pending[0]).toMatchObject({ id: money.json().request.id, stale: false, canApprove: true });
    expect((await decideRequest(ctx.app, owner.session, money.json().request.id, 'approve')).statusCode).toBe(200);
    const bundle = (await getJson(ctx.app, person, '/api/user')).json<{ cryptoWallets: { ETHER: string }; prices: { LAND_POUND: { sellOrderTransactionFeeInUnits: number } } }>();
    expect(bundle.cryptoWallets.ETHER).toBe('0x52908400098527886e0f7030069857d2e4169ee7');
    expect(bundle.prices.LAND_POUND.sellOrderTransactionFeeInUnits).toBe(11);
  });

  it.each([
    ['an IBAN with a typo', details((d) => (d.adminBankDetails.iban = 'GB82WEST12345698765433')), { 'adminBankDetails.iban': P.ibanCheck }],
    ['neither an IBAN nor an account', details((d) => (d.adminBankDetails = { ...d.adminBankDetails, iban: '', bankAccountNumber: '' })), { 'adminBankDetails.iban': P.accountOrIban }],
    ['a short account name', details((d) => (d.adminBankDetails.bankAccountName = 'LU')), { 'adminBankDetails.bankAccountName': P.accountNameMin }],
    ['a Bitcoin address that is not one', details((d) => (d.adminCryptoWallets.BITCOIN = 'not-a-wallet')), { 'adminCryptoWallets.BITCOIN': P.bitcoin }],
    ['a company without a name', details((d) => (d.company.legalName = ' ')), { 'company.legalName': P.legalNameMin }],
  ])('refuses %s with its message, writing nothing', async (_name, value, errors) => {
    const { result, rows } = await withAudit(db(), () => proposePayment(owner, value));
    expect(result.statusCode).toBe(400);
    expect(result.json().errors).toEqual(errors);
    expect(rows).toEqual([]);
  });

  it('is closed to roles without settings.payment', async () => {
    expect((await getJson(ctx.app, compliance.session, PAYMENT)).statusCode).toBe(403);
    expect((await proposePayment(compliance, NEW_ACCOUNT)).statusCode).toBe(403);
  });
});
