import { PAYOUT_MESSAGES, type Price, type UnitType } from '@landunits/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../platform/clock';
import { createTestApp, type TestContext } from '../../../test/app';
import { createOrder, getJson, giveUnits, newKey, signUp, type TestUser } from '../test/fixtures';
import { bucketsOf, created, decide, expectReconciled, historyOf, ledgerSnapshot, sellBody, statusOf, transition, type TestAdmin } from '../test/lifecycle';
import { auditRowsOf, confirmPaid, EUR_ACCOUNT, GBP_ACCOUNT, makeAdminAs, markPaid, payoutRowOf, setBank, setFlatPrices } from '../test/payouts-setup';

// The epoch is today and the price of every currency is set flat, so a payout is exact:
// (10,010 − 10 fee) Units × 0.999999 = 9,999.99 and × 1.000000 = 10,000.00.
const TODAY = new Date('2026-03-02T10:00:00Z');
const clock = new ManualClock(TODAY);
let ctx: TestContext;
let owner: TestAdmin;
let finance: TestAdmin;
let finance2: TestAdmin;
let sam: TestUser;
let eva: TestUser;

beforeAll(async () => {
  ctx = await createTestApp({ JOBS_DUE_ORDERS_INTERVAL_MS: '9999999' }, undefined, clock);
  owner = await makeAdminAs(ctx.app, db(), 'owner.payouts@example.com', 'OWNER', 'Olive');
  finance = await makeAdminAs(ctx.app, db(), 'finance.payouts@example.com', 'FINANCE', 'Finn');
  finance2 = await makeAdminAs(ctx.app, db(), 'finance2.payouts@example.com', 'FINANCE', 'Fay');
  sam = await signUp(ctx.app, 'sam.payouts@example.com', 'Sam', 'Seller');
  eva = await signUp(ctx.app, 'eva.payouts@example.com', 'Eva', 'Euro');
  await setBank(db(), sam.id, GBP_ACCOUNT);
  await setBank(db(), eva.id, EUR_ACCOUNT);
  await giveUnits(db(), sam.id, 200_000);
  await giveUnits(db(), eva.id, 200_000, 'LAND_EUR');
});
afterAll(() => ctx.close());
afterEach(async () => {
  await expectReconciled(db(), clock.now());
});

function db() {
  return ctx.database.db;
}

/** A sale of `units` placed at the flat price `p0`; returns its order id. */
async function sale(seller: TestUser, units: number, unitType: UnitType = 'LAND_POUND', p0: Price = '1.000000'): Promise<string> {
  await setFlatPrices(db(), owner.id, clock.now(), p0);
  return created(await createOrder(ctx.app, seller.session, sellBody(units, unitType))).orderId;
}

const payoutOf = (res: { json(): unknown }) => (res.json() as { orderData: { orderStatus: string; payout: Record<string, unknown> & { mark: Record<string, unknown> | null } } }).orderData;

describe('the threshold: 10,000.00 in the payout’s currency', () => {
  it.each([
    ['GBP', 'LAND_POUND', () => sam],
    ['EUR', 'LAND_EUR', () => eva],
  ] as const)('%s 9,999.99: one admin marks it paid and the sale is Completed at once', async (currency, unitType, seller) => {
    const orderId = await sale(seller(), 10_010, unitType, '0.999999');
    const res = await markPaid(ctx.app, finance.session, orderId, 'FP-2026-0001');
    expect(res.statusCode, res.body).toBe(200);
    const view = payoutOf(res);
    expect(view.orderStatus).toBe('Completed');
    expect(view.payout).toEqual({
      amountCents: 999_999,
      currency,
      needsSecondAdmin: false,
      mark: {
        bankReference: 'FP-2026-0001',
        markedBy: { userId: finance.id, name: 'Finn' },
        markedAt: TODAY.toISOString(),
        markedByYou: true,
        confirmedBy: { userId: finance.id, name: 'Finn' },
        confirmedAt: TODAY.toISOString(),
      },
    });
    expect(await historyOf(db(), orderId)).toEqual([
      { from_status: null, to_status: 'FundsWaitingApproval', actor: `user:${seller().id}`, reason: null },
      { from_status: 'FundsWaitingApproval', to_status: 'AllUnitSold', actor: `admin:${finance.id}`, reason: 'Paid out with bank reference FP-2026-0001' },
      { from_status: 'AllUnitSold', to_status: 'Completed', actor: `admin:${finance.id}`, reason: 'Paid out with bank reference FP-2026-0001' },
    ]);
    expect(await bucketsOf(db(), seller().id, unitType)).toMatchObject({ pendingSell: 0 });
  });

  it.each([
    ['GBP', 'LAND_POUND', () => sam],
    ['EUR', 'LAND_EUR', () => eva],
  ] as const)('%s 10,000.00: marked paid, the sale waits (All Units Sold) for a second admin', async (currency, unitType, seller) => {
    const orderId = await sale(seller(), 10_010, unitType, '1.000000');
    const res = await markPaid(ctx.app, finance.session, orderId, 'FP-2026-0002');
    expect(res.statusCode, res.body).toBe(200);
    const view = payoutOf(res);
    expect(view.orderStatus).toBe('AllUnitSold');
    expect(view.payout).toMatchObject({ amountCents: 1_000_000, currency, needsSecondAdmin: true, mark: { bankReference: 'FP-2026-0002', confirmedBy: null, confirmedAt: null } });
    // The Units are sold once the money is sent.
    expect(await bucketsOf(db(), seller().id, unitType)).toMatchObject({ pendingSell: 0 });
    const done = await confirmPaid(ctx.app, owner.session, orderId);
    expect(done.statusCode, done.body).toBe(200);
    expect(payoutOf(done).orderStatus).toBe('Completed');
  });
});

describe('four eyes', () => {
  it('the admin who marked it cannot confirm it (403 SECOND_ADMIN_REQUIRED, nothing written); another admin does', async () => {
    const orderId = await sale(sam, 12_000);
    expect((await markPaid(ctx.app, finance.session, orderId, 'BARC 7781 2299')).statusCode).toBe(200);
    const before = await ledgerSnapshot(db());
    const auditBefore = await auditRowsOf(db(), orderId);

    const own = await confirmPaid(ctx.app, finance.session, orderId);
    expect(own.statusCode).toBe(403);
    expect(own.json()).toEqual({ message: PAYOUT_MESSAGES.sameAdmin, code: 'SECOND_ADMIN_REQUIRED' });
    expect(await statusOf(db(), orderId)).toBe('AllUnitSold');
    expect(await ledgerSnapshot(db())).toEqual(before);
    expect(await auditRowsOf(db(), orderId)).toEqual(auditBefore);

    clock.advance(60_000);
    const confirmed = await confirmPaid(ctx.app, owner.session, orderId);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(payoutOf(confirmed)).toMatchObject({
      orderStatus: 'Completed',
      payout: { needsSecondAdmin: true, mark: { markedBy: { userId: finance.id }, markedByYou: false, confirmedBy: { userId: owner.id, name: 'Olive' }, confirmedAt: clock.now().toISOString() } },
    });
    expect((await historyOf(db(), orderId)).at(-1)).toEqual({ from_status: 'AllUnitSold', to_status: 'Completed', actor: `admin:${owner.id}`, reason: 'Payout confirmed by a second admin' });
    // The person reads it as Completed.
    const mine = await getJson(ctx.app, sam.session, `/api/order/get_order_details/${orderId}`);
    expect(mine.json().orderData).toMatchObject({ orderStatus: 'Completed', statusLabel: 'Completed' });
    clock.advance(60_000);
  });

  it('writes one audit row per action with before, after and the bank reference', async () => {
    const orderId = await sale(sam, 15_000);
    expect((await markPaid(ctx.app, finance.session, orderId, 'REF-AUDIT-1')).statusCode).toBe(200);
    const markedAt = clock.now().toISOString();
    // A minute apart, so the log's order (by time) is the order of the actions.
    clock.advance(60_000);
    expect((await confirmPaid(ctx.app, owner.session, orderId)).statusCode).toBe(200);
    const payout = { amountCents: 1_499_000, currency: 'GBP', needsSecondAdmin: true, bankReference: 'REF-AUDIT-1', markedBy: { userId: finance.id, name: 'Finn' }, markedAt };
    const bankDetails = { bankAccountName: 'Sam Seller', bankAccountNumber: '31926819', sortCode: '60-16-13', bankName: 'Harbour Bank', bankCountry: 'United Kingdom' };
    expect(await auditRowsOf(db(), orderId)).toEqual([
      {
        actor_user_id: finance.id,
        actor_role: 'FINANCE',
        action: 'order.payout.markPaid',
        before: { orderStatus: 'FundsWaitingApproval', payout: null },
        after: { orderStatus: 'AllUnitSold', payout: { ...payout, confirmedBy: null, confirmedAt: null, bankDetails } },
        reason: 'Paid out with bank reference REF-AUDIT-1',
      },
      {
        actor_user_id: owner.id,
        actor_role: 'OWNER',
        action: 'order.payout.confirm',
        before: { orderStatus: 'AllUnitSold', payout: { ...payout, confirmedBy: null, confirmedAt: null, bankDetails } },
        after: { orderStatus: 'Completed', payout: { ...payout, confirmedBy: { userId: owner.id, name: 'Olive' }, confirmedAt: clock.now().toISOString(), bankDetails } },
        reason: 'Second admin confirmed the payout with bank reference REF-AUDIT-1',
      },
    ]);
  });

  it('two admins confirming at once: exactly one succeeds, the other is told it is already confirmed', async () => {
    const orderId = await sale(sam, 20_000);
    expect((await markPaid(ctx.app, finance.session, orderId, 'RACE-0001')).statusCode).toBe(200);
    const answers = await Promise.all([confirmPaid(ctx.app, owner.session, orderId), confirmPaid(ctx.app, finance2.session, orderId)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json()).toEqual({ message: PAYOUT_MESSAGES.alreadyConfirmed, code: 'TRANSITION_REFUSED' });
    expect((await auditRowsOf(db(), orderId)).map((r) => r.action)).toEqual(['order.payout.markPaid', 'order.payout.confirm']);
    expect([owner.id, finance2.id]).toContain((await payoutRowOf(db(), orderId))?.confirmed_by);
    expect((await historyOf(db(), orderId)).filter((h) => h.to_status === 'Completed')).toHaveLength(1);
  });

  it('two admins marking at once: one mark, the Units sold once', async () => {
    const orderId = await sale(sam, 11_000);
    const answers = await Promise.all([markPaid(ctx.app, finance.session, orderId, 'TWICE-A'), markPaid(ctx.app, owner.session, orderId, 'TWICE-B')]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json()).toEqual({ message: PAYOUT_MESSAGES.alreadyMarked, code: 'TRANSITION_REFUSED' });
    expect((await auditRowsOf(db(), orderId)).map((r) => r.action)).toEqual(['order.payout.markPaid']);
    expect((await historyOf(db(), orderId)).filter((h) => h.to_status === 'AllUnitSold')).toHaveLength(1);
    const marker = answers.find((a) => a.statusCode === 200)!.json().orderData.payout.mark.markedBy.userId as string;
    expect((await confirmPaid(ctx.app, marker === owner.id ? finance.session : owner.session, orderId)).statusCode).toBe(200);
  });

  it('a repeated request (same Idempotency-Key) answers the first result and writes nothing more', async () => {
    const orderId = await sale(sam, 10_500);
    const key = newKey();
    const first = await markPaid(ctx.app, finance.session, orderId, 'ONCE-0001', key);
    const again = await markPaid(ctx.app, finance.session, orderId, 'ONCE-0001', key);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await auditRowsOf(db(), orderId)).toHaveLength(1);
    expect((await confirmPaid(ctx.app, owner.session, orderId)).statusCode).toBe(200);
  });
});

describe('what is refused', () => {
  it.each([
    [undefined, PAYOUT_MESSAGES.referenceRequired],
    ['   ', PAYOUT_MESSAGES.referenceRequired],
    ['AB1', PAYOUT_MESSAGES.referenceShort],
    ['X'.repeat(65), PAYOUT_MESSAGES.referenceLong],
    ['<script>', PAYOUT_MESSAGES.referenceCharacters],
  ])('bank reference %j → 400 on the field, nothing written', async (reference, message) => {
    const orderId = await sale(sam, 100);
    const before = await ledgerSnapshot(db());
    const res = await markPaid(ctx.app, finance.session, orderId, reference);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: { bankReference: message } });
    expect(await ledgerSnapshot(db())).toEqual(before);
    await decide(ctx.app, owner.session, orderId, 'Failed', 'Test over');
  });

  it('a person whose bank details are no longer approved cannot be paid (409), nothing written', async () => {
    const orderId = await sale(sam, 12_000);
    await setBank(db(), sam.id, { ...GBP_ACCOUNT, bankAccountNumber: '99999999' }, 'Saved');
    try {
      const before = await ledgerSnapshot(db());
      const res = await markPaid(ctx.app, finance.session, orderId, 'NOPE-0001');
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: PAYOUT_MESSAGES.bankNotApproved, code: 'BANK_DETAILS_NOT_APPROVED' });
      expect(await ledgerSnapshot(db())).toEqual(before);
      expect(await auditRowsOf(db(), orderId)).toEqual([]);
    } finally {
      await setBank(db(), sam.id, GBP_ACCOUNT);
    }
    await decide(ctx.app, owner.session, orderId, 'Failed', 'Test over');
  });

  it('a sale is completed only through its payout: the plain transition to Completed is refused', async () => {
    const orderId = await sale(sam, 200);
    await decide(ctx.app, owner.session, orderId, 'AllUnitSold');
    const res = await transition(ctx.app, owner.session, orderId, { toStatus: 'Completed', reason: 'Paid' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: PAYOUT_MESSAGES.completeInQueue, code: 'TRANSITION_REFUSED' });
    // Confirming without a mark is refused too; marking it completes it (under 10,000.00).
    expect((await confirmPaid(ctx.app, owner.session, orderId)).json()).toEqual({ message: PAYOUT_MESSAGES.notMarked, code: 'TRANSITION_REFUSED' });
    const paid = await markPaid(ctx.app, owner.session, orderId, 'SMALL-0001');
    expect(payoutOf(paid).orderStatus).toBe('Completed');
    expect((await confirmPaid(ctx.app, finance.session, orderId)).json()).toEqual({ message: PAYOUT_MESSAGES.alreadyConfirmed, code: 'TRANSITION_REFUSED' });
  });

  it('a rejected sale gives its Units back and cannot be paid out afterwards', async () => {
    const owned = (await bucketsOf(db(), sam.id)).owned!;
    const orderId = await sale(sam, 12_000);
    await decide(ctx.app, finance.session, orderId, 'Failed', 'Bank details do not match the name');
    expect(await bucketsOf(db(), sam.id)).toMatchObject({ owned, pendingSell: 0 });
    const res = await markPaid(ctx.app, owner.session, orderId, 'LATE-0001');
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('TRANSITION_REFUSED');
  });

  it('only sales have payouts; unknown orders are 404', async () => {
    const buy = created(await createOrder(ctx.app, sam.session, { orderType: 'BUY', currencyUnit: { numberOfUnits: 10 }, paymentDetails: { paymentMethod: 'Bank' } })).orderId;
    expect((await markPaid(ctx.app, owner.session, buy, 'BUY-00001')).json()).toEqual({ message: PAYOUT_MESSAGES.notASale, code: 'TRANSITION_REFUSED' });
    expect((await markPaid(ctx.app, owner.session, '01HZZZZZZZZZZZZZZZZZZZZZZZ', 'NONE-0001')).statusCode).toBe(404);
    expect((await confirmPaid(ctx.app, owner.session, 'not-an-order')).statusCode).toBe(404);
    expect((await transition(ctx.app, owner.session, buy, { toStatus: 'Failed', reason: 'Test over' })).statusCode).toBe(409);
  });
});
