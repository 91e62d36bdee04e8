import { ADMIN_ROLES, SITE_API, type AdminRole } from '@landunits/domain';
import { ACCOUNT_SETTINGS_CONTRACTS, type SubscribersPage } from '@landunits/domain/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY, ManualClock } from '../../platform/clock';
import { newsletterSubscribers } from '../../schema';
import { anyIp, linkToken, PASSWORD, staffLogin } from '../../test/accounts';
import { personSession } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/app';
import { createAdmin } from '../users';
import { signUnsubscribeToken } from './index';

/**
 * Newsletter subscribers for admins (PRODUCT-DECISIONS §12): each reader's status (confirmed,
 * pending, unsubscribed) through the real flows, the list paged, sorted and filtered on the server,
 * and the CSV export of the same selection, audited with its filters.
 */

const START = new Date('2026-04-01T09:00:00Z');
const clock = new ManualClock(START);
let ctx: TestContext;
const admins = {} as Record<AdminRole, string>;

beforeAll(async () => {
  ctx = await createTestApp({}, undefined, clock);
  for (const role of ADMIN_ROLES) {
    const email = `${role.toLowerCase()}.subscribers@example.com`;
    await createAdmin(ctx.database.db, { email, password: PASSWORD, role });
    admins[role] = await staffLogin(ctx.app, email);
  }
});
afterAll(() => ctx.close());

const get = (session: string | undefined, url: string) => ctx.app.inject({ method: 'GET', url, ...(session ? { cookies: { lu_session: session } } : {}) });
const list = async (query: string, session = admins.SUPPORT) => {
  const res = await get(session, `/api/admin/subscribers?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as SubscribersPage;
};
const subscribe = (email: string) => ctx.app.inject({ method: 'POST', url: SITE_API.subscribe, payload: { email }, remoteAddress: anyIp() });
const confirm = async (email: string) => {
  const token = await linkToken(ctx.app, email, '/subscribe/confirm');
  expect((await ctx.app.inject({ method: 'GET', url: `${SITE_API.subscriberVerification}/${token}`, remoteAddress: anyIp() })).statusCode).toBe(200);
};
const oneClick = (token: string) =>
  ctx.app.inject({ method: 'POST', url: `/api/unsubscribe/${token}`, payload: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' }, remoteAddress: anyIp() });
const idOf = async (email: string) => (await ctx.database.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email)))[0]!.id;
const at = (days: number) => clock.set(new Date(START.getTime() + days * DAY));

async function auditRows(action: string) {
  const result = await ctx.database.db.execute(sql`select actor_role, target_type, target_id, before, after from audit_events where action = ${action} order by at`);
  return (result as unknown as { rows: Record<string, unknown>[] }).rows;
}

describe('subscriber statuses', () => {
  it('shows readers as pending, confirmed and unsubscribed as they go through the flows', async () => {
    at(0);
    await subscribe('pending@status.example');
    await subscribe('confirmed@status.example');
    await confirm('confirmed@status.example');
    at(1);
    await subscribe('left@status.example');
    await confirm('left@status.example');
    const token = signUnsubscribeToken(ctx.config.linkSigningSecret, { subject: { subscriberId: await idOf('left@status.example') }, category: 'newsletter' });
    at(2);
    expect((await oneClick(token)).statusCode).toBe(200);

    const page = await list('q=status.example&sort=email&direction=asc');
    expect(page.subscribers.map((s) => [s.email, s.status])).toEqual([
      ['confirmed@status.example', 'confirmed'],
      ['left@status.example', 'unsubscribed'],
      ['pending@status.example', 'pending'],
    ]);
    expect(page.subscribers[1]).toMatchObject({ confirmedAt: new Date(START.getTime() + DAY).toISOString(), unsubscribedAt: new Date(START.getTime() + 2 * DAY).toISOString() });

    // Subscribing again: still unsubscribed until the new link is followed, then confirmed from then on.
    at(3);
    await subscribe('left@status.example');
    expect((await list('q=left@status')).subscribers[0]?.status).toBe('unsubscribed');
    await confirm('left@status.example');
    expect((await list('q=left@status')).subscribers[0]).toMatchObject({ status: 'confirmed', confirmedAt: new Date(START.getTime() + 3 * DAY).toISOString(), unsubscribedAt: null });
  });

  it('counts an account holder who turned the newsletter off as unsubscribed', async () => {
    const email = 'holder@account.example';
    const session = await personSession(ctx.app, email);
    const save = (newsletter: boolean) =>
      ctx.app.inject({
        method: 'POST',
        url: ACCOUNT_SETTINGS_CONTRACTS.manageSubscriptions.path,
        cookies: { lu_session: session },
        payload: { newsletter, productNews: true, governance: true, community: true },
      });
    expect((await save(true)).statusCode).toBe(200);
    expect((await list('q=account.example')).subscribers[0]?.status).toBe('confirmed');
    expect((await save(false)).statusCode).toBe(200);
    expect((await list('q=account.example')).subscribers[0]?.status).toBe('unsubscribed');
  });
});

describe('the list', () => {
  it('pages, sorts by address or date, filters by status and text, and counts every status', async () => {
    const before = (await list('')).counts;
    for (let i = 1; i <= 5; i++) {
      at(10 + i);
      await ctx.database.db.insert(newsletterSubscribers).values({ email: `r${i}@paging.example`, confirmedAt: i <= 3 ? clock.now() : null, createdAt: clock.now(), updatedAt: clock.now() });
    }
    const after = await list('');
    expect(after.counts).toEqual({ ...before, confirmed: before.confirmed + 3, pending: before.pending + 2 });

    const newest = await list('q=paging.example&pageSize=2');
    expect(newest).toMatchObject({ total: 5, page: 1, pageSize: 2 });
    expect(newest.subscribers.map((s) => s.email)).toEqual(['r5@paging.example', 'r4@paging.example']);
    expect((await list('q=paging.example&pageSize=2&page=3')).subscribers.map((s) => s.email)).toEqual(['r1@paging.example']);
    expect((await list('q=paging.example&sort=createdAt&direction=asc&pageSize=2')).subscribers.map((s) => s.email)).toEqual(['r1@paging.example', 'r2@paging.example']);
    expect((await list('q=paging.example&sort=email&direction=desc&pageSize=1')).subscribers.map((s) => s.email)).toEqual(['r5@paging.example']);

    const confirmed = await list('q=PAGING.example&status=confirmed');
    expect(confirmed.total).toBe(3);
    expect(confirmed.subscribers.every((s) => s.status === 'confirmed')).toBe(true);
    expect((await list('q=paging.example&status=pending')).subscribers.map((s) => s.email)).toEqual(['r5@paging.example', 'r4@paging.example']);
    // `%` and `_` typed in the search match themselves, not any text.
    expect((await list('q=%25')).total).toBe(0);
    expect((await list('q=r_%40paging')).total).toBe(0);
  });

  it('refuses unknown filters with the field named, and roles without subscribers.read', async () => {
    const bad = await get(admins.OWNER, '/api/admin/subscribers?status=gone');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: { status: expect.any(String) } });
    expect((await get(admins.OWNER, '/api/admin/subscribers?sort=password')).statusCode).toBe(400);
    expect((await get(admins.OWNER, '/api/admin/subscribers?role=OWNER')).statusCode).toBe(400);
    expect((await get(admins.OWNER, '/api/admin/subscribers')).statusCode).toBe(200);
    for (const role of ['FINANCE', 'COMPLIANCE'] as const) {
      expect((await get(admins[role], '/api/admin/subscribers')).statusCode).toBe(403);
      expect((await get(admins[role], '/api/admin/subscribers.csv')).statusCode).toBe(403);
    }
    expect((await get(undefined, '/api/admin/subscribers.csv')).statusCode).toBe(401);
  });
});

describe('the CSV export', () => {
  it('sends every matching row with a header, defuses formula cells and writes one audit row with the filters', async () => {
    at(30);
    const rows = [
      { email: '=hyperlink("http://evil.example")@csv.example', confirmedAt: clock.now() },
      { email: 'plain@csv.example', confirmedAt: clock.now() },
      { email: 'waiting@csv.example', confirmedAt: null },
    ];
    for (const row of rows) await ctx.database.db.insert(newsletterSubscribers).values({ ...row, createdAt: clock.now(), updatedAt: clock.now() });
    const auditBefore = (await auditRows('subscribers.export')).length;

    const res = await get(admins.OWNER, '/api/admin/subscribers.csv?status=confirmed&q=csv.example&sort=email&direction=asc');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="subscribers-${clock.now().toISOString().slice(0, 10)}.csv"`);
    expect(res.headers['cache-control']).toBe('no-store');
    const lines = res.body.replace(/^\uFEFF/, '').split('\r\n');
    const stamp = clock.now().toISOString();
    expect(lines).toEqual([
      'Email,Status,Signed up,Confirmed,Unsubscribed',
      `"'=hyperlink(""http://evil.example"")@csv.example",confirmed,${stamp},${stamp},`,
      `plain@csv.example,confirmed,${stamp},${stamp},`,
      '',
    ]);

    const audit = await auditRows('subscribers.export');
    expect(audit).toHaveLength(auditBefore + 1);
    expect(audit.at(-1)).toEqual({
      actor_role: 'OWNER',
      target_type: 'newsletterSubscribers',
      target_id: 'csv',
      before: null,
      after: { status: 'confirmed', q: 'csv.example', sort: 'email', direction: 'asc', rows: 2 },
    });

    // Refused exports write nothing.
    expect((await get(admins.OWNER, '/api/admin/subscribers.csv?status=nobody')).statusCode).toBe(400);
    expect((await get(admins.FINANCE, '/api/admin/subscribers.csv')).statusCode).toBe(403);
    expect(await auditRows('subscribers.export')).toHaveLength(auditBefore + 1);
  });

  it('exports every subscriber without filters, beyond one page', async () => {
    const total = (await list('')).total;
    const res = await get(admins.SUPPORT, '/api/admin/subscribers.csv');
    expect(res.statusCode).toBe(200);
    expect(res.body.trimEnd().split('\r\n')).toHaveLength(total + 1);
    expect((await auditRows('subscribers.export')).at(-1)).toMatchObject({ actor_role: 'SUPPORT', after: { status: null, q: null, sort: 'createdAt', direction: 'desc', rows: total } });
  });
});
