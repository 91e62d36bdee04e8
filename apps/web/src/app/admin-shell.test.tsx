import type { AdminRole } from '@landunits/domain';
import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { json, mockApi } from '../test/api-mock';
import { renderApp, TEST_ADMIN, TEST_USER } from '../test/render-app';

const ORDERS = 'GET /api/admin/orders?page=1&pageSize=20';
const RECONCILE = 'GET /api/admin/ledger/reconcile';
const CODES = 'GET /api/admin/reference-codes?page=1&pageSize=20';
const AUDIT = 'GET /api/admin/audit?page=1&pageSize=25&sortBy=at&sortDirection=desc';
const USERS = 'GET /api/admin/users?sort=createdAt&direction=desc&page=1&pageSize=25';
const NEWS = 'GET /api/admin/site/news?page=1&pageSize=20&sort=publishedAt&dir=desc';
const NEWS_CATEGORIES = 'GET /api/admin/site/news-categories?pageSize=100';
const empty = { total: 0, page: 1, pageSize: 20 };
const HOME = 'GET /api/admin/home';
const handlers = {
  [HOME]: () => json(200, { queues: [], at: '2026-11-20T10:00:00.000Z' }),
  [ORDERS]: () => json(200, { orders: [], ...empty }),
  [RECONCILE]: () => json(200, { ok: true, problems: [] }),
  [CODES]: () => json(200, { codes: [], ...empty }),
  [USERS]: () => json(200, { users: [], total: 0, page: 1, pageSize: 25, masked: true }),
  [NEWS]: () => json(200, { items: [], ...empty }),
  [NEWS_CATEGORIES]: () => json(200, { categories: [], ...empty }),
  [AUDIT]: () =>
    json(200, {
      events: [
        {
          id: 'e1',
          actorUserId: '0f6c1a52-1111-4222-8333-944455556666',
          actorRole: 'FINANCE',
          actorName: 'Fay Finance',
          actorEmail: 'fay@example.com',
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
  'GET /api/admin/audit/filters': () => json(200, { actors: [], actions: [], targetTypes: [] }),
};

const as = (adminRole: AdminRole) => ({ ...TEST_ADMIN, adminRole });
const navLinks = async () =>
  within(await screen.findByRole('navigation', { name: 'Administration sections' }))
    .getAllByRole('link')
    .map((l) => l.textContent);

beforeAll(async () => {
  await import('./admin-pages');
});

describe('the admin area', () => {
  it('shows an OWNER the home and every section', async () => {
    mockApi(handlers);
    const { location } = renderApp('/admin', { session: as('OWNER') });
    expect(await navLinks()).toEqual([
      'Home',
      'Orders',
      'Payouts',
      'Verifications',
      'Email changes',
      'Contact messages',
      'Live chat',
      'Users',
      'Subscribers',
      'Admins',
      'Reference codes',
      'Money settings',
      'Payment details',
      'News',
      'News categories',
      'Team',
      'Agents',
      'Questions',
      'Votes',
      'Quizzes',
      'Ideas',
      'Projects',
      'Integrations',
      'Audit log',
      'Job queue',
    ]);
    await screen.findByRole('heading', { name: 'Waiting for you' });
    expect(location.current).toBe('/admin');
    expect(screen.getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBe('page');
    // The ledger check is on the orders page, not the home.
    expect(screen.queryByRole('region', { name: 'Ledger check' })).toBeNull();
  });

  it('shows FINANCE the orders, users and codes, not the audit log', async () => {
    mockApi(handlers);
    renderApp('/admin', { session: as('FINANCE') });
    expect(await navLinks()).toEqual(['Home', 'Orders', 'Payouts', 'Users', 'Reference codes', 'Money settings', 'Payment details']);
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

  it('gives SUPPORT the contact messages and subscribers: no ledger check, 403 on the orders', async () => {
    const api = mockApi(handlers);
    const { unmount } = renderApp('/admin', { session: as('SUPPORT') });
    expect(await navLinks()).toEqual(['Home', 'Contact messages', 'Live chat', 'Users', 'Subscribers', 'News', 'News categories', 'Team', 'Questions', 'Votes', 'Quizzes', 'Ideas', 'Projects']);
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
});
