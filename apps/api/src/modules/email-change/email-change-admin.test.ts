import type { AdminRole } from '@landunits/domain';
import { EMAIL_CHANGE_MESSAGES } from '@landunits/domain/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app';
import { anyIp, linkToken, login, mailTo, me, PASSWORD, sessionCookie, staffLogin } from '../../test/accounts';
import { getJson, signUp, type TestUser } from '../orders/test/fixtures';
import { lockMoneyUntilReset } from '../auth';
import { createAdmin } from '../users';
import { emailChangeCalls } from './test/helpers';

/**
 * The admin's side of an email change (PRODUCT-DECISIONS §9, §12): the queue, the detail, the
 * document, approval (address changed, every session ended, both addresses told) and rejection,
 * each with its audit row, and who may do it.
 */

let ctx: TestContext;
let calls: ReturnType<typeof emailChangeCalls>;
const admins = {} as Record<AdminRole, string>;
let n = 0;

beforeAll(async () => {
  ctx = await createTestApp();
  calls = emailChangeCalls(ctx.app);
  for (const role of ['OWNER', 'COMPLIANCE', 'FINANCE', 'SUPPORT'] as const) {
    const email = `${role.toLowerCase()}.changes@example.com`;
    await createAdmin(ctx.database.db, { email, password: PASSWORD, role });
    admins[role] = await staffLogin(ctx.app, email);
  }
});
afterAll(() => ctx.close());

/** A person whose request waits for an admin; returns them, the request's id and the new address. */
async function submitted(): Promise<{ user: TestUser; id: string; newEmail: string }> {
  const user = await signUp(ctx.app, `person${++n}.decide@example.com`);
  const newEmail = `moved${n}.decide@example.com`;
  await calls.verifyPassword(user.session);
  await calls.sendLink(user.session, newEmail);
  expect((await calls.openLink(await calls.token(newEmail))).statusCode).toBe(200);
  expect((await calls.upload(user.session)).statusCode).toBe(200);
  const res = await calls.submit(user.session);
  expect(res.statusCode, res.body).toBe(200);
  return { user, id: res.json().emailChange.id as string, newEmail };
}

async function auditRows(id: string): Promise<Record<string, unknown>[]> {
  const result = await ctx.database.db.execute(sql`select action, actor_role, reason, before, after from audit_events where target_id = ${id} order by at`);
  return (result as unknown as { rows: Record<string, unknown>[] }).rows;
}

describe('the queue and the detail', () => {
  it('lists requests waiting for a decision, oldest first, with the person and both addresses', async () => {
    const first = await submitted();
    const second = await submitted();
    const res = await calls.get(admins.COMPLIANCE, '/api/admin/email-changes');
    expect(res.statusCode, res.body).toBe(200);
    const ids = res.json().requests.map((r: { id: string }) => r.id);
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
    expect(res.json().requests.find((r: { id: string }) => r.id === first.id)).toMatchObject({
      name: 'Ada Lovelace',
      currentEmail: first.user.email,
      newEmail: first.newEmail,
      status: 'PendingAdminApproval',
    });
    const detail = await calls.get(admins.OWNER, `/api/admin/email-changes/${first.id}`);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().request.document).toMatchObject({ filename: 'passport.png', contentType: 'image/png', url: `/api/admin/email-changes/${first.id}/document` });
    expect(detail.json().history).toHaveLength(1);
    const document = await calls.get(admins.COMPLIANCE, detail.json().request.document.url);
    expect(document.statusCode).toBe(200);
    expect(document.headers['x-content-type-options']).toBe('nosniff');
    expect((await calls.get(admins.FINANCE, detail.json().request.document.url)).statusCode).toBe(404);
    expect((await calls.get(admins.OWNER, '/api/admin/email-changes/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('refuses FINANCE, SUPPORT, people and anonymous callers', async () => {
    const { user, id } = await submitted();
    for (const session of [admins.FINANCE, admins.SUPPORT, user.session]) {
      expect((await calls.get(session, '/api/admin/email-changes')).statusCode).toBe(403);
      expect((await calls.get(session, `/api/admin/email-changes/${id}`)).statusCode).toBe(403);
      expect((await calls.approve(session, id)).statusCode).toBe(403);
      expect((await calls.reject(session, id, { reason: 'No.' })).statusCode).toBe(403);
    }
    expect((await calls.get(undefined, '/api/admin/email-changes')).statusCode).toBe(401);
    expect((await calls.get(user.session, `/api/admin/email-changes/${id}`)).statusCode).toBe(403);
    expect((await me(ctx.app, user.session)).json().emailChange.status).toBe('PendingAdminApproval');
  });
});

describe('approval', () => {
  it('is refused while the person\'s account is locked by "This was not me": the request may be the intruder\'s', async () => {
    const { user, id } = await submitted();
    await ctx.database.db.transaction((tx) => lockMoneyUntilReset(tx, user.id, new Date()));
    const res = await calls.approve(admins.COMPLIANCE, id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 'CONFLICT', message: EMAIL_CHANGE_MESSAGES.accountLocked });
    expect((await me(ctx.app, user.session)).json()).toMatchObject({ user: { email: user.email }, emailChange: { status: 'PendingAdminApproval' } });
  });

  it('changes the address, ends every session, tells both addresses and writes the audit row', async () => {
    const { user, id, newEmail } = await submitted();
    const otherDevice = sessionCookie(await login(ctx.app, user.email, PASSWORD));
    const res = await calls.approve(admins.COMPLIANCE, id, { internalNote: 'Passport matches.' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: EMAIL_CHANGE_MESSAGES.approved, request: { outcome: 'Approved', currentEmail: newEmail, internalNote: 'Passport matches.' } });

    expect((await me(ctx.app, user.session)).statusCode).toBe(401);
    expect((await me(ctx.app, otherDevice)).statusCode).toBe(401);
    expect((await login(ctx.app, user.email, PASSWORD)).statusCode).toBe(401);
    const fresh = await login(ctx.app, newEmail, PASSWORD);
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect((await me(ctx.app, sessionCookie(fresh))).json()).toMatchObject({ user: { email: newEmail }, emailChange: null });

    for (const to of [user.email, newEmail]) expect((await mailTo(ctx.app, to)).map((m) => m.subject)).toContain('Your Land Units email address was changed');
    // The change starts the cooling-off on the person's money (decision 0049).
    expect((await getJson(ctx.app, sessionCookie(fresh), '/api/user/security')).json().moneyHold).toMatchObject({ reason: 'email-change' });
    expect(await auditRows(id)).toEqual([
      expect.objectContaining({ action: 'emailChange.approve', actor_role: 'COMPLIANCE', before: expect.objectContaining({ email: user.email }), after: expect.objectContaining({ email: newEmail }) }),
    ]);
    const twice = await calls.approve(admins.OWNER, id);
    expect(twice.json()).toEqual({ message: EMAIL_CHANGE_MESSAGES.notDecidable, code: 'TRANSITION_REFUSED' });
  });

  it('cancels a password-reset link sent to the old address before the approval', async () => {
    const { user, id, newEmail } = await submitted();
    await ctx.app.inject({ method: 'POST', url: '/api/auth/login/forgot', payload: { email: user.email }, remoteAddress: anyIp() });
    const token = await linkToken(ctx.app, user.email, '/login/reset');
    expect((await calls.approve(admins.COMPLIANCE, id)).statusCode).toBe(200);
    const reset = await ctx.app.inject({ method: 'POST', url: `/api/auth/login/reset/${token}`, payload: { password: 'taken0ver' }, remoteAddress: anyIp() });
    expect(reset.statusCode).toBe(400);
    expect((await login(ctx.app, newEmail, PASSWORD)).statusCode).toBe(200);
  });

  it('moves the newsletter subscription to the new address', async () => {
    const { user, id, newEmail } = await submitted();
    const subscribe = { method: 'POST' as const, url: '/api/user/manage-user-subscriptions', headers: { origin: 'http://localhost:3000' }, cookies: { lu_session: user.session } };
    const on = await ctx.app.inject({ ...subscribe, payload: { newsletter: true, productNews: true, governance: true, community: true } });
    expect(on.statusCode, on.body).toBe(200);
    expect((await calls.approve(admins.COMPLIANCE, id)).statusCode).toBe(200);
    const fresh = sessionCookie(await login(ctx.app, newEmail, PASSWORD));
    const subs = await ctx.app.inject({ method: 'GET', url: '/api/user/subscriptions', cookies: { lu_session: fresh } });
    expect(subs.json()).toMatchObject({ newsletter: true });
    const rows = await ctx.database.db.execute(sql`select email from newsletter_subscribers where email in (${user.email}, ${newEmail})`);
    expect((rows as unknown as { rows: { email: string }[] }).rows.map((r) => r.email)).toEqual([newEmail]);
  });

  it('refuses with 409 when the new address was taken meanwhile, and changes nothing', async () => {
    const { user, id, newEmail } = await submitted();
    await signUp(ctx.app, newEmail);
    const res = await calls.approve(admins.OWNER, id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: EMAIL_CHANGE_MESSAGES.addressTaken, code: 'CONFLICT' });
    expect((await me(ctx.app, user.session)).json()).toMatchObject({ user: { email: user.email }, emailChange: { status: 'PendingAdminApproval' } });
    expect(await auditRows(id)).toEqual([]);
  });
});

describe('rejection', () => {
  it('needs a reason, closes the request with it, emails it and shows it to the person', async () => {
    const { user, id } = await submitted();
    const empty = await calls.reject(admins.COMPLIANCE, id, { reason: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual({ reason: EMAIL_CHANGE_MESSAGES.reasonRequired });
    expect((await calls.reject(admins.COMPLIANCE, id, { reason: 'x'.repeat(501) })).json().errors).toEqual({ reason: EMAIL_CHANGE_MESSAGES.reasonMax });

    const res = await calls.reject(admins.COMPLIANCE, id, { reason: 'The document is unreadable.', internalNote: 'Blurry photo' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().request).toMatchObject({ outcome: 'Rejected', rejectionReason: 'The document is unreadable.' });
    expect((await me(ctx.app, user.session)).json().emailChange).toMatchObject({ status: 'PendingPasswordVerification', rejectionReason: 'The document is unreadable.' });
    const mail = (await mailTo(ctx.app, user.email)).find((m) => m.subject === 'Your Land Units email change request was not approved');
    expect(mail?.text).toContain('The document is unreadable.');
    expect(mail?.text).not.toContain('Blurry photo');
    expect(await auditRows(id)).toEqual([expect.objectContaining({ action: 'emailChange.reject', actor_role: 'COMPLIANCE', reason: 'The document is unreadable.' })]);
    expect((await calls.get(admins.COMPLIANCE, '/api/admin/email-changes')).json().requests.map((r: { id: string }) => r.id)).not.toContain(id);

    // A new request starts again at step 1; the reason is no longer shown once one is open.
    expect((await calls.verifyPassword(user.session)).json().emailChange).toMatchObject({ status: 'PasswordVerified', rejectionReason: null });
  });

  it('a cancelled request cannot be decided', async () => {
    const { user, id } = await submitted();
    expect((await calls.cancel(user.session)).statusCode).toBe(200);
    expect((await calls.reject(admins.OWNER, id, { reason: 'Too late.' })).json()).toEqual({ message: EMAIL_CHANGE_MESSAGES.notDecidable, code: 'TRANSITION_REFUSED' });
  });
});
