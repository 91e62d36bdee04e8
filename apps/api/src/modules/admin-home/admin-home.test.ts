import { ADMIN_ROLES, AWAITING_ADMIN_STATUSES, SITE_API, type AdminRole } from '@landunits/domain';
import type { AdminHome } from '@landunits/domain/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY, HOUR, ManualClock, MINUTE } from '../../platform/clock';
import { agentApplications, contactMessages, emailChangeRequests, orders, profileVerifications, bankVerifications } from '../../schema';
import { anyIp, PASSWORD, staffLogin } from '../../test/accounts';
import { createTestApp, type TestContext } from '../../test/app';
import { newOrderId, PAYMENT_QUEUE_STATUSES, PAYOUT_QUEUE_STATUSES } from '../orders';
import { signUp } from '../orders/test/fixtures';
import { createAdmin } from '../users';
import { adminHome } from './admin-home';
import { ADMIN_QUEUES } from './queues';

/**
 * The admin home (PRODUCT-DECISIONS §12): each role sees only the queues it acts on, with the
 * number of waiting items and the age of the oldest by the injected clock, oldest first.
 */

const START = new Date('2026-03-10T12:00:00Z');
const clock = new ManualClock(START);
let ctx: TestContext;
const admins = {} as Record<AdminRole, string>;
let n = 0;

beforeAll(async () => {
  ctx = await createTestApp({}, undefined, clock);
  for (const role of ADMIN_ROLES) {
    const email = `${role.toLowerCase()}.home@example.com`;
    await createAdmin(ctx.database.db, { email, password: PASSWORD, role });
    admins[role] = await staffLogin(ctx.app, email);
  }
});
afterAll(() => ctx.close());

const home = (session: string | undefined) => ctx.app.inject({ method: 'GET', url: '/api/admin/home', ...(session ? { cookies: { lu_session: session } } : {}) });
const keysOf = (body: AdminHome) => body.queues.map((q) => q.key);
const db = () => ctx.database.db;
const ago = (ms: number) => new Date(START.getTime() - ms);

async function person() {
  return signUp(ctx.app, `person${++n}.home@example.com`);
}

async function order(userId: string, orderType: 'BUY' | 'SELL', orderStatus: string, createdAt: Date, paymentFlag: string | null = null) {
  await db()
    .insert(orders)
    .values({
      id: newOrderId(createdAt.getTime()),
      userId,
      orderType,
      orderStatus: orderStatus as 'PaymentSent',
      unitType: 'LAND_POUND',
      numberOfUnits: 10,
      paymentMethod: orderType === 'BUY' ? 'Bank' : 'None',
      createdAt,
      updatedAt: createdAt,
      paymentFlag,
    });
}

async function contact(at: Date, email = `writer${++n}@example.com`) {
  clock.set(at);
  const res = await ctx.app.inject({
    method: 'POST',
    url: SITE_API.contact,
    remoteAddress: anyIp(),
    payload: { name: 'Grace', email, subject: 'A question', message: 'How do I buy Units for my company?' },
  });
  clock.set(START);
  expect(res.statusCode, res.body).toBe(200);
}

describe('the admin home', () => {
  it('lists only the queues of the admin’s role, with nothing waiting', async () => {
    const expected: Record<AdminRole, string[]> = {
      OWNER: ['payments', 'payouts', 'flaggedPayments', 'profileReviews', 'bankReviews', 'emailChanges', 'contactMessages', 'chatWaiting', 'agentApplications'],
      FINANCE: ['payments', 'payouts', 'flaggedPayments'],
      COMPLIANCE: ['profileReviews', 'bankReviews', 'emailChanges', 'agentApplications'],
      SUPPORT: ['contactMessages', 'chatWaiting'],
    };
    for (const role of ADMIN_ROLES) {
      const res = await home(admins[role]);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const body = res.json() as AdminHome;
      expect(keysOf(body), role).toEqual(expected[role]);
      expect(body.at).toBe(START.toISOString());
      for (const queue of body.queues) expect(queue).toMatchObject({ count: 0, oldestAt: null, oldestAgeMs: null });
    }
  });

  it('counts each queue and ages its oldest item by the clock, the longest wait first', async () => {
    const buyer = await person();
    await order(buyer.id, 'BUY', 'PaymentSent', ago(2 * DAY));
    await order(buyer.id, 'BUY', 'PaymentSent_FromUserCrypto', ago(5 * HOUR));
    await order(buyer.id, 'BUY', 'Initiated', ago(9 * DAY)); // not paid yet: nobody's job
    await order(buyer.id, 'SELL', 'FundsWaitingApproval', ago(30 * MINUTE));
    await order(buyer.id, 'SELL', 'Completed', ago(20 * DAY));
    await order(buyer.id, 'BUY', 'Approved', ago(4 * DAY), 'Paid 12.00 instead of 10.00');

    const [reviewed, waiting, waitingBank] = [await person(), await person(), await person()];
    await db().execute(sql`update users set profile_verification_status = 'Pending' where id in (${waiting.id}, ${waitingBank.id})`);
    await db().execute(sql`update users set bank_verification_status = 'Pending' where id = ${waitingBank.id}`);
    await db().execute(sql`update users set profile_verification_status = 'Approved' where id = ${reviewed.id}`);
    for (const [who, at] of [
      [waiting, ago(3 * DAY)],
      [waitingBank, ago(6 * DAY)],
      [reviewed, ago(10 * DAY)],
    ] as const) {
      await db().insert(profileVerifications).values({ userId: who.id, details: {}, submittedAt: at, updatedAt: at });
    }
    await db()
      .insert(bankVerifications)
      .values({ userId: waitingBank.id, details: {}, submittedAt: ago(1 * DAY), updatedAt: ago(1 * DAY) });

    const changer = await person();
    await db()
      .insert(emailChangeRequests)
      .values({ userId: changer.id, status: 'PendingAdminApproval', newEmail: 'moved@example.com', createdAt: ago(8 * DAY), updatedAt: ago(7 * DAY) });

    await contact(ago(12 * HOUR));
    await contact(ago(26 * HOUR));
    await contact(ago(40 * DAY));
    await db()
      .update(contactMessages)
      .set({ status: 'closed' })
      .where(sql`${contactMessages.createdAt} = ${ago(40 * DAY).toISOString()}::timestamptz`);

    const applicant = await person();
    await db()
      .insert(agentApplications)
      .values({ userId: applicant.id, reason: 'Helping', experienceAndMotivation: 'Years', createdAt: ago(3 * HOUR) });
    await db()
      .insert(agentApplications)
      .values({ userId: applicant.id, reason: 'Earlier', experienceAndMotivation: 'Years', status: 'rejected', createdAt: ago(20 * DAY) });

    const owner = (await home(admins.OWNER)).json() as AdminHome;
    expect(owner.queues.map((q) => [q.key, q.count, q.oldestAgeMs])).toEqual([
      ['emailChanges', 1, 7 * DAY],
      ['profileReviews', 2, 6 * DAY],
      ['flaggedPayments', 1, 4 * DAY],
      ['payments', 2, 2 * DAY],
      ['contactMessages', 2, 26 * HOUR],
      ['bankReviews', 1, 1 * DAY],
      ['agentApplications', 1, 3 * HOUR],
      ['payouts', 1, 30 * MINUTE],
      ['chatWaiting', 0, null],
    ]);
    expect(owner.queues[0]).toEqual({ key: 'emailChanges', label: 'Email changes to decide', path: '/admin/email-changes', count: 1, oldestAt: ago(7 * DAY).toISOString(), oldestAgeMs: 7 * DAY });

    const support = (await home(admins.SUPPORT)).json() as AdminHome;
    expect(support.queues).toEqual([
      { key: 'contactMessages', label: 'Contact messages to answer', path: '/admin/contact', count: 2, oldestAt: ago(26 * HOUR).toISOString(), oldestAgeMs: 26 * HOUR },
      { key: 'chatWaiting', label: 'Chats waiting for a reply', path: '/admin/chat', count: 0, oldestAt: null, oldestAgeMs: null },
    ]);
    expect(keysOf((await home(admins.FINANCE)).json())).toEqual(['flaggedPayments', 'payments', 'payouts']);

    // A day later every wait is a day longer.
    clock.advance(DAY);
    expect(((await home(admins.SUPPORT)).json() as AdminHome).queues[0]?.oldestAgeMs).toBe(50 * HOUR);
    clock.set(START);
  });

  it('counts every order waiting for an admin in the payments or the payouts queue', () => {
    expect([...PAYMENT_QUEUE_STATUSES, ...PAYOUT_QUEUE_STATUSES].sort()).toEqual([...AWAITING_ADMIN_STATUSES].sort());
  });

  it('refuses anonymous callers and people who are not admins', async () => {
    expect((await home(undefined)).statusCode).toBe(401);
    const someone = await person();
    const res = await home(someone.session);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('FORBIDDEN');
  });

  it('takes a new queue from the list alone, shown only to roles with its permission', async () => {
    const reviews = {
      key: 'exampleReviews',
      label: 'Example reviews',
      path: '/admin/agents',
      permission: 'agents.review' as const,
      summary: () => sql`select 3::int as "count", ${ago(HOUR).toISOString()}::timestamptz as "oldestAt"`,
    };
    const list = [...ADMIN_QUEUES, reviews];
    const compliance = await adminHome({ db: db(), clock }, 'COMPLIANCE', list);
    expect(compliance.queues.find((q) => q.key === 'exampleReviews')).toEqual({
      key: 'exampleReviews',
      label: 'Example reviews',
      path: '/admin/agents',
      count: 3,
      oldestAt: ago(HOUR).toISOString(),
      oldestAgeMs: HOUR,
    });
    expect((await adminHome({ db: db(), clock }, 'FINANCE', list)).queues.map((q) => q.key)).not.toContain('exampleReviews');
  });
});
