import { randomUUID } from 'node:crypto';
import { DEFAULT_IMPACT_METRICS, DEFAULT_MONEY_SETTINGS, type AdminRole } from '@landunits/domain';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, me, staffLogin } from '../../test/accounts';
import { personSession, withStepUp } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/app';
import { updateMoneySettings } from '../pricing';
import { createAdmin } from '../users';

/*
 * Every admin action of today writes exactly one audit row, in its own transaction (a refused or
 * failed action writes none), and each admin route asks the permission of the admin's role.
 */

let ctx: TestContext;
const admins = {} as Record<AdminRole, { id: string; session: string }>;
let buyer: string;

async function makeAdmin(app: FastifyInstance, role: AdminRole) {
  const email = `${role.toLowerCase()}.audit@example.com`;
  await createAdmin(ctx.database.db, { email, password: PASSWORD, role });
  const session = await staffLogin(app, email);
  return { id: (await me(app, session)).json().user.id as string, session };
}

beforeAll(async () => {
  ctx = await createTestApp({ JOBS_DUE_ORDERS_INTERVAL_MS: '9999999' });
  for (const role of ['OWNER', 'FINANCE', 'SUPPORT', 'COMPLIANCE'] as const) admins[role] = await makeAdmin(ctx.app, role);
  buyer = await personSession(ctx.app, 'buyer.audit@example.com');
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;

/** Asked to step up (a decision on money), it steps up and sends the request again, as the web app does. */
function post(session: string, url: string, body: unknown, method: 'POST' | 'PUT' = 'POST') {
  const headers = { 'content-type': 'application/json', 'idempotency-key': `test-${randomUUID()}` };
  return withStepUp(ctx.app, session, () => ctx.app.inject({ method, url, headers, payload: JSON.stringify(body), cookies: { lu_session: session } }));
}
const get = (session: string, url: string) => ctx.app.inject({ method: 'GET', url, cookies: { lu_session: session } });

interface AuditRow {
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

async function auditRows(): Promise<AuditRow[]> {
  const result = await db().execute(sql`select actor_user_id, actor_role, action, target_type, target_id, before, after, reason, request_id from audit_events order by at, id`);
  return (result as unknown as { rows: AuditRow[] }).rows;
}

/** Runs `act` and returns the audit rows it added. */
async function added(act: () => Promise<unknown>): Promise<AuditRow[]> {
  const before = (await auditRows()).length;
  await act();
  return (await auditRows()).slice(before);
}

/** A bank buy the buyer says is paid: waiting for an admin (PaymentSent). */
async function paidBuy(): Promise<string> {
  const created = await post(buyer, '/api/order/create_order', { orderType: 'BUY', currencyUnit: { numberOfUnits: 10 }, paymentDetails: { paymentMethod: 'Bank' } });
  expect(created.statusCode, created.body).toBe(201);
  const orderId = created.json().orderCreatedData.orderId as string;
  const paid = await post(buyer, '/api/order/success_order', { orderId });
  expect(paid.statusCode, paid.body).toBe(200);
  return orderId;
}

const transitionUrl = (id: string) => `/api/admin/orders/${id}/transition`;
const FORBIDDEN_ROLE = { code: 'FORBIDDEN', message: 'Your admin role does not allow this.' };

describe('order decisions', () => {
  it('a FINANCE admin decides an order; one audit row with before, after, reason and the request id', async () => {
    const orderId = await paidBuy();
    let requestId: unknown;
    const rows = await added(async () => {
      const res = await post(admins.FINANCE.session, transitionUrl(orderId), { toStatus: 'Approved', reason: 'Payment arrived on the bank statement' });
      expect(res.statusCode, res.body).toBe(200);
      requestId = res.headers['x-request-id'];
    });
    expect(rows).toEqual([
      {
        actor_user_id: admins.FINANCE.id,
        actor_role: 'FINANCE',
        action: 'order.transition',
        target_type: 'order',
        target_id: orderId,
        before: { orderStatus: 'PaymentSent' },
        after: { orderStatus: 'Approved' },
        reason: 'Payment arrived on the bank statement',
        request_id: requestId,
      },
    ]);
    expect(typeof requestId).toBe('string');
  });

  it('a refused decision, and a replayed one, write no audit row', async () => {
    const orderId = await paidBuy();
    const key = `test-${randomUUID()}`;
    const send = () =>
      withStepUp(ctx.app, admins.OWNER.session, () =>
        ctx.app.inject({
          method: 'POST',
          url: transitionUrl(orderId),
          headers: { 'content-type': 'application/json', 'idempotency-key': key },
          payload: JSON.stringify({ toStatus: 'Failed', reason: 'No payment arrived' }),
          cookies: { lu_session: admins.OWNER.session },
        }),
      );
    expect(await added(async () => expect((await send()).statusCode).toBe(200))).toHaveLength(1);
    // The same request again answers the stored response; nothing happens twice.
    expect(await added(async () => expect((await send()).statusCode).toBe(200))).toEqual([]);
    // Failed → Approved is not a transition: refused, and the refused action leaves no row.
    const refused = await added(async () => {
      const res = await post(admins.OWNER.session, transitionUrl(orderId), { toStatus: 'Approved', reason: 'Try again' });
      expect(res.statusCode, res.body).toBe(409);
    });
    expect(refused).toEqual([]);
  });

  it('a SUPPORT or COMPLIANCE admin gets 403 on an order decision; the order does not move', async () => {
    const orderId = await paidBuy();
    for (const role of ['SUPPORT', 'COMPLIANCE'] as const) {
      const rows = await added(async () => {
        const res = await post(admins[role].session, transitionUrl(orderId), { toStatus: 'Approved', reason: 'Looks fine' });
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual(FORBIDDEN_ROLE);
      });
      expect(rows).toEqual([]);
      expect((await get(admins[role].session, '/api/admin/orders')).statusCode).toBe(403);
    }
    const details = await get(buyer, `/api/order/get_order_details/${orderId}`);
    expect(details.json().orderData.orderStatus).toBe('PaymentSent');
  });

  it('clearing a flagged payment writes one audit row', async () => {
    const orderId = await paidBuy();
    await db().execute(sql`update orders set payment_flag = 'AMOUNT_MISMATCH' where id = ${orderId}`);
    const rows = await added(async () => {
      const res = await post(admins.FINANCE.session, `/api/admin/orders/${orderId}/clear-flag`, { reason: 'Refunded the difference' });
      expect(res.statusCode, res.body).toBe(200);
    });
    expect(rows).toMatchObject([
      { actor_role: 'FINANCE', action: 'order.clearPaymentFlag', target_id: orderId, before: { paymentFlag: 'AMOUNT_MISMATCH' }, after: { paymentFlag: null }, reason: 'Refunded the difference' },
    ]);
    expect(await added(async () => expect((await post(admins.SUPPORT.session, `/api/admin/orders/${orderId}/clear-flag`, { reason: 'x' })).statusCode).toBe(403))).toEqual([]);
  });
});

describe('reference codes', () => {
  const code = { code: 'AUDIT10', codeType: 'DISCOUNT', isPercent: true, amount: '10' };

  it('create and disable each write one audit row; a second disable and a taken name write none', async () => {
    let id = '';
    const createdRows = await added(async () => {
      const res = await post(admins.FINANCE.session, '/api/admin/reference-codes', code);
      expect(res.statusCode, res.body).toBe(201);
      id = res.json().code.id as string;
    });
    expect(createdRows).toMatchObject([{ actor_role: 'FINANCE', action: 'referenceCode.create', target_type: 'referenceCode', target_id: id, before: null, after: { code: 'AUDIT10', id } }]);
    expect(createdRows[0]?.request_id).toEqual(expect.any(String));

    expect(await added(async () => expect((await post(admins.OWNER.session, '/api/admin/reference-codes', code)).statusCode).toBe(409))).toEqual([]);

    const disabled = await added(async () => expect((await post(admins.OWNER.session, `/api/admin/reference-codes/${id}/disable`, {})).statusCode).toBe(200));
    expect(disabled).toMatchObject([{ actor_role: 'OWNER', action: 'referenceCode.disable', target_id: id, before: { disabledAt: null }, after: { disabledAt: expect.any(String) } }]);
    expect(await added(async () => expect((await post(admins.OWNER.session, `/api/admin/reference-codes/${id}/disable`, {})).statusCode).toBe(200))).toEqual([]);
  });

  it('a SUPPORT admin gets 403 on a code change', async () => {
    const rows = await added(async () => {
      const res = await post(admins.SUPPORT.session, '/api/admin/reference-codes', { ...code, code: 'NOPE' });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(FORBIDDEN_ROLE);
      expect((await get(admins.SUPPORT.session, '/api/admin/reference-codes')).statusCode).toBe(403);
      const codes = (await get(admins.OWNER.session, '/api/admin/reference-codes')).json().codes as { id: string }[];
      expect(codes.length).toBeGreaterThan(0);
      expect((await post(admins.SUPPORT.session, `/api/admin/reference-codes/${codes[0]?.id}/disable`, {})).statusCode).toBe(403);
    });
    expect(rows).toEqual([]);
  });
});

describe('settings', () => {
  it('impact settings: one audit row with the figures before and after; SUPPORT and FINANCE get 403', async () => {
    const edited = { ...DEFAULT_IMPACT_METRICS, pesticideElimination: '80' };
    const rows = await added(async () => {
      const res = await post(admins.OWNER.session, '/api/admin/site/impact', edited, 'PUT');
      expect(res.statusCode, res.body).toBe(200);
    });
    expect(rows).toMatchObject([{ actor_role: 'OWNER', action: 'settings.impact.update', target_type: 'settings', target_id: 'impact', before: null, after: edited }]);
    expect(rows[0]?.request_id).toEqual(expect.any(String));
    for (const role of ['SUPPORT', 'FINANCE'] as const) {
      const refused = await added(async () => expect((await post(admins[role].session, '/api/admin/site/impact', DEFAULT_IMPACT_METRICS, 'PUT')).statusCode).toBe(403));
      expect(refused).toEqual([]);
    }
    // An invalid body writes nothing, audit included.
    expect(await added(async () => expect((await post(admins.OWNER.session, '/api/admin/site/impact', { nonsense: true }, 'PUT')).statusCode).toBe(400))).toEqual([]);
  });

  it('money settings: one audit row for a FINANCE admin; SUPPORT is refused and writes nothing', async () => {
    const changed = { ...DEFAULT_MONEY_SETTINGS, landValueGbpInCents: DEFAULT_MONEY_SETTINGS.landValueGbpInCents + 1 };
    const rows = await added(() => updateMoneySettings(db(), changed, admins.FINANCE.id, new Date(), 'req-money-1'));
    expect(rows).toMatchObject([{ actor_role: 'FINANCE', action: 'settings.money.update', target_id: 'money', before: null, after: changed, request_id: 'req-money-1' }]);
    const refused = await added(() => expect(updateMoneySettings(db(), DEFAULT_MONEY_SETTINGS, admins.SUPPORT.id)).rejects.toMatchObject(FORBIDDEN_ROLE));
    expect(refused).toEqual([]);
    const again = await added(() => updateMoneySettings(db(), DEFAULT_MONEY_SETTINGS, admins.OWNER.id));
    expect(again).toMatchObject([{ actor_role: 'OWNER', before: changed, after: DEFAULT_MONEY_SETTINGS }]);
  });
});

describe('the audit log', () => {
  it('GET /api/admin/audit: owners only, newest first, filtered by actor, action, target and period, paged', async () => {
    expect((await get(admins.FINANCE.session, '/api/admin/audit')).statusCode).toBe(403);
    expect((await get(buyer, '/api/admin/audit')).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/audit' })).statusCode).toBe(401);

    const all = (await get(admins.OWNER.session, '/api/admin/audit?pageSize=100')).json();
    expect(all.total).toBe((await auditRows()).length);
    const times = (all.events as { at: string }[]).map((e) => e.at);
    expect([...times].sort().reverse()).toEqual(times);

    const byFinance = (await get(admins.OWNER.session, `/api/admin/audit?actor=${admins.FINANCE.id}&pageSize=100`)).json();
    expect(byFinance.events.length).toBeGreaterThan(0);
    expect(byFinance.events.every((e: { actorUserId: string; actorRole: string }) => e.actorUserId === admins.FINANCE.id && e.actorRole === 'FINANCE')).toBe(true);

    const codes = (await get(admins.OWNER.session, '/api/admin/audit?action=referenceCode.disable')).json();
    expect(codes.events.map((e: { action: string }) => e.action)).toEqual(['referenceCode.disable']);
    const target = (await get(admins.OWNER.session, `/api/admin/audit?targetType=referenceCode&targetId=${codes.events[0].targetId}`)).json();
    expect(target.events.map((e: { action: string }) => e.action)).toEqual(['referenceCode.disable', 'referenceCode.create']);

    const future = (await get(admins.OWNER.session, '/api/admin/audit?from=2999-01-01T00:00:00Z')).json();
    expect(future).toMatchObject({ events: [], total: 0 });
    const past = (await get(admins.OWNER.session, `/api/admin/audit?to=${encodeURIComponent(new Date().toISOString())}&pageSize=1&page=2`)).json();
    expect(past).toMatchObject({ total: all.total, page: 2, pageSize: 1 });
    expect(past.events).toEqual([all.events[1]]);

    expect((await get(admins.OWNER.session, '/api/admin/audit?actor=nobody')).statusCode).toBe(400);
  });
});

describe('one transaction', () => {
  it('when the audit row cannot be written, the action is not done either', async () => {
    const orderId = await paidBuy();
    const settingsBefore = await get(admins.OWNER.session, '/api/admin/site/impact');
    await db().execute(sql`create function audit_down() returns trigger language plpgsql as $$ begin raise exception 'audit down'; end $$`);
    await db().execute(sql`create trigger audit_down before insert on audit_events for each row execute function audit_down()`);
    try {
      expect((await post(admins.FINANCE.session, transitionUrl(orderId), { toStatus: 'Approved', reason: 'Paid' })).statusCode).toBe(500);
      expect((await post(admins.OWNER.session, '/api/admin/site/impact', { ...DEFAULT_IMPACT_METRICS, pesticideElimination: '12' }, 'PUT')).statusCode).toBe(500);
    } finally {
      await db().execute(sql`drop trigger audit_down on audit_events`);
    }
    expect((await get(buyer, `/api/order/get_order_details/${orderId}`)).json().orderData.orderStatus).toBe('PaymentSent');
    expect((await get(admins.OWNER.session, '/api/admin/site/impact')).json()).toEqual(settingsBefore.json());
  });
});

describe('the user view', () => {
  it('answers role ADMIN for admins, with their admin role', async () => {
    expect((await me(ctx.app, admins.FINANCE.session)).json().user).toMatchObject({ role: 'ADMIN', adminRole: 'FINANCE' });
    expect((await me(ctx.app, buyer)).json().user).toMatchObject({ role: 'USER', adminRole: null });
  });
});
