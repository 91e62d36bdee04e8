import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app';
import { added, asAdmin, makeAdmin, type SignedInAdmin } from '../admins/test/helpers';

/*
 * Reading the audit log: who by name, the filters' choices taken from the log, sort on the server,
 * and the CSV export with the same filters, which is itself written to the log.
 */

let ctx: TestContext;
let owner: SignedInAdmin;
let other: SignedInAdmin;
let invitedId = '';

beforeAll(async () => {
  ctx = await createTestApp();
  owner = await makeAdmin(ctx, 'OWNER', 'owner.exports@example.com', 'Olive');
  other = await makeAdmin(ctx, 'OWNER', 'other.owner@example.com', 'Otto');
  invitedId = (await asAdmin(ctx, owner.session).post('/api/admin/admins/invite', { email: 'new.support@example.com', role: 'SUPPORT' })).json().admin.id;
  await asAdmin(ctx, owner.session).post(`/api/admin/admins/${invitedId}/role`, { role: 'FINANCE' });
  await asAdmin(ctx, other.session).post('/api/admin/reference-codes', { code: 'EXPORT5', codeType: 'DISCOUNT', isPercent: true, amount: '5' });
});
afterAll(() => ctx.close());

const get = (url: string, session = owner.session) => asAdmin(ctx, session).get(url);
/** The CSV without its byte order mark, as records. */
const records = (body: string) => parse(body.replace(/^\uFEFF/, ''), { relax_column_count: false }) as string[][];

describe('the audit log', () => {
  it('names who acted, with their role and email', async () => {
    const { events } = (await get('/api/admin/audit')).json();
    expect(events[0]).toMatchObject({ actorUserId: other.id, actorName: 'Otto', actorEmail: other.email, actorRole: 'OWNER', action: 'referenceCode.create' });
  });

  it('offers the admins who acted, the actions and the target types as filter choices', async () => {
    const choices = (await get('/api/admin/audit/filters')).json();
    expect(choices.actors).toEqual([
      { id: owner.id, name: 'Olive', email: owner.email, role: 'OWNER' },
      { id: other.id, name: 'Otto', email: other.email, role: 'OWNER' },
    ]);
    expect(choices.actions).toEqual([
      { value: 'admin.invite', label: 'Admin invited' },
      { value: 'admin.changeRole', label: 'Admin role changed' },
      { value: 'referenceCode.create', label: 'Code created' },
    ]);
    expect(choices.targetTypes).toEqual([
      { value: 'admin', label: 'Admin' },
      { value: 'referenceCode', label: 'Reference code' },
    ]);
    expect((await get('/api/admin/audit/filters', (await makeAdmin(ctx, 'FINANCE', 'finance.reads@example.com')).session)).statusCode).toBe(403);
  });

  it('sorts on the server: oldest first, or by action', async () => {
    const oldest = (await get('/api/admin/audit?sortDirection=asc')).json().events.map((e: { action: string }) => e.action);
    expect(oldest).toEqual(['admin.invite', 'admin.changeRole', 'referenceCode.create']);
    const byAction = (await get('/api/admin/audit?sortBy=action&sortDirection=asc')).json().events.map((e: { action: string }) => e.action);
    expect(byAction).toEqual(['admin.changeRole', 'admin.invite', 'referenceCode.create']);
    expect((await get('/api/admin/audit?sortBy=actorUserId')).statusCode).toBe(400);
  });
});

describe('the CSV export', () => {
  it('has a header, one row per action with before and after as JSON, the filters of the page; and is itself audited', async () => {
    let body = '';
    const rows = await added(ctx, async () => {
      const res = await get(`/api/admin/audit.csv?targetType=admin&targetId=${invitedId}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="audit-\d{4}-\d{2}-\d{2}\.csv"$/);
      expect(res.headers['cache-control']).toBe('no-store');
      body = res.body;
    });
    const [header, ...lines] = records(body);
    expect(header).toEqual(['At (UTC)', 'Admin', 'Admin email', 'Admin id', 'Role', 'Action', 'Action name', 'Target type', 'Target id', 'Reason', 'Before', 'After', 'Request id']);
    expect(lines.map((line) => line[5])).toEqual(['admin.changeRole', 'admin.invite']);
    const change = lines[0]!;
    expect(change.slice(1, 9)).toEqual(['Olive', owner.email, owner.id, 'OWNER', 'admin.changeRole', 'Admin role changed', 'admin', invitedId]);
    expect(JSON.parse(change[10]!)).toEqual({ email: 'new.support@example.com', role: 'SUPPORT', status: 'invited' });
    expect(JSON.parse(change[11]!)).toEqual({ email: 'new.support@example.com', role: 'FINANCE', status: 'invited' });
    expect(lines[1]![10]).toBe('');

    expect(rows).toEqual([
      {
        actor_user_id: owner.id,
        actor_role: 'OWNER',
        action: 'audit.export',
        target_type: 'audit',
        target_id: 'csv',
        before: null,
        after: { filters: { targetType: 'admin', targetId: invitedId, sortBy: 'at', sortDirection: 'desc' }, rows: 2, truncated: false },
        reason: null,
      },
    ]);
  });

  it('filters by admin, action and period like the page', async () => {
    const byOther = records((await get(`/api/admin/audit.csv?actor=${other.id}`)).body).slice(1);
    expect(byOther.map((line) => line[5])).toEqual(['referenceCode.create']);
    const invites = records((await get('/api/admin/audit.csv?action=admin.invite')).body).slice(1);
    expect(invites).toHaveLength(1);
    const future = records((await get('/api/admin/audit.csv?from=2999-01-01T00:00:00Z')).body);
    expect(future).toHaveLength(1);
    // The exports so far are in the log, and in the next export.
    const exports = records((await get('/api/admin/audit.csv?action=audit.export')).body).slice(1);
    expect(exports.length).toBeGreaterThanOrEqual(4);
    expect((await get('/api/admin/audit.csv?page=2')).statusCode).toBe(400);
  });

  it('is refused to roles without audit.read, and writes nothing then', async () => {
    const finance = await makeAdmin(ctx, 'FINANCE', 'finance.exports@example.com');
    const rows = await added(ctx, async () => expect((await get('/api/admin/audit.csv', finance.session)).statusCode).toBe(403));
    expect(rows).toEqual([]);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/audit.csv' })).statusCode).toBe(401);
  });
});
