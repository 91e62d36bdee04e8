import { auditActionLabel } from '@landunits/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock';
import { queryRows } from '../../platform/db/client';
import { anyIp, PASSWORD, registerAndConfirm, staffLogin, staffStepUp } from '../../test/accounts';
import { createTestApp, type TestContext } from '../../test/app';
import { createAdmin } from '../users';
import { resetSecondFactors } from './second-factors/reset-second-factors';

/**
 * Security events of staff accounts are also audit rows (actor and target: the admin), written
 * with the event; a person who is not staff gets no audit row for theirs.
 */

// From now: createAdmin stamps its app's set-up with the real time.
const clock = new ManualClock(new Date());
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({}, undefined, clock);
});
afterAll(() => ctx.close());

interface Row {
  actor_user_id: string;
  actor_role: string;
  action: string;
  target_type: string;
  target_id: string;
  after: Record<string, unknown> | null;
}
const rowsOf = (userId: string) =>
  queryRows<Row>(
    ctx.database.db,
    sql`select actor_user_id, actor_role, action, target_type, target_id, after from audit_events where target_id = ${userId} and action like 'security.%' order by at, id`,
  );
const post = (url: string, session: string, payload: object) => ctx.app.inject({ method: 'POST', url, payload, cookies: { lu_session: session }, remoteAddress: anyIp() });
const NEW_PASSWORD = 'Meadow2026';
const idOf = async (email: string) => {
  const [row] = await queryRows<{ id: string }>(ctx.database.db, sql`select id::text from users where email = ${email}`);
  if (!row) throw new Error(`no account for ${email}`);
  return row.id;
};

describe("staff accounts' security events in the audit log", () => {
  it('records a step-up, signing other sessions out, a password change and an operator’s reset, each with its label', async () => {
    const email = 'security.audit@example.com';
    await createAdmin(ctx.database.db, { email, password: PASSWORD, role: 'FINANCE', firstName: 'Ines' });
    const admin = { id: await idOf(email) };
    const first = await staffLogin(ctx.app, email);
    clock.advance(30_000);
    const second = await staffLogin(ctx.app, email);
    clock.advance(30_000);

    await staffStepUp(ctx.app, email, second);
    clock.advance(1000);
    expect((await post('/api/user/security/sessions/sign-out-others', second, {})).statusCode).toBe(200);
    clock.advance(1000);
    const changed = await post('/api/user/update_user_password', second, { currentPassword: PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(changed.statusCode, changed.body).toBe(200);
    clock.advance(1000);
    expect(await resetSecondFactors(ctx.app.ctx, email)).toBe(true);
    expect(first).not.toBe(second);

    const rows = await rowsOf(admin.id);
    // The test's sign-ins keep no device cookie: the second is from a device not seen before.
    expect(rows.map((r) => r.action)).toEqual([
      'security.totp.added',
      'security.signIn.newDevice',
      'security.stepUp',
      'security.sessions.ended',
      'security.password.changed',
      'security.secondFactors.reset',
    ]);
    for (const row of rows) expect(row).toMatchObject({ actor_user_id: admin.id, actor_role: 'FINANCE', target_type: 'admin', target_id: admin.id });
    expect(rows[1]?.after).toMatchObject({ device: expect.any(String), ipAddress: expect.any(String) });
    expect(rows[2]?.after).toEqual({ action: 'admin-money', method: 'totp' });
    expect(rows[3]?.after).toEqual({ ended: 1 });
    expect(rows[5]?.after).toEqual({ by: 'an operator (npm run admin:reset-second-factor)' });
    expect(rows.map((r) => auditActionLabel(r.action))).toEqual([
      'Authenticator app set up',
      'Signed in from a new device',
      'Confirmed it was them (step-up)',
      'Other sessions signed out',
      'Password changed',
      'Second factors reset by an operator',
    ]);
  });

  it('writes none for a person who is not staff', async () => {
    const email = `not.staff.${Date.now()}@example.com`;
    const session = await registerAndConfirm(ctx.app, email);
    const changed = await post('/api/user/update_user_password', session, { currentPassword: PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(changed.statusCode).toBe(200);
    expect(await rowsOf(await idOf(email))).toEqual([]);
  });
});
