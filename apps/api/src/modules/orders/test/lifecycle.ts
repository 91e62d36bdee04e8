import type { PaymentMethod, UnitType, VerificationStatus } from '@landunits/domain';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { queryRows, type Db } from '../../../platform/db/client';
import { users } from '../../../schema';
import { login, PASSWORD, sessionCookie } from '../../../test/accounts';
import { balancesOf, reconcile, systemHolder, userHolder } from '../../ledger';
import { reservationProblems } from '../check-reservations';
import { newKey } from './fixtures';
import { createAdminPerson, withStepUp } from '../../../test/factories';

/**
 * Helpers for the order life-cycle tests (buy, sell, scheduled transfer, convert, admin decisions):
 * request bodies, the calls after create_order, an admin session, verification, and views of the
 * ledger to compare before and after.
 */

// ── Bodies of create_order ──────────────────────────────────────────────────────────────────

export const buyBody = (numberOfUnits: unknown, unitType?: string, paymentMethod: PaymentMethod | string = 'Bank') => ({
  orderType: 'BUY',
  currencyUnit: { ...(unitType ? { unitType } : {}), numberOfUnits },
  paymentDetails: { paymentMethod },
});

export const sellBody = (numberOfUnits: unknown, unitType?: string) => ({ orderType: 'SELL', currencyUnit: { ...(unitType ? { unitType } : {}), numberOfUnits } });

export const scheduleBody = (recipientEmail: string, numberOfUnits: unknown, scheduledDate: string, unitType?: string) => ({
  orderType: 'TRANSFER_FUTURE',
  currencyUnit: { ...(unitType ? { unitType } : {}), numberOfUnits },
  transfer: { recipientEmail, scheduledDate },
});

export const convertBody = (numberOfUnits: unknown, from?: string, to?: string) => ({
  orderType: 'CONVERT',
  currencyUnit: { ...(from ? { unitType: from } : {}), numberOfUnits },
  convert: to ? { unitType: to } : {},
});

// ── The calls after create_order ────────────────────────────────────────────────────────────

export const SUCCESS_ORDER = '/api/order/success_order';
export const CANCEL_ORDER = '/api/order/cancel_order';
export const CANCEL_FUTURE_TRANSFER = '/api/order/cancel-future-transfer';

/**
 * A POST with a JSON body, the session cookie and an Idempotency-Key (fresh unless given; null:
 * none); asked to step up (an admin's decision on money), it steps up and sends it again.
 */
export function postJson(app: FastifyInstance, session: string | undefined, url: string, body: unknown, key: string | null = newKey()) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (key !== null) headers['idempotency-key'] = key;
  return withStepUp(app, session, () =>
    app.inject({
      method: 'POST',
      url,
      headers,
      payload: typeof body === 'string' ? body : JSON.stringify(body),
      ...(session ? { cookies: { lu_session: session } } : {}),
    }),
  );
}

export const successOrder = (app: FastifyInstance, session: string | undefined, orderId: unknown, key?: string | null) => postJson(app, session, SUCCESS_ORDER, { orderId }, key);
export const cancelOrder = (app: FastifyInstance, session: string | undefined, orderId: unknown, key?: string | null) => postJson(app, session, CANCEL_ORDER, { orderId }, key);
export const cancelFutureTransfer = (app: FastifyInstance, session: string | undefined, orderId: unknown, key?: string | null) => postJson(app, session, CANCEL_FUTURE_TRANSFER, { orderId }, key);

export const transitionUrl = (orderId: string) => `/api/admin/orders/${encodeURIComponent(orderId)}/transition`;

/** POST /api/admin/orders/{id}/transition. */
export const transition = (app: FastifyInstance, session: string | undefined, orderId: string, body: unknown, key?: string | null) => postJson(app, session, transitionUrl(orderId), body, key);

/** An admin moves an order and the answer must be 200; returns the order view. */
export async function decide(app: FastifyInstance, adminSession: string, orderId: string, toStatus: string, reason = `Checked: ${toStatus}`) {
  const res = await transition(app, adminSession, orderId, { toStatus, reason });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().orderData as Record<string, unknown>;
}

// ── People ──────────────────────────────────────────────────────────────────────────────────

export interface TestAdmin {
  id: string;
  email: string;
  session: string;
}

/** An OWNER admin, signed in (the test factory). */
export function makeAdmin(app: FastifyInstance, _db: Db, email: string): Promise<TestAdmin> {
  return createAdminPerson(app, 'OWNER', { email, firstName: 'Admin' });
}

/** Signs a person in again (sessions lapse after 30 days of the test clock). */
export async function signIn(app: FastifyInstance, email: string): Promise<string> {
  const res = await login(app, email, PASSWORD);
  expect(res.statusCode, res.body).toBe(200);
  return sessionCookie(res);
}

/** Sets a person's profile and bank verification straight in the database (their screens come later). */
export async function setVerification(db: Db, userId: string, profile: VerificationStatus = 'Approved', bank: VerificationStatus = 'Approved'): Promise<void> {
  await db.update(users).set({ profileVerificationStatus: profile, bankVerificationStatus: bank }).where(eq(users.id, userId));
}

// ── The ledger ──────────────────────────────────────────────────────────────────────────────

/** A person's buckets of one unit type, as numbers ({owned, pendingBuy, …}). */
export async function bucketsOf(db: Db, userId: string, unitType: UnitType = 'LAND_POUND'): Promise<Record<string, number>> {
  const balances = (await balancesOf(db, userHolder(userId)))[unitType];
  return Object.fromEntries(Object.entries(balances).map(([bucket, units]) => [bucket, Number(units)]));
}

/** A system holder's balance in one bucket (e.g. the issuer's supply, the sell fees), as a number. */
export async function systemBalance(db: Db, name: string, unitType: UnitType, bucket: string): Promise<number> {
  return Number((await balancesOf(db, systemHolder(name)))[unitType][bucket] ?? 0n);
}

/** Units outstanding of a type: minus the issuer's supply balance. */
export const outstanding = async (db: Db, unitType: UnitType = 'LAND_POUND') => -(await systemBalance(db, 'issuer', unitType, 'supply'));

/** A person's holding cost of one unit type, in cents (0 without a row). */
export async function holdingCost(db: Db, userId: string, unitType: UnitType = 'LAND_POUND'): Promise<number> {
  const rows = await queryRows<{ cost: string }>(db, sql`select cost_cents::text as cost from holding_costs where user_id = ${userId}::uuid and unit_type = ${unitType}`);
  return Number(rows[0]?.cost ?? 0);
}

/** Everything a refused request must leave alone: every account's balance, the entry, order, history and cost rows. */
export async function ledgerSnapshot(db: Db) {
  const accounts = await queryRows<{ holder: string; unit_type: string; bucket: string; balance: string }>(
    db,
    sql`select holder, unit_type, bucket, balance::text as balance from ledger_accounts order by holder, unit_type, bucket`,
  );
  const [counts = { entries: '', orders: '', history: '' }] = await queryRows<{ entries: string; orders: string; history: string }>(
    db,
    sql`select (select count(*) from ledger_entries)::text as entries, (select count(*) from orders)::text as orders,
               (select count(*) from order_status_history)::text as history`,
  );
  const costs = await queryRows<{ user_id: string; unit_type: string; cost: string }>(
    db,
    sql`select user_id::text, unit_type, cost_cents::text as cost from holding_costs order by user_id, unit_type`,
  );
  const statuses = await queryRows<{ id: string; order_status: string }>(db, sql`select id, order_status from orders order by id`);
  return { accounts, counts, costs, statuses };
}

/** The order's status as stored. */
export async function statusOf(db: Db, orderId: string): Promise<string | undefined> {
  const rows = await queryRows<{ order_status: string }>(db, sql`select order_status from orders where id = ${orderId}`);
  return rows[0]?.order_status;
}

/** The status history rows of an order, oldest first. */
export async function historyOf(db: Db, orderId: string) {
  return queryRows<{ from_status: string | null; to_status: string; actor: string; reason: string | null }>(
    db,
    sql`select from_status, to_status, actor, reason from order_status_history where order_id = ${orderId} order by id`,
  );
}

/** Reconciliation after a test: the ledger's invariants and the reservations of open orders, with nothing overdue. */
export async function expectReconciled(db: Db, now: Date): Promise<void> {
  expect(await reconcile(db)).toEqual([]);
  expect(await reservationProblems(db, now)).toEqual([]);
}

/** 201 expected: the created order's view. */
export function created(res: { statusCode: number; body: string; json(): unknown }) {
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { orderCreatedData: Record<string, unknown> & { orderId: string } }).orderCreatedData;
}
