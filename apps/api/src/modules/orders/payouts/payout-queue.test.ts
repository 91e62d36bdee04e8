import type { UnitType } from '@landunits/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../platform/clock';
import { createTestApp, type TestContext } from '../../../test/app';
import { createOrder, getJson, giveUnits, signUp, type TestUser } from '../test/fixtures';
import { created, decide, sellBody, type TestAdmin } from '../test/lifecycle';
import { EUR_ACCOUNT, GBP_ACCOUNT, makeAdminAs, markPaid, payoutQueue, setBank, setFlatPrices } from '../test/payouts-setup';

/*
 * GET /api/admin/payouts: the sales waiting for a payout, paged, sorted and filtered by the server,
 * with the person's approved bank account beside the amount (and nothing for one not approved).
 */

const TODAY = new Date('2026-04-01T09:00:00Z');
const clock = new ManualClock(TODAY);
let ctx: TestContext;
let owner: TestAdmin;
let finance: TestAdmin;
let compliance: TestAdmin;
let sam: TestUser;
let eva: TestUser;
let pat: TestUser;
/** The sales of the queue, by name, in the order they were placed (an hour apart). */
const ids: Record<string, string> = {};

const db = () => ctx.database.db;

async function sale(name: string, seller: TestUser, units: number, unitType: UnitType = 'LAND_POUND') {
  ids[name] = created(await createOrder(ctx.app, seller.session, sellBody(units, unitType))).orderId;
  clock.advance(3_600_000);
}

beforeAll(async () => {
  ctx = await createTestApp({ JOBS_DUE_ORDERS_INTERVAL_MS: '9999999' }, undefined, clock);
  owner = await makeAdminAs(ctx.app, db(), 'owner.queue@example.com', 'OWNER', 'Olive');
  finance = await makeAdminAs(ctx.app, db(), 'finance.queue@example.com', 'FINANCE', 'Finn');
  compliance = await makeAdminAs(ctx.app, db(), 'compliance.queue@example.com', 'COMPLIANCE', 'Cora');
  sam = await signUp(ctx.app, 'sam.queue@example.com', 'Sam', 'Seller');
  eva = await signUp(ctx.app, 'eva.queue@example.com', 'Eva', 'Euro');
  pat = await signUp(ctx.app, 'pat.queue@example.com', 'Pat', 'Pending');
  await setBank(db(), sam.id, GBP_ACCOUNT);
  await setBank(db(), eva.id, EUR_ACCOUNT);
  await setBank(db(), pat.id, { ...GBP_ACCOUNT, bankAccountName: 'Pat Pending' });
  await giveUnits(db(), sam.id, 100_000);
  await giveUnits(db(), eva.id, 100_000, 'LAND_EUR');
  await giveUnits(db(), pat.id, 1_000);
  await setFlatPrices(db(), owner.id, TODAY, '1.000000');

  await sale('small', sam, 510); // £500.00
  await sale('bigEur', eva, 12_010, 'LAND_EUR'); // €12,000.00
  await sale('partial', sam, 2_010); // £2,000.00, partly paid
  await sale('pat', pat, 310); // £300.00; Pat's bank details change after the sale
  await sale('sold', eva, 1_010, 'LAND_EUR'); // €1,000.00, all sold
  await sale('bigGbp', sam, 30_010); // £30,000.00, marked paid by Finn
  await sale('done', sam, 110); // paid and Completed: leaves the queue
  await sale('failed', sam, 110); // rejected: leaves the queue
  await decide(ctx.app, owner.session, ids.partial!, 'PartialComplete', 'Paid £500.00 so far');
  await decide(ctx.app, owner.session, ids.sold!, 'AllUnitSold', 'All Units sold');
  expect((await markPaid(ctx.app, finance.session, ids.bigGbp!, 'FP-30000')).statusCode).toBe(200);
  expect((await markPaid(ctx.app, finance.session, ids.done!, 'FP-100')).statusCode).toBe(200);
  await decide(ctx.app, owner.session, ids.failed!, 'Failed', 'Wrong account');
  // Pat edits the approved bank details: back to Saved until approved again.
  await setBank(db(), pat.id, { ...GBP_ACCOUNT, bankAccountName: 'Pat Pending', bankAccountNumber: '11112222' }, 'Saved');
});
afterAll(() => ctx.close());

interface Page {
  payouts: {
    orderId: string;
    orderStatus: string;
    person: { name: string; email: string };
    bankDetails: unknown;
    payout: { amountCents: number; currency: string; needsSecondAdmin: boolean; mark: { bankReference: string; markedByYou: boolean; markedBy: { name: string } } | null };
  }[];
  total: number;
  page: number;
  pageSize: number;
  secondAdminFromCents: number;
}

async function list(query = '', admin: TestAdmin = owner): Promise<Page> {
  const res = await payoutQueue(ctx.app, admin.session, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Page;
}
const names = (page: Page) => page.payouts.map((p) => Object.entries(ids).find(([, id]) => id === p.orderId)?.[0]);

describe('the payout queue', () => {
  it('lists sales waiting for a payout, oldest first; completed, failed and buys are not in it', async () => {
    const page = await list();
    expect(names(page)).toEqual(['small', 'bigEur', 'partial', 'pat', 'sold', 'bigGbp']);
    expect(page).toMatchObject({ total: 6, page: 1, pageSize: 20, secondAdminFromCents: 1_000_000 });
    expect(page.payouts.map((p) => p.orderStatus)).toEqual(['FundsWaitingApproval', 'FundsWaitingApproval', 'PartialComplete', 'FundsWaitingApproval', 'AllUnitSold', 'AllUnitSold']);
  });

  it('shows each person, the payout in its currency, whether a second admin is needed and the mark', async () => {
    const page = await list();
    const bigGbp = page.payouts.find((p) => p.orderId === ids.bigGbp)!;
    expect(bigGbp).toMatchObject({
      person: { name: 'Sam Seller', email: 'sam.queue@example.com' },
      unitType: 'LAND_POUND',
      numberOfUnits: 30_010,
      unitsSold: 30_000,
      feeUnits: 10,
      pricePerUnit: '1.000000',
      payout: { amountCents: 3_000_000, currency: 'GBP', needsSecondAdmin: true, mark: { bankReference: 'FP-30000', markedBy: { name: 'Finn' }, markedByYou: false } },
    });
    expect(page.payouts.find((p) => p.orderId === ids.bigEur)!.payout).toEqual({ amountCents: 1_200_000, currency: 'EUR', needsSecondAdmin: true, mark: null });
    expect(page.payouts.find((p) => p.orderId === ids.small)!.payout).toEqual({ amountCents: 50_000, currency: 'GBP', needsSecondAdmin: false, mark: null });
    // The marking admin is told it is theirs.
    expect((await list('', finance)).payouts.find((p) => p.orderId === ids.bigGbp)!.payout.mark!.markedByYou).toBe(true);
  });

  it('shows the approved bank account beside the amount (only the fields given), and none when not approved', async () => {
    const page = await list();
    const bank = (name: string) => page.payouts.find((p) => p.orderId === ids[name])!.bankDetails;
    expect(bank('small')).toEqual({ bankAccountName: 'Sam Seller', bankAccountNumber: '31926819', sortCode: '60-16-13', bankName: 'Harbour Bank', bankCountry: 'United Kingdom' });
    expect(bank('bigEur')).toEqual({ bankAccountName: 'Eva Euro', iban: 'DE89370400440532013000', swiftBic: 'COBADEFFXXX', bankName: 'Rhein Bank', bankCountry: 'Germany' });
    // Pat's details were changed after approval (Saved): neither the old nor the new account is shown.
    expect(bank('pat')).toBeNull();
    await setBank(db(), pat.id, { ...GBP_ACCOUNT, bankAccountName: 'Pat Pending', bankAccountNumber: '11112222' }, 'Pending');
    expect((await list()).payouts.find((p) => p.orderId === ids.pat)!.bankDetails).toBeNull();
    await setBank(db(), pat.id, { ...GBP_ACCOUNT, bankAccountName: 'Pat Pending', bankAccountNumber: '11112222' }, 'Saved');
  });

  it('pages on the server', async () => {
    const second = await list('pageSize=2&page=2');
    expect(names(second)).toEqual(['partial', 'pat']);
    expect(second).toMatchObject({ total: 6, page: 2, pageSize: 2 });
    expect((await list('pageSize=4&page=3')).payouts).toEqual([]);
  });

  it('sorts by age or amount, either way', async () => {
    expect(names(await list('sortDirection=desc'))).toEqual(['bigGbp', 'sold', 'pat', 'partial', 'bigEur', 'small']);
    expect(names(await list('sortBy=amount&sortDirection=desc'))).toEqual(['bigGbp', 'bigEur', 'partial', 'sold', 'small', 'pat']);
    expect(names(await list('sortBy=amount'))).toEqual(['pat', 'small', 'sold', 'partial', 'bigEur', 'bigGbp']);
  });

  it('filters by currency, status and whether a second admin must confirm', async () => {
    expect(names(await list('currency=EUR'))).toEqual(['bigEur', 'sold']);
    expect(names(await list('status=AllUnitSold'))).toEqual(['sold', 'bigGbp']);
    expect(names(await list('status=PartialComplete&currency=GBP'))).toEqual(['partial']);
    expect(names(await list('needsSecondAdmin=true'))).toEqual(['bigGbp']);
    expect(names(await list('needsSecondAdmin=false&currency=GBP&sortBy=amount&sortDirection=desc'))).toEqual(['partial', 'small', 'pat']);
    // An "All" choice sends an empty value: no filter.
    expect((await list('currency=&status=&needsSecondAdmin=')).total).toBe(6);
  });

  it('refuses a bad query with 400 and the field’s message', async () => {
    for (const [query, field] of [
      ['sortBy=name', 'sortBy'],
      ['sortDirection=up', 'sortDirection'],
      ['currency=JPY', 'currency'],
      ['status=Completed', 'status'],
      ['needsSecondAdmin=yes', 'needsSecondAdmin'],
      ['pageSize=101', 'pageSize'],
      ['page=0', 'page'],
    ] as const) {
      const res = await payoutQueue(ctx.app, owner.session, query);
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(res.json().errors), query).toEqual([field]);
    }
  });

  it('is for admins whose role reads orders: COMPLIANCE and people are refused', async () => {
    expect((await payoutQueue(ctx.app, compliance.session)).statusCode).toBe(403);
    expect((await payoutQueue(ctx.app, sam.session)).statusCode).toBe(403);
    expect((await markPaid(ctx.app, compliance.session, ids.small!, 'NOPE-0001')).statusCode).toBe(403);
  });

  it('the orders queue shows a sale’s four-eyes state too', async () => {
    const res = await getJson(ctx.app, owner.session, '/api/admin/orders?pageSize=50');
    const orders = res.json().orders as { orderId: string; orderType: string; payout?: unknown }[];
    expect(orders.find((o) => o.orderId === ids.bigGbp)!.payout).toMatchObject({ needsSecondAdmin: true, mark: { bankReference: 'FP-30000', markedBy: { name: 'Finn' } } });
    expect(orders.find((o) => o.orderId === ids.small)!.payout).toMatchObject({ needsSecondAdmin: false, mark: null });
    expect(orders.filter((o) => o.orderType !== 'SELL').every((o) => o.payout === undefined)).toBe(true);
  });
});
