import type { AdminRole } from '@landunits/domain';
import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { json, mockApi } from '../../test/api-mock';
import { renderApp, TEST_ADMIN, TEST_USER } from '../../test/render-app';

const ORDERS = 'GET /api/admin/orders?page=1&pageSize=20';
const RECONCILE = 'GET /api/admin/ledger/reconcile';
const CODES = 'GET /api/admin/reference-codes?page=1&pageSize=20';
const AUDIT = 'GET /api/admin/audit?page=1&pageSize=25';
const empty = { total: 0, page: 1, pageSize: 20 };
const handlers = {
  [ORDERS]: () => json(200, { orders: [], ...empty }),
  [RECONCILE]: () => json(200, { ok: true, problems: [] }),
  [CODES]: () => json(200, { codes: [], ...empty }),
  [AUDIT]: () =>
    json(200, {
      events: [
        {
          id: 'e1',
          actorUserId: '0f6c1a52-1111-4222-8333-944455556666',
          actorRole: 'FINANCE',
          at: '2026-11-20T09:30:00.000Z',
          action: 'order.transition',
          targetType: 'order',
          targetId: 'LU-ABC123',
          before: { orderStatus: 'PaymentSent' },
          after: { orderStatus: 'Approved' },
          reason: 'Payment arrived',
          requestId: 'r1',
        },
      ],
      total: 1,
      page: 1,
      pageSize: 25,
    }),
};

const as = (adminRole: AdminRole) => ({ ...TEST_ADMIN, adminRole });
const navLinks = async () => within(await screen.findByRole('navigation', { name: 'Administration sections' })).getAllByRole('link').map((l) => l.textContent);

beforeAll(async () => {
  await import('./admin-pages');
});

describe('the admin area', () => {
  it('shows an OWNER every section and opens the first one', async () => {
    mockApi(handlers);
    const { location } = renderApp('/admin', { session: as('OWNER') });
    expect(await navLinks()).toEqual(['Orders', 'Verifications', 'Email changes', 'Reference codes', 'Money settings', 'Payment details', 'Audit log']);
    await screen.findByRole('heading', { name: 'Nothing is waiting for you' });
    expect(location.current).toBe('/admin/orders');
    expect(screen.getByRole('region', { name: 'Ledger check' })).toBeTruthy();
  });

  it('shows FINANCE the orders and codes, not the audit log', async () => {
    mockApi(handlers);
    renderApp('/admin', { session: as('FINANCE') });
    expect(await navLinks()).toEqual(['Orders', 'Reference codes', 'Money settings', 'Payment details']);
  });

  it('answers 403 for a section the role does not allow, reached by its address, with the way back', async () => {
    const api = mockApi(handlers);
    renderApp('/admin/audit', { session: as('FINANCE') });
    expect(await screen.findByRole('heading', { level: 1, name: 'You do not have access to this page' })).toBeTruthy();
    expect(screen.getByText(/Your admin role does not include this section/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the administration' }).getAttribute('href')).toBe('/admin');
    expect(document.title).toBe('Access denied | Land Units');
    expect(api.callsTo(AUDIT)).toEqual([]);
  });

  it('gives SUPPORT none of today’s sections: no navigation, no ledger check, 403 on the orders', async () => {
    const api = mockApi(handlers);
    const { unmount } = renderApp('/admin', { session: as('SUPPORT') });
    expect(await screen.findByRole('heading', { name: 'No sections for your role yet' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Administration sections' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Ledger check' })).toBeNull();
    unmount();

    renderApp('/admin/orders', { session: as('SUPPORT') });
    expect(await screen.findByRole('heading', { level: 1, name: 'You do not have access to this page' })).toBeTruthy();
    expect(api.callsTo(ORDERS)).toEqual([]);
    expect(api.callsTo(RECONCILE)).toEqual([]);
  });

  it('keeps people who are not admins out of every admin address', async () => {
    mockApi(handlers);
    renderApp('/admin/codes', { session: TEST_USER });
    expect(await screen.findByRole('heading', { level: 1, name: 'You do not have access to this page' })).toBeTruthy();
    expect(screen.getByText(/only open to Land Units administrators/)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Go to the administration' })).toBeNull();
  });

  it('leads an old ?section= link to its section', async () => {
    mockApi(handlers);
    const { location } = renderApp('/admin?section=reference-codes', { session: as('FINANCE') });
    await screen.findByRole('heading', { name: 'No reference codes yet' });
    expect(location.current).toBe('/admin/codes');
  });

  it('lists the audit log for an OWNER: who, role, when, action, target and reason', async () => {
    mockApi(handlers);
    renderApp('/admin/audit', { session: as('OWNER') });
    const row = (await screen.findByRole('rowheader', { name: '2026-11-20 09:30 UTC' })).closest('tr') as HTMLElement;
    expect(within(row).getAllByRole('cell').map((c) => c.textContent)).toEqual(['0f6c1a52… (FINANCE)', 'Order decision', 'order LU-ABC123', 'Payment arrived']);
    expect(screen.getByRole('heading', { level: 2, name: 'Audit log (1)' })).toBeTruthy();
  });

  it('filters the audit log by action and period', async () => {
    const FILTERED = 'GET /api/admin/audit?page=1&pageSize=25&action=referenceCode.create&from=2026-11-01T00%3A00%3A00Z&to=2026-12-01T00%3A00%3A00.000Z';
    const api = mockApi({ ...handlers, [FILTERED]: () => json(200, { events: [], total: 0, page: 1, pageSize: 25 }) });
    const { user } = renderApp('/admin/audit', { session: as('OWNER') });
    const filters = await screen.findByRole('form', { name: 'Audit log filters' });
    await user.selectOptions(within(filters).getByLabelText('Action'), 'Code created');
    await user.type(within(filters).getByLabelText('From'), '2026-11-01');
    await user.type(within(filters).getByLabelText('To'), '2026-11-30');
    await user.click(within(filters).getByRole('button', { name: 'Show' }));
    expect(await screen.findByRole('heading', { name: 'No admin actions match' })).toBeTruthy();
    expect(api.callsTo(FILTERED)).toHaveLength(1);
  });
});
