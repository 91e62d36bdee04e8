import { randomUUID } from 'node:crypto';
import { ADMIN_ROLES, type AdminRole } from '@landunits/domain';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../../platform/db/client';
import { me, PASSWORD, staffLogin } from '../../../test/accounts';
import type { TestContext } from '../../../test/app';
import { createAdmin } from '../../users';
import { withStepUp } from '../../../test/factories';

/** The helpers of the admin users tests: one admin per role, calls as a session, and the audit rows an act adds. */

export interface Admin {
  id: string;
  session: string;
}

export async function adminsByRole(ctx: TestContext, tag: string): Promise<Record<AdminRole, Admin>> {
  const admins = {} as Record<AdminRole, Admin>;
  for (const role of ADMIN_ROLES) {
    const email = `${role.toLowerCase()}.${tag}@example.com`;
    await createAdmin(ctx.database.db, { email, password: PASSWORD, role, firstName: `${role[0]}${role.slice(1).toLowerCase()}` });
    const session = await staffLogin(ctx.app, email);
    admins[role] = { id: (await me(ctx.app, session)).json().user.id as string, session };
  }
  return admins;
}

export function get(ctx: TestContext, session: string, url: string) {
  return ctx.app.inject({ method: 'GET', url, cookies: { lu_session: session } });
}

/** Asked to step up (a purchase limit is a decision on money), it steps up and sends the request again, as the web app does. */
export function post(ctx: TestContext, session: string, url: string, body: unknown) {
  const headers = { 'content-type': 'application/json', 'idempotency-key': `test-${randomUUID()}` };
  return withStepUp(ctx.app, session, () => ctx.app.inject({ method: 'POST', url, headers, payload: JSON.stringify(body), cookies: { lu_session: session } }));
}

export interface AuditRow {
  id: string;
  actor_user_id: string;
  actor_role: string;
  action: string;
  target_type: string;
  target_id: string;
  before: unknown;
  after: unknown;
  reason: string | null;
  request_id: string | null;
}

export async function auditRows(db: Db): Promise<AuditRow[]> {
  return queryRows<AuditRow>(db, sql`select id, actor_user_id, actor_role, action, target_type, target_id, before, after, reason, request_id from audit_events order by at, id`);
}

/** Runs `act` and returns the audit rows it added (by id: rows written at one clock time tie on `at`). */
export async function added(db: Db, act: () => Promise<unknown>): Promise<Omit<AuditRow, 'id'>[]> {
  const before = new Set((await auditRows(db)).map((row) => row.id));
  await act();
  return (await auditRows(db)).filter((row) => !before.has(row.id)).map(({ id: _id, ...row }) => row);
}

/** A saved profile and bank form, written as the verification module stores them. */
export async function saveDetails(db: Db, userId: string): Promise<void> {
  const profile = {
    firstName: 'Ada',
    lastName: 'Lovelace',
    address: { houseNumber: '12', streetAddress: 'St James Square', townCity: 'London', postcode: 'SW1Y 4JH', country: 'United Kingdom' },
    contactInfo: { telephoneCountryCode: '+44', phoneNumber: '7700900123' },
    optionalNote: 'Call after 5pm',
    passport: { passportNumber: '123456789', issuingCountry: 'United Kingdom', startDate: '2020-01-01', expiryDate: '2030-01-01' },
  };
  const bank = {
    bankAccountName: 'Ada Lovelace',
    bankAccountNumber: '31926819',
    iban: 'GB29NWBK60161331926819',
    swiftBic: 'NWBKGB2L',
    bankName: 'NatWest',
    bankAddress: '250 Bishopsgate, London',
    bankCountry: 'United Kingdom',
    sortCode: '601613',
    routingNumber: '',
  };
  await db.execute(sql`insert into profile_verifications (user_id, details, updated_at) values (${userId}, ${JSON.stringify(profile)}::jsonb, now())`);
  await db.execute(sql`insert into bank_verifications (user_id, details, updated_at) values (${userId}, ${JSON.stringify(bank)}::jsonb, now())`);
}
