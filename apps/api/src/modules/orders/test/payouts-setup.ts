import { DEFAULT_MONEY_SETTINGS, type AdminRole, type Price } from '@landunits/domain';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { queryRows, type Db } from '../../../platform/db/client';
import { bankVerifications, users } from '../../../schema';
import { updateMoneySettings } from '../../pricing';
import { getJson, newKey } from './fixtures';
import { createAdminPerson } from '../../../test/factories';
import { postJson, type TestAdmin } from './lifecycle';

/** Helpers of the payout tests: admins of any role, approved bank accounts, the payout calls and their audit rows. */

export function makeAdminAs(app: FastifyInstance, _db: Db, email: string, role: AdminRole, firstName: string): Promise<TestAdmin> {
  return createAdminPerson(app, role, { email, firstName });
}

export const GBP_ACCOUNT = {
  bankAccountName: 'Sam Seller',
  bankAccountNumber: '31926819',
  sortCode: '60-16-13',
  iban: '',
  swiftBic: '',
  bankName: 'Harbour Bank',
  bankAddress: '',
  bankCountry: 'United Kingdom',
  routingNumber: '',
};
export const EUR_ACCOUNT = {
  bankAccountName: 'Eva Euro',
  bankAccountNumber: '',
  sortCode: '',
  iban: 'DE89370400440532013000',
  swiftBic: 'COBADEFFXXX',
  bankName: 'Rhein Bank',
  bankAddress: '',
  bankCountry: 'Germany',
  routingNumber: '',
};

/** Writes a person's bank details with the verification status given (Approved by default), and an approved profile. */
export async function setBank(db: Db, userId: string, details: Record<string, string>, status: 'Approved' | 'Saved' | 'Pending' = 'Approved'): Promise<void> {
  const now = new Date('2026-01-01T00:00:00Z');
  await db
    .insert(bankVerifications)
    .values({ userId, details, submittedAt: now, decidedAt: status === 'Approved' ? now : null, updatedAt: now })
    .onConflictDoUpdate({ target: bankVerifications.userId, set: { details, updatedAt: now } });
  await db.update(users).set({ profileVerificationStatus: 'Approved', bankVerificationStatus: status }).where(eq(users.id, userId));
}

/** Prices of the day equal to `p0` in every currency: the epoch is `today`, so no growth applies. */
export async function setFlatPrices(db: Db, adminId: string, today: Date, p0: Price): Promise<void> {
  const initialPrices = { LAND_POUND: p0, LAND_USD: p0, LAND_EUR: p0, LAND_AUD: p0 };
  await updateMoneySettings(db, { ...DEFAULT_MONEY_SETTINGS, priceEpoch: today.toISOString().slice(0, 10), initialPrices }, adminId, today);
}

export const markPaidUrl = (orderId: string) => `/api/admin/payouts/${encodeURIComponent(orderId)}/mark-paid`;
export const confirmUrl = (orderId: string) => `/api/admin/payouts/${encodeURIComponent(orderId)}/confirm`;

export const markPaid = (app: FastifyInstance, session: string, orderId: string, bankReference: unknown, key: string | null = newKey()) =>
  postJson(app, session, markPaidUrl(orderId), { bankReference }, key);

export const confirmPaid = (app: FastifyInstance, session: string, orderId: string, key: string | null = newKey()) => postJson(app, session, confirmUrl(orderId), {}, key);

export const payoutQueue = (app: FastifyInstance, session: string, query = '') => getJson(app, session, `/api/admin/payouts${query ? `?${query}` : ''}`);

export interface AuditRow {
  actor_user_id: string;
  actor_role: string;
  action: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  reason: string | null;
}

/** The audit rows of one order, oldest first (rows of the same instant in the order their transactions ran). */
export function auditRowsOf(db: Db, orderId: string): Promise<AuditRow[]> {
  return queryRows<AuditRow>(
    db,
    sql`select actor_user_id::text, actor_role, action, before, after, reason from audit_events where target_type = 'order' and target_id = ${orderId} order by at, xmin::text::bigint`,
  );
}

/** The payout row of a sale, or undefined. */
export async function payoutRowOf(db: Db, orderId: string) {
  const [row] = await queryRows<{ marked_by: string; confirmed_by: string | null; bank_reference: string; needs_second_admin: boolean; amount_cents: string }>(
    db,
    sql`select marked_by::text, confirmed_by::text, bank_reference, needs_second_admin, amount_cents::text from sell_payouts where order_id = ${orderId}`,
  );
  return row;
}
