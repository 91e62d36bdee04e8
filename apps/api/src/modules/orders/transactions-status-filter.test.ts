import { DISPLAYED_STATUSES, ORDER_STATUSES, STATUS_DISPLAY, TRANSACTION_MESSAGES, type OrderStatus, type PaymentMethod } from '@landunits/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock';
import { orders } from '../../schema';
import { createTestApp, type TestContext } from '../../test/app';
import { newOrderId } from './order-ids';
import { getJson, signUp, type TestUser } from './test/fixtures';

/**
 * The history's status filter speaks the statuses customers see: "Completed" finds every order shown
 * as Completed (an approved bank or crypto buy is Approved inside), and the internal names are not
 * filter values.
 */
const clock = new ManualClock(new Date('2026-02-01T10:00:00Z'));
let ctx: TestContext;
let eve: TestUser;
const placed: Partial<Record<OrderStatus, string>> = {};

const METHOD: Partial<Record<OrderStatus, PaymentMethod>> = { PaymentSent_FromUserCrypto: 'Crypto', AUDReadyToSendBetweenAccounts: 'Bank', Completed: 'Card_Stripe' };

beforeAll(async () => {
  ctx = await createTestApp({}, undefined, clock);
  eve = await signUp(ctx.app, 'eve.status@example.com', 'Eve', 'Status');
  // One buy in every internal status, a minute apart (the list is newest first).
  for (const [i, orderStatus] of ORDER_STATUSES.entries()) {
    const createdAt = new Date(Date.parse('2026-01-20T08:00:00Z') + i * 60_000);
    const id = newOrderId(createdAt.getTime());
    const paymentMethod = METHOD[orderStatus] ?? (orderStatus === 'Approved' ? 'Crypto' : 'Bank');
    await ctx.database.db.insert(orders).values({ id, userId: eve.id, unitType: 'LAND_POUND', createdAt, updatedAt: createdAt, orderType: 'BUY', orderStatus, paymentMethod, numberOfUnits: 10 + i });
    placed[orderStatus] = id;
  }
});
afterAll(() => ctx.close());

const list = async (query: string) => {
  const res = await getJson(ctx.app, eve.session, `/api/order/getTransactions?pageSize=100&${query}`);
  return res;
};
const shown = async (query: string) => {
  const res = await list(query);
  expect(res.statusCode).toBe(200);
  return (res.json().transactions as { orderId: string; orderStatus: OrderStatus; statusLabel: string }[]).map((t) => ({ status: t.orderStatus, label: t.statusLabel }));
};

describe('GET /api/order/getTransactions?orderStatus=<status as shown>', () => {
  it('Completed finds every order shown as Completed: approved bank and crypto buys, card buys, bonus and AUD transfers', async () => {
    const rows = await shown('orderStatus=Completed');
    expect(rows.map((r) => r.status).sort()).toEqual(['AUDReadyToSendBetweenAccounts', 'Approved', 'Completed', 'LockedBonusApproved']);
    expect(rows.every((r) => r.label === 'Completed')).toBe(true);
  });

  it('Pending Approval finds bank, card and crypto payments awaiting approval', async () => {
    expect((await shown('orderStatus=Pending+Approval')).map((r) => r.status).sort()).toEqual(['PaymentSent', 'PaymentSent_FromUserCrypto']);
  });

  it.each(DISPLAYED_STATUSES)('%s finds exactly the orders whose label is %s', async (label) => {
    const rows = await shown(`orderStatus=${encodeURIComponent(label)}`);
    const expected = ORDER_STATUSES.filter((s) => STATUS_DISPLAY[s].label === label);
    expect(rows.map((r) => r.status).sort()).toEqual([...expected].sort());
    expect(rows.every((r) => r.label === label)).toBe(true);
  });

  it('every order is found under exactly one of the statuses shown', async () => {
    let total = 0;
    for (const label of DISPLAYED_STATUSES) total += (await list(`orderStatus=${encodeURIComponent(label)}`)).json().total as number;
    expect(total).toBe(ORDER_STATUSES.length);
  });

  it.each(['Approved', 'PaymentSent', 'LockedBonusApproved', 'Scheduled'])('refuses the internal status %s: the filter speaks the customer’s words', async (internal) => {
    const res = await list(`orderStatus=${internal}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ orderStatus: TRANSACTION_MESSAGES.orderStatus });
  });
});
