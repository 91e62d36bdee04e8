import { ADMINS_MESSAGES, MESSAGES } from '@landunits/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOUR, ManualClock } from '../../platform/clock';
import { anyIp, login, mailTo, me, register, sessionCookie } from '../../test/accounts';
import { personSession } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/app';
import { accept, acceptBody, added, asAdmin, INVITATION_SUBJECT, invitationToken, makeAdmin, type SignedInAdmin } from './test/helpers';

/*
 * An owner invites an admin by email with a role; the invited person opens the link, chooses a name
 * and password and is signed in with that role. Links work once, for 72 hours; a new one cancels
 * the old. Every step writes one audit row; a refused one writes none.
 */

let ctx: TestContext;
let owner: SignedInAdmin;
const clock = new ManualClock(new Date());

beforeAll(async () => {
  ctx = await createTestApp({}, undefined, clock);
  owner = await makeAdmin(ctx, 'OWNER', 'owner.invites@example.com', 'Olive');
});
afterAll(() => ctx.close());

const invite = (email: string, role: string, session = owner.session) => asAdmin(ctx, session).post('/api/admin/admins/invite', { email, role });

describe('inviting an admin', () => {
  it('invite → email with a link → set a password → signed in as an admin with that role; one audit row per step', async () => {
    const email = 'grace.support@example.com';
    let id = '';
    const invited = await added(ctx, async () => {
      const res = await invite(email, 'SUPPORT');
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ message: ADMINS_MESSAGES.invited, admin: { email, role: 'SUPPORT', status: 'invited', name: '', lastSignInAt: null, you: false } });
      id = res.json().admin.id;
      expect(Date.parse(res.json().admin.invitationExpiresAt) - clock.now().getTime()).toBe(72 * HOUR);
    });
    expect(invited).toEqual([
      {
        actor_user_id: owner.id,
        actor_role: 'OWNER',
        action: 'admin.invite',
        target_type: 'admin',
        target_id: id,
        before: null,
        after: { email, role: 'SUPPORT', status: 'invited', invitationExpiresAt: new Date(clock.now().getTime() + 72 * HOUR).toISOString() },
        reason: null,
      },
    ]);

    const [mail] = await mailTo(ctx.app, email);
    expect(mail?.subject).toBe(INVITATION_SUBJECT);
    expect(mail?.text).toContain('Olive invited you to the Land Units administration as Support');
    expect(mail?.text).toContain('The link works once and expires in 72 hours');
    const token = await invitationToken(ctx, email);

    const check = await ctx.app.inject({ method: 'GET', url: `/api/auth/admin-invitation/${token}` });
    expect(check.statusCode, check.body).toBe(200);
    expect(check.json()).toMatchObject({ email, role: 'SUPPORT' });

    // Not signed in before accepting: the account cannot be used with any password yet.
    expect((await login(ctx.app, email, acceptBody.password)).statusCode).toBe(401);

    let session = '';
    const accepted = await added(ctx, async () => {
      const res = await accept(ctx, token);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        message: ADMINS_MESSAGES.accepted,
        redirectTo: '/dashboard/settings/security',
        user: { email, firstName: 'Grace', lastName: 'Hopper', role: 'ADMIN', adminRole: 'SUPPORT' },
      });
      session = sessionCookie(res);
    });
    expect(accepted).toEqual([
      {
        actor_user_id: id,
        actor_role: 'SUPPORT',
        action: 'admin.acceptInvitation',
        target_type: 'admin',
        target_id: id,
        before: { email, role: 'SUPPORT', status: 'invited', name: '' },
        after: { email, role: 'SUPPORT', status: 'active', name: 'Grace Hopper' },
        reason: null,
      },
    ]);
    expect((await me(ctx.app, session)).json().user).toMatchObject({ adminRole: 'SUPPORT' });
    // SUPPORT sections only: not the admins, the audit log or the orders.
    for (const url of ['/api/admin/admins', '/api/admin/audit', '/api/admin/orders']) expect((await asAdmin(ctx, session).get(url)).statusCode).toBe(403);

    const again = await login(ctx.app, email, acceptBody.password);
    expect(again.statusCode, again.body).toBe(200);
    const listed = (await asAdmin(ctx, owner.session).get(`/api/admin/admins?q=grace.support`)).json();
    expect(listed.admins).toMatchObject([{ id, name: 'Grace Hopper', status: 'active', invitationExpiresAt: null, lastSignInAt: clock.now().toISOString() }]);

    // The link worked once.
    const used = await added(ctx, async () => {
      expect((await accept(ctx, token)).json()).toEqual({ code: 'TOKEN_INVALID', message: MESSAGES.tokenInvalid });
      expect((await ctx.app.inject({ method: 'GET', url: `/api/auth/admin-invitation/${token}` })).statusCode).toBe(400);
    });
    expect(used).toEqual([]);
  });

  it('an expired link is refused and changes nothing; inviting again sends a new link (the old one stops working)', async () => {
    const email = 'late.finance@example.com';
    const id = (await invite(email, 'FINANCE')).json().admin.id as string;
    const first = await invitationToken(ctx, email);
    clock.advance(72 * HOUR + 1000);
    const refused = await added(ctx, async () => {
      expect((await ctx.app.inject({ method: 'GET', url: `/api/auth/admin-invitation/${first}` })).json().code).toBe('TOKEN_INVALID');
      const res = await accept(ctx, first);
      expect(res.statusCode).toBe(400);
      expect(res.cookies.find((c) => c.name === 'lu_session')).toBeUndefined();
    });
    expect(refused).toEqual([]);
    const listed = (await asAdmin(ctx, owner.session).get('/api/admin/admins?status=invited&q=late.finance')).json();
    expect(listed.admins).toMatchObject([{ id, status: 'invited', invitationExpiresAt: null }]);

    // Sent again, now as COMPLIANCE: the role follows the new invitation.
    const resent = await added(ctx, async () => {
      const res = await invite(email, 'COMPLIANCE');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ message: ADMINS_MESSAGES.reinvited, admin: { id, role: 'COMPLIANCE', status: 'invited' } });
    });
    expect(resent).toMatchObject([{ action: 'admin.reinvite', target_id: id, before: { email, role: 'FINANCE', status: 'invited' }, after: { email, role: 'COMPLIANCE', status: 'invited' } }]);
    const second = await invitationToken(ctx, email);
    expect(second).not.toBe(first);
    // A third, then the second no longer works.
    await invite(email, 'COMPLIANCE');
    const third = await invitationToken(ctx, email);
    expect((await accept(ctx, second)).statusCode).toBe(400);
    const res = await accept(ctx, third);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user.adminRole).toBe('COMPLIANCE');
  });

  it('refuses the address of a customer account, of a registration waiting for confirmation and of an admin; nothing is written', async () => {
    await personSession(ctx.app, 'customer.one@example.com');
    await register(ctx.app, { email: 'waiting.one@example.com', firstName: 'Wait', password: 'garden42', userType: 'USER' });
    const cases: [string, string][] = [
      ['customer.one@example.com', ADMINS_MESSAGES.customerAccount],
      ['waiting.one@example.com', ADMINS_MESSAGES.customerAccount],
      [owner.email, ADMINS_MESSAGES.alreadyAdmin],
    ];
    for (const [email, message] of cases) {
      const rows = await added(ctx, async () => {
        const res = await invite(email, 'SUPPORT');
        expect(res.statusCode).toBe(409);
        expect(res.json()).toEqual({ code: 'CONFLICT', message });
      });
      expect(rows).toEqual([]);
      expect((await mailTo(ctx.app, email)).filter((m) => m.subject === INVITATION_SUBJECT)).toEqual([]);
    }
  });

  it('checks the input with the shared schemas', async () => {
    const res = await invite('not-an-email', 'KING');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ email: MESSAGES.emailInvalid, role: ADMINS_MESSAGES.roleRequired });
    await invite('weak.password@example.com', 'SUPPORT');
    const token = await invitationToken(ctx, 'weak.password@example.com');
    const weak = await accept(ctx, token, { firstName: 'W', password: 'garden4' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors).toMatchObject({ firstName: MESSAGES.firstNameMin, password: 'Password must be at least 8 characters' });
    // The refused attempt did not use the link.
    expect((await accept(ctx, token, { ...acceptBody, firstName: 'Wendy' })).statusCode).toBe(200);
  });

  it('registering with an invited address changes nothing and says an invitation is waiting; no confirmation link is sent', async () => {
    const email = 'invited.registers@example.com';
    await invite(email, 'SUPPORT');
    const reg = await register(ctx.app, { email, firstName: 'Sneaky', password: 'garden42', userType: 'USER' });
    expect(reg.statusCode).toBe(200);
    const resend = await ctx.app.inject({ method: 'POST', url: '/api/auth/send-confirmation', payload: { email }, remoteAddress: anyIp() });
    expect(resend.statusCode).toBe(200);
    const subjects = (await mailTo(ctx.app, email)).map((m) => m.subject);
    expect(subjects.sort()).toEqual([INVITATION_SUBJECT, 'Your Land Units admin invitation is waiting'].sort());
    const res = await accept(ctx, await invitationToken(ctx, email));
    expect(res.json().user).toMatchObject({ firstName: 'Grace', adminRole: 'SUPPORT' });
  });

  it('only owners invite: other roles get 403 and nothing is written', async () => {
    const finance = await makeAdmin(ctx, 'FINANCE', 'finance.invites@example.com');
    const rows = await added(ctx, async () => expect((await invite('someone.new@example.com', 'OWNER', finance.session)).statusCode).toBe(403));
    expect(rows).toEqual([]);
    expect(await mailTo(ctx.app, 'someone.new@example.com')).toEqual([]);
  });
});
