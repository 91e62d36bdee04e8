import { EMAIL_CHANGE_MESSAGES, type AdminEmailChangeDetail, type AdminEmailChangeItem } from '@landunits/domain/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '../../../test/api-mock';
import { setViewportWidth } from '../../../test/browser-shims';
import { renderApp, TEST_ADMIN } from '../../../test/render-app';

const NOW = new Date('2026-03-10T12:00:00Z');
const QUEUE = 'GET /api/admin/email-changes';

const item = (id: string, name: string, submittedAt: string): AdminEmailChangeItem => ({
  id,
  userId: `user-${id}`,
  name,
  currentEmail: `${name.split(' ')[0]!.toLowerCase()}@example.com`,
  newEmail: `${name.split(' ')[0]!.toLowerCase()}.new@example.com`,
  status: 'PendingAdminApproval',
  createdAt: submittedAt,
  submittedAt,
});

const ADA = item('a1', 'Ada Lovelace', '2026-03-07T09:00:00.000Z');
const ALAN = item('a2', 'Alan Turing', '2026-03-10T09:30:00.000Z');

const detail = (request: AdminEmailChangeItem): AdminEmailChangeDetail => ({
  request: {
    ...request,
    outcome: null,
    rejectionReason: null,
    internalNote: null,
    decidedAt: null,
    document: { filename: 'passport.png', contentType: 'image/png', size: 1234, url: `/api/admin/email-changes/${request.id}/document` },
  },
  history: [
    {
      id: request.id,
      status: 'PendingAdminApproval',
      outcome: null,
      newEmail: request.newEmail,
      oldEmail: null,
      rejectionReason: null,
      internalNote: null,
      createdAt: request.createdAt,
      updatedAt: request.submittedAt,
      decidedAt: null,
    },
  ],
});

beforeAll(async () => {
  await import('../../../app/admin-pages');
});

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});

afterEach(() => {
  vi.useRealTimers();
  setViewportWidth(1440);
});

async function openSection(handlers: Parameters<typeof mockApi>[0], session = TEST_ADMIN) {
  const api = mockApi({ [QUEUE]: () => json(200, { requests: [ADA, ALAN] }), 'GET /api/admin/ledger/reconcile': () => json(200, { ok: true, problems: [] }), ...handlers });
  const view = renderApp('/admin/email-changes', { session });
  return { api, ...view };
}

describe('/admin/email-changes', () => {
  it('lists the requests oldest first with how long each has waited', async () => {
    await openSection({});
    expect(await screen.findByRole('heading', { level: 2, name: 'Email change requests (2)' })).toBeTruthy();
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.querySelector('th')?.textContent)).toEqual(['Ada Lovelace', 'Alan Turing']);
    expect(within(rows[0]!).getByText('3 days')).toBeTruthy();
    expect(within(rows[1]!).getByText('2 hours')).toBeTruthy();
    expect(within(rows[0]!).getByText('ada.new@example.com')).toBeTruthy();
  });

  it('shows cards under 992 px (a tablet held upright too)', async () => {
    setViewportWidth(768);
    await openSection({});
    const cards = await screen.findByRole('list', { name: 'Email change requests' });
    expect(within(cards).getAllByRole('article')).toHaveLength(2);
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says when nothing is waiting', async () => {
    await openSection({ [QUEUE]: () => json(200, { requests: [] }) });
    expect(await screen.findByRole('heading', { name: 'No requests waiting' })).toBeTruthy();
  });

  it('opens a request with its document, and rejects it with a required reason', async () => {
    const { api, user } = await openSection({
      'GET /api/admin/email-changes/a1': () => json(200, detail(ADA)),
      'POST /api/admin/email-changes/a1/reject': () => json(200, { message: EMAIL_CHANGE_MESSAGES.rejected, request: { ...detail(ADA).request, outcome: 'Rejected', rejectionReason: 'Blurry.' } }),
    });
    await user.click(await screen.findByRole('button', { name: 'Review the request of Ada Lovelace' }));
    const panel = await screen.findByRole('region', { name: 'Request details' });
    expect((await within(panel).findByRole('link', { name: 'passport.png' })).getAttribute('href')).toBe('/api/admin/email-changes/a1/document');

    await user.click(within(panel).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject this email change?' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject the request' }));
    expect(await within(dialog).findByText(EMAIL_CHANGE_MESSAGES.reasonRequired)).toBeTruthy();
    expect(api.callsTo('POST /api/admin/email-changes/a1/reject')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Reason (the person reads it)'), 'Blurry.');
    await user.type(within(dialog).getByLabelText('Internal note (optional, admins only)'), 'Photo too dark');
    await user.click(within(dialog).getByRole('button', { name: 'Reject the request' }));
    await waitFor(() => expect(api.callsTo('POST /api/admin/email-changes/a1/reject').map((c) => c.body)).toEqual([{ reason: 'Blurry.', internalNote: 'Photo too dark' }]));
    expect(await screen.findByText(EMAIL_CHANGE_MESSAGES.rejected)).toBeTruthy();
  });

  it('approves a request, and shows a conflict in the dialog', async () => {
    const { api, user } = await openSection({
      'GET /api/admin/email-changes/a2': () => json(200, detail(ALAN)),
      'POST /api/admin/email-changes/a2/approve': () => json(409, { message: EMAIL_CHANGE_MESSAGES.addressTaken, code: 'CONFLICT' }),
    });
    await user.click(await screen.findByRole('button', { name: 'Review the request of Alan Turing' }));
    const panel = await screen.findByRole('region', { name: 'Request details' });
    await user.click(await within(panel).findByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve this email change?' });
    await user.click(within(dialog).getByRole('button', { name: 'Approve the change' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(EMAIL_CHANGE_MESSAGES.addressTaken);
    expect(api.callsTo('POST /api/admin/email-changes/a2/approve').map((c) => c.body)).toEqual([{}]);
  });

  it('is offered to COMPLIANCE and not to FINANCE', async () => {
    mockApi({
      [QUEUE]: () => json(200, { requests: [] }),
      'GET /api/admin/home': () => json(200, { queues: [], at: NOW.toISOString() }),
      'GET /api/admin/orders?page=1&pageSize=20': () => json(200, { orders: [], total: 0, page: 1, pageSize: 20 }),
      'GET /api/admin/ledger/reconcile': () => json(200, { ok: true, problems: [] }),
    });
    const compliance = renderApp('/admin', { session: { ...TEST_ADMIN, adminRole: 'COMPLIANCE' } });
    const nav = await screen.findByRole('navigation', { name: 'Administration sections' });
    expect(within(nav).getByRole('link', { name: 'Email changes' })).toBeTruthy();
    compliance.unmount();
    renderApp('/admin', { session: { ...TEST_ADMIN, adminRole: 'FINANCE' } });
    const financeNav = await screen.findByRole('navigation', { name: 'Administration sections' });
    expect(within(financeNav).queryByRole('link', { name: 'Email changes' })).toBeNull();
  });
});
