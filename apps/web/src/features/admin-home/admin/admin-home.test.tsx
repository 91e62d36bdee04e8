import type { AdminHome } from '@landunits/domain/contracts';
import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { deferred, json, mockApi } from '../../../test/api-mock';
import { renderApp, TEST_ADMIN } from '../../../test/render-app';

const HOME = 'GET /api/admin/home';
const RECONCILE = 'GET /api/admin/ledger/reconcile';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const queue = (key: string, label: string, path: string, count: number, ageMs: number | null) => ({
  key,
  label,
  path,
  count,
  oldestAt: ageMs === null ? null : new Date(Date.parse('2026-03-10T12:00:00Z') - ageMs).toISOString(),
  oldestAgeMs: ageMs,
});

const BUSY: AdminHome = {
  at: '2026-03-10T12:00:00.000Z',
  queues: [
    queue('emailChanges', 'Email changes to decide', '/admin/email-changes', 2, 3 * DAY),
    queue('payments', 'Payments to confirm', '/admin/orders', 1234, 5 * HOUR),
    queue('contactMessages', 'Contact messages to answer', '/admin/contact', 1, 20 * 60_000),
    queue('payouts', 'Payouts to make', '/admin/payouts', 0, null),
  ],
};

const support = { ...TEST_ADMIN, adminRole: 'SUPPORT' as const };

beforeAll(async () => {
  await import('../../../app/admin-pages');
});

describe('/admin home', () => {
  it('shows each waiting queue with its count and the age of its oldest item, in the server’s order, linked to its section', async () => {
    mockApi({ [HOME]: () => json(200, BUSY), [RECONCILE]: () => json(200, { ok: true, problems: [] }) });
    renderApp('/admin', { session: TEST_ADMIN });
    const list = await screen.findByRole('list', { name: 'Queues with items waiting, the longest wait first' });
    const cards = within(list).getAllByRole('link');
    expect(cards.map((c) => c.textContent)).toEqual(['2Email changes to decideoldest 3 days', '1,234Payments to confirmoldest 5 hours', '1Contact messages to answeroldest less than an hour']);
    expect(cards.map((c) => c.getAttribute('href'))).toEqual(['/admin/email-changes', '/admin/orders', '/admin/contact']);
    // Empty queues are named once, after the waiting ones.
    expect(screen.getByText(/Nothing waiting in/).textContent).toBe('Nothing waiting in payouts to make.');
  });

  it('says when nothing waits', async () => {
    mockApi({ [HOME]: () => json(200, { at: BUSY.at, queues: [queue('contactMessages', 'Contact messages to answer', '/admin/contact', 0, null)] }) });
    renderApp('/admin', { session: support });
    expect(await screen.findByRole('heading', { name: 'Nothing waiting' })).toBeTruthy();
    expect(screen.queryByRole('list', { name: /Queues with items waiting/ })).toBeNull();
  });

  it('shows that it is loading, then offers to try again when the queues cannot be read', async () => {
    const answer = deferred<Response>();
    let calls = 0;
    mockApi({ [HOME]: () => (++calls === 1 ? answer.promise : json(200, BUSY)) });
    const { user } = renderApp('/admin', { session: support });
    expect(await screen.findByText('Loading what is waiting…')).toBeTruthy();
    answer.resolve(json(500, { message: 'Something went wrong on our side.', code: 'INTERNAL' }));
    expect(await screen.findByRole('heading', { name: 'What is waiting could not be loaded' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /try again/i }));
    expect(await screen.findByRole('list', { name: 'Queues with items waiting, the longest wait first' })).toBeTruthy();
  });
});
