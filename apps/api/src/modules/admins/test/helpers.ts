import type { AdminRole } from '@landunits/domain';
import { sql } from 'drizzle-orm';
import { linkToken } from '../../../test/accounts';
import type { TestContext } from '../../../test/app';
import { createAdminPerson } from '../../../test/factories';

/** Helpers of the admins tests: admins signed in, calls as an admin, the audit rows an act adds. */

export interface SignedInAdmin {
  id: string;
  email: string;
  session: string;
}

/** A staff account with `role`, signed in (the test factory). */
export function makeAdmin(ctx: TestContext, role: AdminRole, email: string, firstName = `Test ${role.toLowerCase()}`): Promise<SignedInAdmin> {
  return createAdminPerson(ctx.app, role, { email, firstName });
}

export const asAdmin = (ctx: TestContext, session: string) => ({
  get: (url: string) => ctx.app.inject({ method: 'GET', url, cookies: { lu_session: session } }),
  post: (url: string, body: unknown = {}) => ctx.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body), cookies: { lu_session: session } }),
});

export interface AuditRow {
  actor_user_id: string;
  actor_role: string;
  action: string;
  target_type: string;
  target_id: string;
  before: unknown;
  after: unknown;
  reason: string | null;
}

async function auditRowsWithIds(ctx: TestContext): Promise<(AuditRow & { id: string })[]> {
  const result = await ctx.database.db.execute(sql`select id, actor_user_id, actor_role, action, target_type, target_id, before, after, reason from audit_events order by at, id`);
  return (result as unknown as { rows: (AuditRow & { id: string })[] }).rows;
}

/** Runs `act` and returns the audit rows it added (told apart by id: a test clock may give them all one time). */
export async function added(ctx: TestContext, act: () => Promise<unknown>): Promise<AuditRow[]> {
  const before = new Set((await auditRowsWithIds(ctx)).map((row) => row.id));
  await act();
  return (await auditRowsWithIds(ctx)).filter((row) => !before.has(row.id)).map(({ id: _id, ...row }) => row);
}

export const INVITATION_SUBJECT = 'You are invited to the Land Units administration';

/** The token of the newest invitation link emailed to `to`. */
export const invitationToken = (ctx: TestContext, to: string) => linkToken(ctx.app, to, '/account/admin-invitation');

export const acceptBody = { firstName: 'Grace', lastName: 'Hopper', password: 'Compiler1952' };

export const accept = (ctx: TestContext, token: string, body: unknown = acceptBody) =>
  ctx.app.inject({ method: 'POST', url: `/api/auth/admin-invitation/${token}`, headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) });
