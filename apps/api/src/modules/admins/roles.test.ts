import { ADMINS_MESSAGES, OWN_RECORD_REFUSED_ACTION } from '@landunits/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { me } from '../../test/accounts';
import { createTestApp, type TestContext } from '../../test/app';
import { ensureOwnerRemains } from './admin-rules';
import { accept, added, asAdmin, invitationToken, makeAdmin, type SignedInAdmin } from './test/helpers';

/** The audit row of a decision refused because it was on the admin's own account (decision 0037). */
const ownRefusal = (adminId: string, route: string, reason: string) => ({
  actor_user_id: adminId,
  actor_role: 'OWNER',
  action: OWN_RECORD_REFUSED_ACTION,
  target_type: 'user',
  target_id: adminId,
  before: null,
  after: { route, record: 'account' },
  reason,
});

/*
 * Changing roles and removing admins: one audit row with before and after each, effective on the
 * admin's next request; never your own role, never yourself, never the last owner.
 */

let ctx: TestContext;
let owner: SignedInAdmin;

beforeAll(async () => {
  ctx = await createTestApp();
  owner = await makeAdmin(ctx, 'OWNER', 'owner.roles@example.com', 'Olive');
});
afterAll(() => ctx.close());

const as = (admin: SignedInAdmin) => asAdmin(ctx, admin.session);
const roleOf = (admin: SignedInAdmin, role: string, by = owner) => as(by).post(`/api/admin/admins/${admin.id}/role`, { role });
const removeOf = (admin: SignedInAdmin, by = owner) => as(by).post(`/api/admin/admins/${admin.id}/remove`);

describe('changing a role', () => {
  it('takes effect on the next request, with one audit row; the same role again writes none', async () => {
    const sam = await makeAdmin(ctx, 'SUPPORT', 'sam.support@example.com', 'Sam');
    expect((await as(sam).get('/api/admin/email-changes')).statusCode).toBe(403);
    const rows = await added(ctx, async () => {
      const res = await roleOf(sam, 'COMPLIANCE');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ message: ADMINS_MESSAGES.roleChanged, admin: { id: sam.id, role: 'COMPLIANCE', status: 'active', name: 'Sam' } });
    });
    expect(rows).toEqual([
      {
        actor_user_id: owner.id,
        actor_role: 'OWNER',
        action: 'admin.changeRole',
        target_type: 'admin',
        target_id: sam.id,
        before: { email: sam.email, role: 'SUPPORT', status: 'active' },
        after: { email: sam.email, role: 'COMPLIANCE', status: 'active' },
        reason: null,
      },
    ]);
    // The same session, no new sign-in: the new role's sections open, the old role's rights are gone.
    expect((await as(sam).get('/api/admin/email-changes')).statusCode).toBe(200);
    expect((await me(ctx.app, sam.session)).json().user.adminRole).toBe('COMPLIANCE');

    const same = await added(ctx, async () => expect((await roleOf(sam, 'COMPLIANCE')).json().message).toBe(ADMINS_MESSAGES.roleUnchanged));
    expect(same).toEqual([]);
  });

  it('an admin cannot change their own role (the refusal is audited); an unknown admin is 404; a bad role is 400; nothing else is written', async () => {
    const other = await makeAdmin(ctx, 'SUPPORT', 'other.roles@example.com', 'Otto');
    const rows = await added(ctx, async () => {
      const own = await roleOf(owner, 'SUPPORT');
      expect(own.statusCode).toBe(403);
      expect(own.json()).toEqual({ code: 'FORBIDDEN', message: ADMINS_MESSAGES.ownRole });
      expect((await as(owner).post('/api/admin/admins/00000000-0000-4000-8000-000000000000/role', { role: 'SUPPORT' })).statusCode).toBe(404);
      expect((await as(owner).post('/api/admin/admins/not-a-uuid/role', { role: 'SUPPORT' })).statusCode).toBe(404);
      expect((await as(owner).post(`/api/admin/admins/${other.id}/role`, { role: 'KING' })).statusCode).toBe(400);
    });
    // Maker is never checker (decision 0037): the refused decision on one's own account is audited.
    expect(rows).toEqual([ownRefusal(owner.id, 'POST /api/admin/admins/:id/role', ADMINS_MESSAGES.ownRole)]);
    expect((await me(ctx.app, owner.session)).json().user.adminRole).toBe('OWNER');
  });

  it('a person who is not an admin is not found in the admins', async () => {
    const person = await ctx.app.inject({ method: 'POST', url: '/api/user/register', payload: { email: 'plain.person@example.com', firstName: 'Plain', password: 'garden42', userType: 'USER' } });
    expect(person.statusCode).toBe(200);
    const list = (await as(owner).get('/api/admin/admins?q=plain.person')).json();
    expect(list.total).toBe(0);
  });
});

describe('removing an admin', () => {
  it('takes the role away and ends every session; one audit row; the account stays', async () => {
    const fay = await makeAdmin(ctx, 'FINANCE', 'fay.finance@example.com', 'Fay');
    expect((await me(ctx.app, fay.session)).statusCode).toBe(200);
    const rows = await added(ctx, async () => {
      const res = await removeOf(fay);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ message: ADMINS_MESSAGES.removed });
    });
    expect(rows).toMatchObject([
      {
        actor_user_id: owner.id,
        action: 'admin.remove',
        target_id: fay.id,
        before: { email: fay.email, role: 'FINANCE', status: 'active' },
        after: { email: fay.email, role: null, status: 'removed' },
      },
    ]);
    expect((await me(ctx.app, fay.session)).statusCode).toBe(401);
    expect((await as(fay).get('/api/admin/orders')).statusCode).toBe(401);
    expect((await as(owner).get('/api/admin/admins?q=fay.finance')).json().total).toBe(0);
    // Removed twice: not an admin any more.
    expect(await added(ctx, async () => expect((await removeOf(fay)).statusCode).toBe(404))).toEqual([]);
  });

  it('removing an invitation not yet accepted cancels it: the link stops working', async () => {
    const email = 'never.joins@example.com';
    const id = (await as(owner).post('/api/admin/admins/invite', { email, role: 'SUPPORT' })).json().admin.id as string;
    const token = await invitationToken(ctx, email);
    const rows = await added(ctx, async () => expect((await as(owner).post(`/api/admin/admins/${id}/remove`)).json()).toEqual({ message: ADMINS_MESSAGES.invitationCancelled }));
    expect(rows).toMatchObject([{ action: 'admin.cancelInvitation', target_id: id, before: { email, role: 'SUPPORT', status: 'invited' }, after: null }]);
    expect((await accept(ctx, token)).statusCode).toBe(400);
    // The address is free again: a new invitation can be sent.
    expect((await as(owner).post('/api/admin/admins/invite', { email, role: 'SUPPORT' })).statusCode).toBe(201);
  });

  it('an admin cannot remove themselves; the refusal is audited', async () => {
    const rows = await added(ctx, async () => {
      const res = await removeOf(owner);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ code: 'FORBIDDEN', message: ADMINS_MESSAGES.removeSelf });
    });
    expect(rows).toEqual([ownRefusal(owner.id, 'POST /api/admin/admins/:id/remove', ADMINS_MESSAGES.removeSelf)]);
  });
});

describe('the last owner', () => {
  it('two owners demoting each other at once: one change goes through, one owner remains', async () => {
    const other = await makeAdmin(ctx, 'OWNER', 'second.owner@example.com', 'Second');
    const [a, b] = await Promise.all([roleOf(other, 'SUPPORT', owner), roleOf(owner, 'SUPPORT', other)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 403]);
    const roles = await Promise.all([owner, other].map(async (admin) => (await me(ctx.app, admin.session)).json().user.adminRole));
    expect(roles.filter((r) => r === 'OWNER')).toHaveLength(1);
    // Put back as it was: `owner` the only owner, `other` support.
    if (roles[0] !== 'OWNER') {
      expect((await roleOf(owner, 'OWNER', other)).statusCode).toBe(200);
      expect((await roleOf(other, 'SUPPORT', owner)).statusCode).toBe(200);
    }
  });

  it('cannot be demoted or removed: an invited owner does not count until they accept', async () => {
    await as(owner).post('/api/admin/admins/invite', { email: 'future.owner@example.com', role: 'OWNER' });
    const db = ctx.database.db;
    await expect(db.transaction((tx) => ensureOwnerRemains(tx, owner.id))).rejects.toMatchObject({ code: 'CONFLICT', message: ADMINS_MESSAGES.lastOwner });
    const res = await accept(ctx, await invitationToken(ctx, 'future.owner@example.com'));
    expect(res.statusCode, res.body).toBe(200);
    await expect(db.transaction((tx) => ensureOwnerRemains(tx, owner.id))).resolves.toBeUndefined();
  });

  it('other roles cannot manage admins', async () => {
    const sue = await makeAdmin(ctx, 'SUPPORT', 'sue.support@example.com');
    const rows = await added(ctx, async () => {
      expect((await roleOf(sue, 'OWNER', sue)).statusCode).toBe(403);
      expect((await roleOf(owner, 'SUPPORT', sue)).statusCode).toBe(403);
      expect((await removeOf(owner, sue)).statusCode).toBe(403);
      expect((await as(sue).get('/api/admin/admins')).statusCode).toBe(403);
    });
    expect(rows).toEqual([]);
  });
});

describe('the list', () => {
  it('is searched, filtered, sorted and paged on the server, and marks the viewer', async () => {
    const all = (await as(owner).get('/api/admin/admins?pageSize=100')).json();
    expect(all.total).toBe(all.admins.length);
    expect(all.admins.filter((a: { you: boolean }) => a.you).map((a: { id: string }) => a.id)).toEqual([owner.id]);
    const emails = (await as(owner).get('/api/admin/admins?sortBy=email&sortDirection=desc&pageSize=100')).json().admins.map((a: { email: string }) => a.email);
    expect(emails).toEqual([...emails].sort().reverse());
    const page2 = (await as(owner).get('/api/admin/admins?sortBy=email&sortDirection=desc&pageSize=2&page=2')).json();
    expect(page2).toMatchObject({ page: 2, pageSize: 2, total: all.total });
    expect(page2.admins.map((a: { email: string }) => a.email)).toEqual(emails.slice(2, 4));
    const invited = (await as(owner).get('/api/admin/admins?status=invited&pageSize=100')).json().admins;
    expect(invited.length).toBeGreaterThan(0);
    expect(invited.every((a: { status: string; invitationExpiresAt: string | null }) => a.status === 'invited' && a.invitationExpiresAt)).toBe(true);
    const owners = (await as(owner).get('/api/admin/admins?role=OWNER&pageSize=100')).json().admins;
    expect(owners.every((a: { role: string }) => a.role === 'OWNER')).toBe(true);
    expect((await as(owner).get('/api/admin/admins?q=Olive')).json().admins.map((a: { id: string }) => a.id)).toEqual([owner.id]);
    expect((await as(owner).get('/api/admin/admins?q=%25')).json().total).toBe(0);
    expect((await as(owner).get('/api/admin/admins?sortBy=password')).statusCode).toBe(400);
  });
});
