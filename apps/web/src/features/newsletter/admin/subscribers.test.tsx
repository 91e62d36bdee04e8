import type { Subscriber, SubscribersPage } from '@landunits/domain/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { json, mockApi } from '../../../test/api-mock';
import { setViewportWidth } from '../../../test/browser-shims';
import { renderApp, TEST_ADMIN } from '../../../test/render-app';

const FIRST = 'GET /api/admin/subscribers?page=1&pageSize=25&sort=createdAt&direction=desc';
const support = { ...TEST_ADMIN, adminRole: 'SUPPORT' as const };

const reader = (id: number, email: string, status: Subscriber['status']): Subscriber => ({
  id,
  email,
  status,
  createdAt: '2026-02-01T10:00:00.000Z',
  confirmedAt: status === 'pending' ? null : '2026-02-02T10:00:00.000Z',
  unsubscribedAt: status === 'unsubscribed' ? '2026-03-01T10:00:00.000Z' : null,
});

const page = (subscribers: Subscriber[], total = subscribers.length, pageNumber = 1): SubscribersPage => ({
  subscribers,
  counts: { confirmed: 40, pending: 3, unsubscribed: 7 },
  total,
  page: pageNumber,
  pageSize: 25,
});

const ROWS = [reader(1, 'ada@example.com', 'confirmed'), reader(2, 'alan@example.com', 'pending'), reader(3, 'grace@example.com', 'unsubscribed')];

beforeAll(async () => {
  await import('../../../app/admin-pages');
});

afterEach(() => setViewportWidth(1440));

describe('/admin/subscribers', () => {
  it('lists subscribers with their status and dates, and the counts of each status', async () => {
    mockApi({ [FIRST]: () => json(200, page(ROWS, 50)) });
    renderApp('/admin/subscribers', { session: support });
    const row = (await screen.findByRole('rowheader', { name: 'grace@example.com' })).closest('tr') as HTMLElement;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Unsubscribed', '01 Feb 2026', '02 Feb 2026', '01 Mar 2026']);
    const statuses = screen.getByRole('group', { name: 'Subscriber status' });
    expect(
      within(statuses)
        .getAllByRole('button')
        .map((b) => [b.textContent, b.getAttribute('aria-pressed')]),
    ).toEqual([
      ['All50', 'true'],
      ['Confirmed40', 'false'],
      ['Pending3', 'false'],
      ['Unsubscribed7', 'false'],
    ]);
    expect(screen.getByText('Showing 1–25 of 50')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download CSV (50 rows)' }).getAttribute('href')).toBe('/api/admin/subscribers.csv?sort=createdAt&direction=desc');
  });

  it('asks the server for each status, search, sort and page, and downloads the same selection', async () => {
    const CONFIRMED = 'GET /api/admin/subscribers?page=1&pageSize=25&status=confirmed&sort=createdAt&direction=desc';
    const SEARCHED = 'GET /api/admin/subscribers?page=1&pageSize=25&status=confirmed&q=ada&sort=email&direction=asc';
    const SECOND = 'GET /api/admin/subscribers?page=2&pageSize=25&status=confirmed&q=ada&sort=email&direction=asc';
    const api = mockApi({
      [FIRST]: () => json(200, page(ROWS, 50)),
      [CONFIRMED]: () => json(200, page([ROWS[0]!], 40)),
      [SEARCHED]: () => json(200, page([ROWS[0]!], 30)),
      [SECOND]: () => json(200, page([reader(9, 'ada.b@example.com', 'confirmed')], 30, 2)),
    });
    const { user } = renderApp('/admin/subscribers', { session: support });
    await screen.findByRole('rowheader', { name: 'grace@example.com' });
    await user.click(screen.getByRole('button', { name: /^Confirmed/ }));
    await waitFor(() => expect(api.callsTo(CONFIRMED)).toHaveLength(1));

    const search = screen.getByRole('search', { name: 'Search subscribers' });
    await user.type(within(search).getByLabelText('Email contains'), 'ada');
    await user.selectOptions(within(search).getByLabelText('Sort'), 'Email A–Z');
    await waitFor(() => expect(api.callsTo(SEARCHED)).toHaveLength(1));
    expect(screen.getByRole('link', { name: /Download CSV/ }).getAttribute('href')).toBe('/api/admin/subscribers.csv?status=confirmed&q=ada&sort=email&direction=asc');

    await user.click(await screen.findByRole('button', { name: 'Next page' }));
    expect(await screen.findByRole('rowheader', { name: 'ada.b@example.com' })).toBeTruthy();
    expect(api.callsTo(SECOND)).toHaveLength(1);
  });

  it('says when no subscriber matches, and shows cards under 768 px', async () => {
    mockApi({ [FIRST]: () => json(200, page([], 0)) });
    const view = renderApp('/admin/subscribers', { session: support });
    expect(await screen.findByRole('heading', { name: 'No subscribers match' })).toBeTruthy();
    view.unmount();

    setViewportWidth(360);
    mockApi({ [FIRST]: () => json(200, page(ROWS)) });
    renderApp('/admin/subscribers', { session: support });
    const cards = await screen.findByRole('list', { name: 'Subscribers' });
    expect(within(cards).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('is not offered to FINANCE', async () => {
    mockApi({});
    renderApp('/admin/subscribers', { session: { ...TEST_ADMIN, adminRole: 'FINANCE' } });
    expect(await screen.findByRole('heading', { level: 1, name: 'You do not have access to this page' })).toBeTruthy();
  });
});
