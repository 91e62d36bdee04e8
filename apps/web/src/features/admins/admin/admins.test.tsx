import { ADMINS_MESSAGES, MESSAGES } from '@landunits/domain';
import type { AdminListItem } from '@landunits/domain/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { json, mockApi } from '../../../test/api-mock';
import { setViewportWidth } from '../../../test/browser-shims';
import { renderApp, TEST_ADMIN } from '../../../test/render-app';

const LIST = 'GET /api/admin/admins?page=1&pageSize=20&sortBy=name&sortDirection=asc';

const admin = (over: Partial<AdminListItem>): AdminListItem => ({
  id: 'a1',
  email: 'olive@example.com',
  name: 'Olive Owner',
  role: 'OWNER',
  status: 'active',
  invitationExpiresAt: null,
  lastSignInAt: '2026-11-20T09:30:00.000Z',
  createdAt: '2026-01-01T00:00:00.000Z',
  you: false,
  ...over,
});

const ME = admin({ id: 'me', email: 'admin@example.com', name: 'Ada Admin', you: true });
const SAM = admin({ id: 'sam', email: 'sam@example.com', name: 'Sam Support', role: 'SUPPORT' });
const NEW = admin({ id: 'new', email: 'new@example.com', name: '', role: 'FINANCE', status: 'invited', invitationExpiresAt: '2026-11-23T09:30:00.000Z', lastSignInAt: null });
const list = (admins: AdminListItem[]) => json(200, { admins, total: admins.length, page: 1, pageSize: 20 });

beforeAll(async () => {
  await import('../../../app/admin-pages');
});
afterEach(() => setViewportWidth(1440));

function open(handlers: Parameters<typeof mockApi>[0] = {}, path = '/admin/admins') {
  const api = mockApi({ [LIST]: () => list([ME, SAM, NEW]), 'GET /api/admin/ledger/reconcile': () => json(200, { ok: true, problems: [] }), ...handlers });
  return { api, ...renderApp(path, { session: TEST_ADMIN }) };
}

const rowOf = async (name: string) => (await screen.findByRole('rowheader', { name })).closest('tr') as HTMLElement;

describe('/admin/admins', () => {
  it('lists the admins with role, status and last sign-in; your own row has no role controls', async () => {
    open();
    expect(await screen.findByRole('heading', { level: 2, name: 'Admins (3)' })).toBeTruthy();
    const mine = await rowOf('Ada Admin (you)');
    expect(within(mine).queryByRole('button')).toBeNull();
    expect(within(mine).getByRole('link', { name: 'Audit log of Ada Admin' }).getAttribute('href')).toBe('/admin/audit?targetType=admin&targetId=me');
    const sam = await rowOf('Sam Support');
    expect(
      within(sam)
        .getAllByRole('cell')
        .slice(0, 4)
        .map((c) => c.textContent),
    ).toEqual(['sam@example.com', 'Support', 'Active', '20 Nov 2026, 09:30 UTC']);
    expect(within(sam).getByRole('button', { name: 'Change role of Sam Support' })).toBeTruthy();
    expect(within(sam).getByRole('button', { name: 'Remove Sam Support' })).toBeTruthy();
    const invited = await rowOf('No name yet');
    expect(within(invited).getByText('Link valid until 23 Nov 2026, 09:30 UTC')).toBeTruthy();
    expect(within(invited).getByRole('button', { name: 'Send again to new@example.com' })).toBeTruthy();
    expect(within(invited).getByRole('button', { name: 'Cancel invitation to new@example.com' })).toBeTruthy();
  });

  it('invites with the shared schema’s messages, then sends the email and role', async () => {
    const { api, user } = open({ 'POST /api/admin/admins/invite': () => json(201, { message: ADMINS_MESSAGES.invited, admin: NEW }) });
    await user.click(await screen.findByRole('button', { name: 'Invite an admin' }));
    const dialog = screen.getByRole('dialog', { name: 'Invite an admin' });
    await user.type(within(dialog).getByLabelText('Email'), 'nope');
    await user.click(within(dialog).getByRole('button', { name: 'Send the invitation' }));
    expect(within(dialog).getByText(MESSAGES.emailMin)).toBeTruthy();
    expect(within(dialog).getByText(ADMINS_MESSAGES.roleRequired)).toBeTruthy();
    await user.clear(within(dialog).getByLabelText('Email'));
    await user.type(within(dialog).getByLabelText('Email'), 'New@Example.com');
    await user.selectOptions(within(dialog).getByLabelText('Role'), 'Finance');
    expect(within(dialog).getByText('Payments, payouts, money settings and reference codes.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Send the invitation' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('POST /api/admin/admins/invite').map((c) => c.body)).toEqual([{ email: 'new@example.com', role: 'FINANCE' }]);
    expect(await screen.findByText(ADMINS_MESSAGES.invited)).toBeTruthy();
  });

  it('shows a refused invitation in the dialog', async () => {
    const { user } = open({ 'POST /api/admin/admins/invite': () => json(409, { code: 'CONFLICT', message: ADMINS_MESSAGES.customerAccount }) });
    await user.click(await screen.findByRole('button', { name: 'Invite an admin' }));
    const dialog = screen.getByRole('dialog', { name: 'Invite an admin' });
    await user.type(within(dialog).getByLabelText('Email'), 'customer@example.com');
    await user.selectOptions(within(dialog).getByLabelText('Role'), 'Support');
    await user.click(within(dialog).getByRole('button', { name: 'Send the invitation' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(ADMINS_MESSAGES.customerAccount);
  });

  it('changes a role after choosing it in a dialog', async () => {
    const { api, user } = open({ 'POST /api/admin/admins/sam/role': () => json(200, { message: ADMINS_MESSAGES.roleChanged, admin: { ...SAM, role: 'COMPLIANCE' } }) });
    await user.click(within(await rowOf('Sam Support')).getByRole('button', { name: 'Change role of Sam Support' }));
    const dialog = screen.getByRole('dialog', { name: 'Change the role' });
    expect(within(dialog).getByRole('option', { name: 'Support (current)' })).toBeTruthy();
    await user.selectOptions(within(dialog).getByLabelText('New role'), 'Compliance');
    await user.click(within(dialog).getByRole('button', { name: 'Change the role' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('POST /api/admin/admins/sam/role').map((c) => c.body)).toEqual([{ role: 'COMPLIANCE' }]);
  });

  it('removes an admin only after the confirmation; the focus starts on Cancel', async () => {
    const { api, user } = open({ 'POST /api/admin/admins/sam/remove': () => json(200, { message: ADMINS_MESSAGES.removed }) });
    await user.click(within(await rowOf('Sam Support')).getByRole('button', { name: 'Remove Sam Support' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove this admin?' });
    expect(within(dialog).getByText(/signed out everywhere at once/)).toBeTruthy();
    expect(document.activeElement?.textContent).toBe('Cancel');
    expect(api.callsTo('POST /api/admin/admins/sam/remove')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Remove the admin' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('POST /api/admin/admins/sam/remove')).toHaveLength(1);
  });

  it('searches, filters and sorts on the server, from the address', async () => {
    const FILTERED = 'GET /api/admin/admins?page=1&pageSize=20&q=sam&role=SUPPORT&status=active&sortBy=lastSignInAt&sortDirection=desc';
    const { api, user, location } = open({ [FILTERED]: () => list([SAM]) });
    const filters = await screen.findByRole('search', { name: 'Admin filters' });
    await user.type(within(filters).getByLabelText('Name or email'), 'sam');
    await user.selectOptions(within(filters).getByLabelText('Role'), 'Support');
    await user.selectOptions(within(filters).getByLabelText('Status'), 'Active');
    await user.selectOptions(within(filters).getByLabelText('Sort'), 'Last sign-in, newest first');
    await user.click(within(filters).getByRole('button', { name: 'Show' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Admins (1)' })).toBeTruthy();
    expect(api.callsTo(FILTERED)).toHaveLength(1);
    expect(location.current).toBe('/admin/admins?q=sam&role=SUPPORT&status=active&sort=lastSignInAt-desc');
  });

  it('shows cards under 768 px', async () => {
    setViewportWidth(360);
    open();
    const cards = await screen.findByRole('list', { name: 'Admins' });
    expect(within(cards).getAllByRole('article')).toHaveLength(3);
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('is an owner’s section: other roles get 403 and no request is made', async () => {
    const api = mockApi({});
    renderApp('/admin/admins', { session: { ...TEST_ADMIN, adminRole: 'FINANCE' } });
    expect(await screen.findByRole('heading', { level: 1, name: 'You do not have access to this page' })).toBeTruthy();
    expect(api.callsTo(LIST)).toEqual([]);
  });
});
