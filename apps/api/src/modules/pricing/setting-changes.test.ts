import { buyTotal, DEFAULT_MONEY_SETTINGS, moneyFiguresOf, OWN_RECORD_REFUSED_ACTION, SETTING_REQUEST_MESSAGES as M, type PriceListBody } from '@landunits/domain';
import type { MoneySettingsAdmin, SettingChangeRequest } from '@landunits/domain/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock, MINUTE } from '../../platform/clock';
import { VALIDATION_MESSAGE } from '../../platform/http/app-error';
import { settingChangeRequests, settings } from '../../schema';
import { personSession } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/app';
import { forgetPriceList, updateMoneySettings } from '.';
import { decideRequest, figures, getJson, makeAdmin, MONEY, postJson, propose, withAudit, type TestAdmin } from './test/settings-admin-setup';

/*
 * Four eyes on the money settings (PRODUCT-DECISIONS §12, decision 0019): a proposal applies
 * nothing; another admin with the permission approves it (applied at once, fees included) or
 * rejects it; the proposer may withdraw it and may never decide it; a request made on a version
 * that has changed since cannot be approved. Each action writes one audit row; a refusal none.
 */

const clock = new ManualClock(new Date('2026-11-21T10:00:00.000Z'));
let ctx: TestContext;
let finance: TestAdmin;
let owner: TestAdmin;
let support: TestAdmin;
let buyer: string;
const db = () => ctx.database.db;

beforeAll(async () => {
  ctx = await createTestApp({ JOBS_DUE_ORDERS_INTERVAL_MS: '9999999' }, undefined, clock);
  finance = await makeAdmin(ctx.app, db(), 'finance.four-eyes@example.com', 'FINANCE');
  owner = await makeAdmin(ctx.app, db(), 'owner.four-eyes@example.com', 'OWNER');
  support = await makeAdmin(ctx.app, db(), 'support.four-eyes@example.com', 'SUPPORT');
  buyer = await personSession(ctx.app, 'buyer.four-eyes@example.com');
});
afterAll(() => ctx.close());
beforeEach(async () => {
  await db().delete(settingChangeRequests);
  await db().delete(settings);
  forgetPriceList(db());
  clock.advance(MINUTE);
});

const stripeAt = (basisPoints: number) => figures((f) => (f.externalFees.Card_Stripe.fixedPercentageFees = basisPoints));
const prices = async () => (await getJson(ctx.app, undefined, '/api/order/get_price')).json<PriceListBody>();
const page = async (who: TestAdmin) => (await getJson(ctx.app, who.session, MONEY)).json<MoneySettingsAdmin>();

async function proposed(who: TestAdmin, value: unknown): Promise<SettingChangeRequest> {
  const res = await propose(ctx.app, who.session, value);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ request: SettingChangeRequest }>().request;
}

describe('a proposal', () => {
  it('applies nothing, writes one audit row (in force → proposed) and waits for another admin', async () => {
    const { result, rows } = await withAudit(db(), () => propose(ctx.app, finance.session, stripeAt(200), 'Stripe now charges 2 %'));
    expect(result.statusCode, result.body).toBe(200);
    const { message, request } = result.json<{ message: string; request: SettingChangeRequest }>();
    expect(message).toBe(M.proposed);
    expect(request).toMatchObject({
      key: 'money',
      status: 'Pending',
      baseVersion: 0,
      changes: [{ path: 'externalFees.Card_Stripe.fixedPercentageFees', before: 150, after: 200 }],
      reason: 'Stripe now charges 2 %',
      proposedBy: { id: finance.id, name: 'Fin', email: 'finance.four-eyes@example.com' },
      pricesChange: false,
      yours: true,
      canApprove: false,
      canReject: false,
      canWithdraw: true,
    });
    expect(rows).toEqual([
      {
        actor_user_id: finance.id,
        actor_role: 'FINANCE',
        action: 'settings.money.propose',
        target_type: 'settingChangeRequest',
        target_id: request.id,
        before: moneyFiguresOf(DEFAULT_MONEY_SETTINGS),
        after: stripeAt(200),
        reason: 'Stripe now charges 2 %',
      },
    ]);
    expect((await prices()).externalFees.Card_Stripe.fixedPercentageFees).toBe(150);

    const seen = await page(owner);
    expect(seen.pending.map((r) => [r.id, r.yours, r.canApprove, r.canReject, r.canWithdraw])).toEqual([[request.id, false, true, true, false]]);
    expect(seen.current).toEqual(moneyFiguresOf(DEFAULT_MONEY_SETTINGS));
    expect(seen).toMatchObject({ version: 0, history: [], total: 0, pricesToday: null });
  });

  it('refuses a value that changes nothing, and one the schema refuses, writing nothing', async () => {
    const same = await withAudit(db(), () => propose(ctx.app, finance.session, figures()));
    expect(same.result.statusCode).toBe(400);
    expect(same.result.json()).toEqual({ message: M.nothingChanges, code: 'VALIDATION_FAILED' });
    const bad = await withAudit(db(), () => propose(ctx.app, finance.session, stripeAt(10_001), '  '));
    expect(bad.result.statusCode).toBe(400);
    expect(bad.result.json().errors).toEqual({ 'externalFees.Card_Stripe.fixedPercentageFees': 'Invalid percentage value', reason: M.reasonRequired });
    expect([...same.rows, ...bad.rows]).toEqual([]);
    expect(await db().select().from(settingChangeRequests)).toEqual([]);
  });

  it('is not open to a role without the permission', async () => {
    const res = await propose(ctx.app, support.session, stripeAt(200));
    expect(res.statusCode).toBe(403);
    expect(await db().select().from(settingChangeRequests)).toEqual([]);
  });
});

describe('the bank transfer deadlines (business days per currency)', () => {
  const bankDays = (change: Partial<Record<'GBP' | 'USD' | 'EUR' | 'AUD', unknown>>) => figures((f) => Object.assign(f.bankPaymentBusinessDays as Record<string, unknown>, change));

  it('refuses 0 and 21 with the field’s message, writing nothing', async () => {
    const res = await propose(ctx.app, finance.session, bankDays({ GBP: 0, AUD: 21 }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: VALIDATION_MESSAGE,
      code: 'VALIDATION_FAILED',
      errors: { 'bankPaymentBusinessDays.GBP': 'Invalid numeric value', 'bankPaymentBusinessDays.AUD': 'Invalid numeric value' },
    });
    expect(await db().select().from(settingChangeRequests)).toEqual([]);
  });

  it('takes 1 to 20; once approved a new bank buy in that currency gets its days', async () => {
    const request = await proposed(finance, bankDays({ USD: 2, EUR: 20 }));
    expect(request.changes).toEqual([
      { path: 'bankPaymentBusinessDays.USD', before: 4, after: 2 },
      { path: 'bankPaymentBusinessDays.EUR', before: 2, after: 20 },
    ]);
    expect((await decideRequest(ctx.app, owner.session, request.id, 'approve')).statusCode).toBe(200);
    // The clock is on Saturday 2026-11-21: two business days from Monday 00:00 UTC.
    const buy = await postJson(ctx.app, buyer, '/api/order/create_order', { orderType: 'BUY', currencyUnit: { unitType: 'LAND_USD', numberOfUnits: 5 }, paymentDetails: { paymentMethod: 'Bank' } });
    expect(buy.statusCode, buy.body).toBe(201);
    expect(buy.json().orderCreatedData.buy.expiresAt).toBe('2026-11-25T00:00:00.000Z');
    await postJson(ctx.app, buyer, '/api/order/cancel_order', { orderId: buy.json().orderCreatedData.orderId });
  });

  it('approves a request made before the setting existed, keeping the deadlines in force', async () => {
    const request = await proposed(finance, stripeAt(200));
    // As the previous release stored it: without bankPaymentBusinessDays.
    const { bankPaymentBusinessDays: _new, ...older } = stripeAt(200);
    await db().update(settingChangeRequests).set({ after: older }).where(eq(settingChangeRequests.id, request.id));
    const res = await decideRequest(ctx.app, owner.session, request.id, 'approve');
    expect(res.statusCode, res.body).toBe(200);
    expect((await page(owner)).current).toEqual(stripeAt(200));
  });
});

describe('approving', () => {
  it('is refused to the proposer, with a clear message and an audit row of the refusal; nothing applies; the button is not offered', async () => {
    const request = await proposed(finance, stripeAt(200));
    const { result, rows } = await withAudit(db(), async () => [
      await decideRequest(ctx.app, finance.session, request.id, 'approve'),
      await decideRequest(ctx.app, finance.session, request.id, 'reject', { reason: 'Changed my mind' }),
    ]);
    expect(result.map((r) => [r.statusCode, r.json()])).toEqual([
      [403, { message: M.ownApproval, code: 'FORBIDDEN' }],
      [403, { message: M.ownRejection, code: 'FORBIDDEN' }],
    ]);
    // Maker is never checker (decision 0037): each refused decision on one's own request is audited.
    expect(rows).toHaveLength(2);
    expect(rows).toEqual(
      expect.arrayContaining(
        [
          ['approve', M.ownApproval],
          ['reject', M.ownRejection],
        ].map(([verb, reason]) => ({
          actor_user_id: finance.id,
          actor_role: 'FINANCE',
          action: OWN_RECORD_REFUSED_ACTION,
          target_type: 'settingChangeRequest',
          target_id: request.id,
          before: null,
          after: { route: `POST /api/admin/settings/requests/:id/${verb}`, record: 'settingChange' },
          reason,
        })),
      ),
    );
    expect((await page(finance)).pending[0]).toMatchObject({ status: 'Pending', canApprove: false });
    expect((await prices()).externalFees.Card_Stripe.fixedPercentageFees).toBe(150);
  });

  it('by another admin applies the fee at once: get_price and a new card buy use it; one audit row before → after', async () => {
    const request = await proposed(finance, stripeAt(200));
    const { result, rows } = await withAudit(db(), () => decideRequest(ctx.app, owner.session, request.id, 'approve'));
    expect(result.statusCode, result.body).toBe(200);
    expect(result.json()).toMatchObject({ message: M.approved, request: { status: 'Approved', decidedBy: { id: owner.id }, pricesFrom: null, canApprove: false } });
    expect(rows).toEqual([
      {
        actor_user_id: owner.id,
        actor_role: 'OWNER',
        action: 'settings.money.approve',
        target_type: 'settingChangeRequest',
        target_id: request.id,
        before: moneyFiguresOf(DEFAULT_MONEY_SETTINGS),
        after: stripeAt(200),
        reason: 'Our card provider raised its price',
      },
    ]);
    const list = await prices();
    expect(list.externalFees.Card_Stripe).toEqual({ fixedPercentageFees: 200, fixedCentsFees: 20 });

    const buy = await postJson(ctx.app, buyer, '/api/order/create_order', { orderType: 'BUY', currencyUnit: { numberOfUnits: 100 }, paymentDetails: { paymentMethod: 'Card_Stripe' } });
    expect(buy.statusCode, buy.body).toBe(201);
    const total = buyTotal({ units: 100, price: list.prices.LAND_POUND.pricePerUnit, buyFeeCents: 100, externalFee: { fixedPercentageFees: 200, fixedCentsFees: 20 } });
    expect(buy.json().orderCreatedData.paymentDetails).toMatchObject({
      paymentAmount: Number(total.paymentAmount),
      paymentMethodFees: { fixedPercentageFees: Number(total.paymentMethodFees.fixedPercentageFees), fixedCentsFees: 20 },
    });
    // 100 × £1.146275 = £114.63; + £1.00 = £115.63; 2 % = £2.31 (1.5 % would be £1.73); + £0.20.
    expect(total.paymentAmount).toBe(11_814n);
    await postJson(ctx.app, buyer, '/api/order/cancel_order', { orderId: buy.json().orderCreatedData.orderId });

    const after = await page(owner);
    expect(after).toMatchObject({ version: 1, pending: [], total: 1, history: [{ id: request.id, status: 'Approved' }] });
    expect(after.current).toEqual(stripeAt(200));
  });

  it('supersedes the other pending requests; approving one of them is then refused', async () => {
    const first = await proposed(finance, stripeAt(200));
    const second = await proposed(finance, stripeAt(175));
    expect((await decideRequest(ctx.app, owner.session, first.id, 'approve')).statusCode).toBe(200);
    const late = await withAudit(db(), () => decideRequest(ctx.app, owner.session, second.id, 'approve'));
    expect(late.result.statusCode).toBe(409);
    expect(late.result.json()).toEqual({ message: M.notPending, code: 'TRANSITION_REFUSED' });
    expect(late.rows).toEqual([]);
    expect((await page(owner)).history.find((r) => r.id === second.id)).toMatchObject({ status: 'Superseded', supersededBy: first.id });
    expect((await prices()).externalFees.Card_Stripe.fixedPercentageFees).toBe(200);
  });

  it('refuses a request whose base version is stale, saying so, and changes nothing', async () => {
    const request = await proposed(finance, stripeAt(200));
    // The settings written another way (an operator's script) after the proposal.
    await updateMoneySettings(db(), { ...DEFAULT_MONEY_SETTINGS, sellOrderTransactionFeeInUnits: 12 }, owner.id, clock.now());
    const seen = await page(owner);
    expect(seen.pending[0]).toMatchObject({ id: request.id, stale: true, canApprove: false, canReject: true });

    const { result, rows } = await withAudit(db(), () => decideRequest(ctx.app, owner.session, request.id, 'approve'));
    expect(result.statusCode).toBe(409);
    expect(result.json()).toEqual({ message: M.stale, code: 'CONFLICT' });
    expect(rows).toEqual([]);
    const still = await prices();
    expect(still.externalFees.Card_Stripe.fixedPercentageFees).toBe(150);
    expect(still.prices.LAND_POUND.sellOrderTransactionFeeInUnits).toBe(12);
  });

  it('answers 404 for an unknown request and one of the other section', async () => {
    const request = await proposed(finance, stripeAt(200));
    for (const url of [`${MONEY}/requests/00000000-0000-4000-8000-000000000000/approve`, `${MONEY}/requests/not-an-id/approve`, `/api/admin/payment-details/requests/${request.id}/approve`]) {
      const res = await ctx.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload: '{}', cookies: { lu_session: owner.session } });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ message: M.notFound, code: 'NOT_FOUND' });
    }
  });
});

describe('rejecting and withdrawing', () => {
  it('another admin rejects with a reason (required); the request is closed and one audit row written', async () => {
    const request = await proposed(finance, stripeAt(200));
    const missing = await decideRequest(ctx.app, owner.session, request.id, 'reject', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ reason: M.rejectReasonRequired });

    const { result, rows } = await withAudit(db(), () => decideRequest(ctx.app, owner.session, request.id, 'reject', { reason: 'Stripe has not changed its price' }));
    expect(result.statusCode, result.body).toBe(200);
    expect(result.json()).toMatchObject({ message: M.rejected, request: { status: 'Rejected', decisionReason: 'Stripe has not changed its price' } });
    expect(rows).toEqual([
      {
        actor_user_id: owner.id,
        actor_role: 'OWNER',
        action: 'settings.money.reject',
        target_type: 'settingChangeRequest',
        target_id: request.id,
        before: { status: 'Pending', proposed: stripeAt(200) },
        after: { status: 'Rejected' },
        reason: 'Stripe has not changed its price',
      },
    ]);
    expect((await decideRequest(ctx.app, owner.session, request.id, 'approve')).statusCode).toBe(409);
    expect((await prices()).externalFees.Card_Stripe.fixedPercentageFees).toBe(150);
  });

  it('only the proposer withdraws; one audit row', async () => {
    const request = await proposed(finance, stripeAt(200));
    const other = await decideRequest(ctx.app, owner.session, request.id, 'withdraw');
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({ message: M.notProposer, code: 'FORBIDDEN' });

    const { result, rows } = await withAudit(db(), () => decideRequest(ctx.app, finance.session, request.id, 'withdraw'));
    expect(result.statusCode, result.body).toBe(200);
    expect(result.json()).toMatchObject({ message: M.withdrawn, request: { status: 'Withdrawn', decidedBy: { id: finance.id } } });
    expect(rows.map((r) => [r.action, r.actor_user_id, r.before, r.after])).toEqual([['settings.money.withdraw', finance.id, { status: 'Pending', proposed: stripeAt(200) }, { status: 'Withdrawn' }]]);
    expect((await decideRequest(ctx.app, finance.session, request.id, 'withdraw')).statusCode).toBe(409);
  });
});
