import type { AuditEvent } from '@landunits/domain/contracts';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { json, mockApi } from '../../../test/api-mock';
import { setViewportWidth } from '../../../test/browser-shims';
import { renderApp, TEST_ADMIN } from '../../../test/render-app';
import { diffLines } from './audit-diff';
import * as styles from './audit.module.css';

const FIRST_PAGE = 'GET /api/admin/audit?page=1&pageSize=25&sortBy=at&sortDirection=desc';
const CHOICES = 'GET /api/admin/audit/filters';
const OLIVE = '11111111-1111-4111-8111-111111111111';

const event = (over: Partial<AuditEvent>): AuditEvent => ({
  id: 'e1',
  actorUserId: OLIVE,
  actorRole: 'OWNER',
  actorName: 'Olive Owner',
  actorEmail: 'olive@example.com',
  at: '2026-11-20T09:30:00.000Z',
  action: 'admin.changeRole',
  targetType: 'admin',
  targetId: 'a-42',
  before: { email: 'sam@example.com', role: 'SUPPORT', status: 'active' },
  after: { email: 'sam@example.com', role: 'FINANCE', status: 'active' },
  reason: null,
  requestId: 'r1',
  ...over,
});

const ROLE_CHANGE = event({});
const LONG = event({
  id: 'e2',
  at: '2026-11-19T08:00:00.000Z',
  action: 'order.transition',
  targetType: 'order',
  targetId: 'LU-1',
  reason: 'Payment arrived',
  before: null,
  after: { note: 'x'.repeat(80), orderStatus: 'Approved' },
});
const page = (events: AuditEvent[]) => json(200, { events, total: events.length, page: 1, pageSize: 25 });
const choices = {
  actors: [
    { id: OLIVE, name: 'Olive Owner', email: 'olive@example.com', role: 'OWNER' },
    { id: '22222222-2222-4222-8222-222222222222', name: 'Fay Finance', email: 'fay@example.com', role: null },
  ],
  actions: [{ value: 'admin.changeRole', label: 'Admin role changed' }],
  targetTypes: [{ value: 'admin', label: 'Admin' }],
};

beforeAll(async () => {
  await import('../../../app/admin-pages');
});
afterEach(() => setViewportWidth(1440));

function open(path = '/admin/audit', handlers: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({
    [FIRST_PAGE]: () => page([ROLE_CHANGE, LONG]),
    [CHOICES]: () => json(200, choices),
    'GET /api/admin/ledger/reconcile': () => json(200, { ok: true, problems: [] }),
    ...handlers,
  });
  return { api, ...renderApp(path, { session: TEST_ADMIN }) };
}

describe('/admin/audit', () => {
  it('shows who (name and role), when, the action, the target, the reason and what changed', async () => {
    open();
    const row = (await screen.findByRole('rowheader', { name: '20 Nov 2026, 09:30 UTC' })).closest('tr') as HTMLElement;
    const cells = within(row).getAllByRole('cell');
    expect(cells[0]!.textContent).toBe('Olive OwnerOwner · olive@example.com');
    expect(cells[1]!.textContent).toBe('Admin role changed');
    expect(cells[2]!.textContent).toBe('Admin a-42');
    const changed = within(cells[3]!).getByRole('list', { name: 'Changed' });
    expect(
      within(changed)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['rolebefore: SUPPORT → , after: FINANCE']);
    expect(within(changed).getByRole('listitem').className).toContain(styles.auditDiffLineChanged);
    // The unchanged keys fold away.
    expect(within(cells[3]!).getByText('2 unchanged')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Audit log (2)' })).toBeTruthy();
  });

  it('folds long values and says when there was nothing before; shows the reason', async () => {
    open();
    const row = (await screen.findByText('Payment arrived', { exact: false })).closest('tr') as HTMLElement;
    expect(within(row).getByText('New: nothing before')).toBeTruthy();
    const long = within(row).getByText(`${'x'.repeat(40)}…`);
    expect(long.tagName).toBe('SUMMARY');
    expect(long.closest('details')?.querySelector('pre')?.textContent).toBe('x'.repeat(80));
  });

  it('filters by an admin chosen by name, an action, a target and a period; the address and the CSV link follow', async () => {
    const FILTERED = `GET /api/admin/audit?page=1&pageSize=25&actor=${OLIVE}&action=admin.changeRole&targetType=admin&targetId=a-42&from=2026-11-01T00%3A00%3A00Z&to=2026-12-01T00%3A00%3A00.000Z&sortBy=at&sortDirection=asc`;
    const { api, user, location } = open('/admin/audit', { [FILTERED]: () => page([ROLE_CHANGE]) });
    const filters = await screen.findByRole('search', { name: 'Audit log filters' });
    await screen.findByRole('option', { name: 'Olive Owner (olive@example.com), Owner' });
    expect(within(filters).getByRole('option', { name: 'Fay Finance (fay@example.com)' })).toBeTruthy();
    await user.selectOptions(within(filters).getByLabelText('Admin'), 'Olive Owner (olive@example.com), Owner');
    await user.selectOptions(within(filters).getByLabelText('Action'), 'Admin role changed');
    await user.selectOptions(within(filters).getByLabelText('Target'), 'Admin');
    await user.type(within(filters).getByLabelText('Target id'), 'a-42');
    await user.type(within(filters).getByLabelText('From'), '2026-11-01');
    await user.type(within(filters).getByLabelText('To'), '2026-11-30');
    await user.selectOptions(within(filters).getByLabelText('Order'), 'Oldest first');
    await user.click(within(filters).getByRole('button', { name: 'Show' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Audit log (1)' })).toBeTruthy();
    expect(api.callsTo(FILTERED)).toHaveLength(1);
    expect(location.current).toBe(`/admin/audit?actor=${OLIVE}&action=admin.changeRole&targetType=admin&targetId=a-42&from=2026-11-01&to=2026-11-30&sort=at-asc`);
    const csv = screen.getByRole('link', { name: /Download CSV/ });
    expect(csv.getAttribute('href')).toBe(FILTERED.replace('GET /api/admin/audit?page=1&pageSize=25&', '/api/admin/audit.csv?'));
  });

  it('opens with the filters of a shared link and pages on the server', async () => {
    const TARGET = 'GET /api/admin/audit?page=2&pageSize=25&targetType=admin&targetId=a-42&sortBy=at&sortDirection=desc';
    const { api } = open('/admin/audit?targetType=admin&targetId=a-42&page=2', { [TARGET]: () => json(200, { events: [ROLE_CHANGE], total: 26, page: 2, pageSize: 25 }) });
    expect(await screen.findByText('Showing 26–26 of 26')).toBeTruthy();
    expect(api.callsTo(TARGET)).toHaveLength(1);
    expect((screen.getByLabelText('Target id') as HTMLInputElement).value).toBe('a-42');
  });

  it('shows the actions as cards under 768 px', async () => {
    setViewportWidth(360);
    open();
    const cards = await screen.findByRole('list', { name: 'Admin actions' });
    expect(
      within(cards)
        .getAllByRole('article')
        .map((a) => within(a).getByRole('heading').textContent),
    ).toEqual(['Admin role changed', 'Order decision']);
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says when there is nothing yet', async () => {
    open('/admin/audit', { [FIRST_PAGE]: () => page([]) });
    expect(await screen.findByRole('heading', { name: 'No admin actions yet' })).toBeTruthy();
  });

  it('offers a retry when the log cannot be loaded', async () => {
    open('/admin/audit', { [FIRST_PAGE]: () => json(500, { code: 'INTERNAL', message: 'Something went wrong on our side.' }) });
    expect(await screen.findByRole('heading', { name: 'The audit log could not be loaded' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Try again/ })).toBeTruthy();
  });
});

describe('diffLines', () => {
  it('marks the changed keys of both sides; a plain value is one line', () => {
    expect(diffLines({ a: 1, b: 2 }, { a: 1, b: 3, c: 4 })).toEqual([
      { key: 'a', before: 1, after: 1, changed: false },
      { key: 'b', before: 2, after: 3, changed: true },
      { key: 'c', before: undefined, after: 4, changed: true },
    ]);
    expect(diffLines(null, { a: 1 })).toEqual([{ key: 'a', before: undefined, after: 1, changed: true }]);
    expect(diffLines('x', 'y')).toEqual([{ key: 'value', before: 'x', after: 'y', changed: true }]);
    expect(diffLines(null, null)).toEqual([]);
  });
});
