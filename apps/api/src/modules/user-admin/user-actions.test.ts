import { AUTH_ANSWERS, ORDER_MESSAGES, type AdminRole } from '@landunits/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock';
import { linkToken, login, mailTo, me, PASSWORD, register } from '../../test/accounts';
import { createTestApp, type TestContext } from '../../test/app';
import { runDueOrders } from '../orders';
import { createOrder, getJson, giveUnits, signUp, transferBody, type TestUser } from '../orders/test/fixtures';
import { bucketsOf, buyBody, created, scheduleBody, statusOf } from '../orders/test/lifecycle';
import { added, adminsByRole, get, post, type Admin } from './test/helpers';

/*
 * The actions on an account: a purchase-limit override per currency (used by the next buy),
 * disable (sessions end, no log-in, no Units received, scheduled transfers fail) and re-enable,
 * resend confirmation. Each writes one audit row with before and after; a no-op or a refusal none.
 */

const clock = new ManualClock(new Date('2026-01-15T10:00:00Z'));
let ctx: TestContext;
let admins: Record<AdminRole, Admin>;
let ada: TestUser;
let bob: TestUser;

const db = () => ctx.database.db;
const act = (role: AdminRole, userId: string, action: string, body: unknown) => post(ctx, admins[role].session, `/api/admin/users/${userId}/${action}`, body);
const limitOf = async (user: TestUser, currency: string) => (await me(ctx.app, user.session)).json().userDashBoardDetails.purchaseLimit[currency].limitInCents as number;

beforeAll(async () => {
  ctx = await createTestApp({ JOBS_DUE_ORDERS_INTERVAL_MS: '9999999' }, undefined, clock);
  admins = await adminsByRole(ctx, 'actions');
  ada = await signUp(ctx.app, 'ada.actions@example.com', 'Ada', 'Lovelace');
  bob = await signUp(ctx.app, 'bob.actions@example.com', 'Bob', 'Babbage');
  await giveUnits(db(), ada.id, 100);
});
afterAll(() => ctx.close());

describe('purchase-limit override per currency', () => {
  it('sets the GBP limit only: the next GBP buy is checked against it, USD keeps the tier’s; clearing restores it', async () => {
    const tier = await limitOf(bob, 'GBP');
    const rows = await added(db(), async () => {
      const res = await act('COMPLIANCE', bob.id, 'purchase-limit', { currency: 'GBP', amount: '50.00', reason: 'Asked for a lower limit' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ message: 'The GBP purchase limit is now £50.00.', changed: true });
    });
    expect(rows).toMatchObject([
      {
        actor_user_id: admins.COMPLIANCE.id,
        actor_role: 'COMPLIANCE',
        action: 'user.purchaseLimitOverride',
        target_type: 'user',
        target_id: bob.id,
        before: { currency: 'GBP', overrideCents: null },
        after: { currency: 'GBP', overrideCents: 5000 },
        reason: 'Asked for a lower limit',
      },
    ]);
    expect(await limitOf(bob, 'GBP')).toBe(5000);
    expect(await limitOf(bob, 'USD')).toBe(tier);
    // 100 GBP Units cost more than £50: refused with the limit's message; the same in USD passes.
    const refused = await createOrder(ctx.app, bob.session, buyBody(100));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'LIMIT_EXCEEDED', message: expect.stringContaining('£50.00') });
    created(await createOrder(ctx.app, bob.session, buyBody(100, 'LAND_USD')));
    created(await createOrder(ctx.app, bob.session, buyBody(10)));

    const page = (await get(ctx, admins.SUPPORT.session, `/api/admin/users/${bob.id}`)).json();
    expect(page.purchaseLimits[0]).toMatchObject({ currency: 'GBP', overrideCents: 5000, limitCents: 5000, reason: 'Asked for a lower limit', setBy: 'Compliance' });
    expect(page.purchaseLimits[1]).toMatchObject({ currency: 'USD', overrideCents: null, limitCents: tier, setBy: null });

    // The same value again changes nothing and writes nothing.
    const same = await added(db(), async () => {
      expect((await act('OWNER', bob.id, 'purchase-limit', { currency: 'GBP', amount: '50', reason: 'Again' })).json()).toEqual({
        message: 'The purchase limit already was that; nothing changed.',
        changed: false,
      });
    });
    expect(same).toEqual([]);
    const cleared = await added(db(), async () => {
      expect((await act('OWNER', bob.id, 'purchase-limit', { currency: 'GBP', amount: '', reason: 'Back to the tier' })).json().changed).toBe(true);
    });
    expect(cleared).toMatchObject([{ actor_role: 'OWNER', before: { currency: 'GBP', overrideCents: 5000 }, after: { currency: 'GBP', overrideCents: null } }]);
    expect(await limitOf(bob, 'GBP')).toBe(tier);
  });

  it('refuses bad amounts, a missing reason and roles without users.manage, writing nothing', async () => {
    const rows = await added(db(), async () => {
      for (const [body, field] of [
        [{ currency: 'GBP', amount: '-1', reason: 'x' }, 'amount'],
        [{ currency: 'GBP', amount: '1.001', reason: 'x' }, 'amount'],
        [{ currency: 'GBP', amount: '1e9', reason: 'x' }, 'amount'],
        [{ currency: 'GBP', amount: '2000000000', reason: 'x' }, 'amount'],
        [{ currency: 'JPY', amount: '10', reason: 'x' }, 'currency'],
        [{ currency: 'GBP', amount: '10', reason: '' }, 'reason'],
      ] as const) {
        const res = await act('OWNER', bob.id, 'purchase-limit', body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(Object.keys(res.json().errors)).toEqual([field]);
      }
      for (const role of ['SUPPORT', 'FINANCE'] as const) {
        const res = await act(role, bob.id, 'purchase-limit', { currency: 'GBP', amount: '10', reason: 'x' });
        expect(res.statusCode).toBe(403);
      }
    });
    expect(rows).toEqual([]);
  });
});

describe('disable and re-enable', () => {
  it('ends every session, refuses log-in with a clear message, refuses transfers to them and fails scheduled ones; re-enabling restores', async () => {
    clock.set('2026-01-15T11:00:00Z');
    const scheduled = created(await createOrder(ctx.app, ada.session, scheduleBody(bob.email, 5, '2026-01-17')));
    const before = await bucketsOf(db(), ada.id);
    const rows = await added(db(), async () => {
      const res = await act('COMPLIANCE', bob.id, 'disable', { reason: 'Suspected account takeover' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ message: 'The account is disabled: every session of it ended, and it cannot log in or receive Units.', changed: true });
    });
    expect(rows).toMatchObject([
      {
        actor_role: 'COMPLIANCE',
        action: 'user.disable',
        target_id: bob.id,
        before: { status: 'active', disabledAt: null },
        after: { status: 'disabled', disabledAt: '2026-01-15T11:00:00.000Z', sessionsEnded: 1 },
        reason: 'Suspected account takeover',
      },
    ]);
    expect((await me(ctx.app, bob.session)).statusCode).toBe(401);
    const refused = await login(ctx.app, bob.email, PASSWORD);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ code: 'ACCOUNT_DISABLED', message: AUTH_ANSWERS.disabled });
    // A wrong password still reads as any wrong password.
    expect((await login(ctx.app, bob.email, 'wrong-password-1')).json().message).toBe(AUTH_ANSWERS.invalidLogin);

    const transfer = await createOrder(ctx.app, ada.session, transferBody(bob.email, 1));
    expect(transfer.statusCode).toBe(400);
    expect(transfer.json().errors).toEqual({ recipientEmail: ORDER_MESSAGES.noSuchRecipient });
    expect((await getJson(ctx.app, ada.session, `/api/user/getUserNameByEmail?email=${bob.email}`)).statusCode).toBe(404);
    expect((await createOrder(ctx.app, ada.session, scheduleBody(bob.email, 1, '2026-01-20'))).statusCode).toBe(400);
    clock.set('2026-01-17T00:00:00Z');
    // Bob's unpaid buys expire at the same run.
    expect(await runDueOrders(ctx.app.ctx)).toContain('failed');
    expect(await statusOf(db(), scheduled.orderId)).toBe('Failed');
    expect((await bucketsOf(db(), ada.id)).owned).toBe(before.owned! + 5);

    const page = (await get(ctx, admins.SUPPORT.session, `/api/admin/users/${bob.id}`)).json();
    expect(page.account).toMatchObject({ status: 'disabled', disabledAt: '2026-01-15T11:00:00.000Z', disabledReason: 'Suspected account takeover' });
    expect(page.sessions).toEqual([]);
    expect(page.audit.map((e: { action: string }) => e.action)).toEqual(['user.disable', 'user.purchaseLimitOverride', 'user.purchaseLimitOverride']);

    const again = await added(db(), async () => expect((await act('OWNER', bob.id, 'disable', { reason: 'Again' })).json().changed).toBe(false));
    expect(again).toEqual([]);

    const enabled = await added(db(), async () => {
      const res = await act('OWNER', bob.id, 'enable', { reason: 'Owner confirmed by phone' });
      expect(res.json()).toEqual({ message: 'The account is enabled again: the person can log in and receive Units.', changed: true });
    });
    expect(enabled).toMatchObject([
      {
        actor_role: 'OWNER',
        action: 'user.enable',
        before: { status: 'disabled', disabledReason: 'Suspected account takeover' },
        after: { status: 'active', disabledAt: null },
        reason: 'Owner confirmed by phone',
      },
    ]);
    expect((await login(ctx.app, bob.email, PASSWORD)).statusCode).toBe(200);
    created(await createOrder(ctx.app, ada.session, transferBody(bob.email, 1)));
    const noOp = await added(db(), async () => expect((await act('OWNER', bob.id, 'enable', { reason: 'Again' })).json().changed).toBe(false));
    expect(noOp).toEqual([]);
  });

  it('refuses to disable an admin account, saying why; SUPPORT cannot disable anyone', async () => {
    const rows = await added(db(), async () => {
      const res = await act('OWNER', admins.SUPPORT.id, 'disable', { reason: 'Leaving' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ code: 'TRANSITION_REFUSED', message: 'Admin accounts cannot be disabled here: an owner manages admins and their roles.' });
      expect((await act('SUPPORT', ada.id, 'disable', { reason: 'x' })).statusCode).toBe(403);
      expect((await act('FINANCE', ada.id, 'enable', { reason: 'x' })).statusCode).toBe(403);
      expect((await act('OWNER', ada.id, 'disable', {})).statusCode).toBe(400);
      expect((await act('OWNER', '00000000-0000-4000-8000-000000000000', 'disable', { reason: 'x' })).statusCode).toBe(404);
    });
    expect(rows).toEqual([]);
    expect((await me(ctx.app, admins.SUPPORT.session)).statusCode).toBe(200);
    expect((await me(ctx.app, ada.session)).statusCode).toBe(200);
  });
});

describe('resend confirmation', () => {
  it('sends a new link to an account not yet confirmed (the old one stops working); refuses confirmed accounts', async () => {
    const email = 'carl.pending@example.com';
    expect((await register(ctx.app, { email, firstName: 'Carl', lastName: 'Pending', password: PASSWORD, userType: 'USER' })).statusCode).toBe(200);
    const first = await linkToken(ctx.app, email, '/account/confirm');
    const carl = (await get(ctx, admins.OWNER.session, '/api/admin/users?q=carl.pending')).json().users[0] as { id: string; status: string };
    expect(carl.status).toBe('unconfirmed');
    const rows = await added(db(), async () => {
      const res = await act('COMPLIANCE', carl.id, 'resend-confirmation', { reason: 'Person called: the link expired' });
      expect(res.json()).toEqual({ message: 'A new confirmation email was sent; the earlier link no longer works.', changed: true });
    });
    expect(rows).toMatchObject([
      {
        action: 'user.resendConfirmation',
        target_id: carl.id,
        before: { status: 'unconfirmed' },
        after: { status: 'unconfirmed', confirmationEmailQueued: true },
        reason: 'Person called: the link expired',
      },
    ]);
    expect(await mailTo(ctx.app, email)).toHaveLength(2);
    const second = await linkToken(ctx.app, email, '/account/confirm');
    expect(second).not.toBe(first);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/auth/confirmation', payload: { token: first } })).statusCode).toBe(400);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/auth/confirmation', payload: { token: second } })).statusCode).toBe(200);

    const refused = await added(db(), async () => {
      const res = await act('OWNER', carl.id, 'resend-confirmation', { reason: 'Again' });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('This account has already confirmed its email address.');
    });
    expect(refused).toEqual([]);
  });
});
