import { DEFAULT_PAYMENT_DETAILS, PAYMENT_DETAILS_MESSAGES, SETTING_REQUEST_MESSAGES } from '@landunits/domain';
import type { PaymentDetailsAdmin, SettingChangeRequest } from '@landunits/domain/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { json, mockApi } from '../../../test/api-mock';
import { renderApp, TEST_ADMIN } from '../../../test/render-app';

const PAGE = 'GET /api/admin/payment-details?page=1';

const pending: SettingChangeRequest = {
  id: 'p1',
  key: 'payment-details',
  status: 'Pending',
  baseVersion: 0,
  changes: [
    { path: 'adminBankDetails.iban', before: 'GB33BUKB20201555555555', after: 'GB82WEST12345698765432' },
    { path: 'company.vatNumber', before: 'GB123456789', after: '' },
  ],
  reason: 'We moved to a new bank',
  proposedBy: { id: 'owner', name: 'Olive', email: 'olive@example.com' },
  proposedAt: '2026-11-21T09:00:00.000Z',
  decidedBy: null,
  decidedAt: null,
  decisionReason: null,
  supersededBy: null,
  pricesChange: false,
  pricesFrom: null,
  stale: false,
  yours: false,
  canApprove: true,
  canReject: true,
  canWithdraw: false,
};

const page = (over: Partial<PaymentDetailsAdmin> = {}): PaymentDetailsAdmin => ({
  current: DEFAULT_PAYMENT_DETAILS,
  version: 0,
  updatedAt: null,
  pending: [],
  history: [],
  total: 0,
  page: 1,
  pageSize: 10,
  ...over,
});

beforeAll(async () => {
  await import('../../../app/admin-pages');
});

function open(handlers: Parameters<typeof mockApi>[0] = {}, answer = page()) {
  const api = mockApi({ [PAGE]: () => json(200, answer), 'GET /api/admin/ledger/reconcile': () => json(200, { ok: true, problems: [] }), ...handlers });
  return { api, ...renderApp('/admin/payment-details', { session: TEST_ADMIN }) };
}

describe('/admin/payment-details', () => {
  it('shows a pending change to the approver as before → after, value by value', async () => {
    open({}, page({ pending: [pending] }));
    const card = await screen.findByRole('article', { name: 'Proposed by Olive' });
    const rows = within(card).getAllByRole('row').slice(1);
    expect(rows.map((row) => [...row.children].map((cell) => cell.textContent))).toEqual([
      ['IBAN', 'GB33BUKB20201555555555', 'GB82WEST12345698765432'],
      ['VAT number (optional)', 'GB123456789', '(empty)'],
    ]);
    expect(within(card).getByText('We moved to a new bank')).toBeTruthy();
    expect(
      within(card)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Approve', 'Reject']);
  });

  it('checks the details with the shared schema, then proposes them with a reason', async () => {
    const { api, user } = open({ 'POST /api/admin/payment-details/requests': () => json(200, { message: SETTING_REQUEST_MESSAGES.proposed, request: { ...pending, yours: true } }) });
    const iban = (await screen.findByLabelText('IBAN')) as HTMLInputElement;
    expect(iban.value).toBe('GB33BUKB20201555555555');
    await user.clear(iban);
    await user.type(iban, 'GB82WEST12345698765433');
    await user.click(screen.getByRole('button', { name: 'Send for approval' }));
    expect(await screen.findByText(PAYMENT_DETAILS_MESSAGES.ibanCheck)).toBeTruthy();
    expect(screen.getByText(SETTING_REQUEST_MESSAGES.reasonRequired)).toBeTruthy();
    expect(api.callsTo('POST /api/admin/payment-details/requests')).toHaveLength(0);

    await user.clear(iban);
    await user.type(iban, 'GB82WEST12345698765432');
    expect(screen.getByText('In force: GB33BUKB20201555555555')).toBeTruthy();
    await user.type(screen.getByLabelText('Why this change (the approver reads it)'), 'We moved to a new bank');
    await user.click(screen.getByRole('button', { name: 'Send for approval' }));
    await waitFor(() => expect(api.callsTo('POST /api/admin/payment-details/requests')).toHaveLength(1));
    expect(api.callsTo('POST /api/admin/payment-details/requests')[0]?.body).toEqual({
      value: { ...DEFAULT_PAYMENT_DETAILS, adminBankDetails: { ...DEFAULT_PAYMENT_DETAILS.adminBankDetails, iban: 'GB82WEST12345698765432' } },
      reason: 'We moved to a new bank',
    });
    expect(await screen.findByText(SETTING_REQUEST_MESSAGES.proposed)).toBeTruthy();
  });

  it('rejects a change with the reason the proposer reads', async () => {
    const { api, user } = open(
      { 'POST /api/admin/payment-details/requests/p1/reject': () => json(200, { message: SETTING_REQUEST_MESSAGES.rejected, request: { ...pending, status: 'Rejected' } }) },
      page({ pending: [pending] }),
    );
    await user.click(await screen.findByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject this change?' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject the change' }));
    expect(await within(dialog).findByText(SETTING_REQUEST_MESSAGES.rejectReasonRequired)).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Reason (the proposer reads it)'), 'The bank has not confirmed it');
    await user.click(within(dialog).getByRole('button', { name: 'Reject the change' }));
    await waitFor(() => expect(api.callsTo('POST /api/admin/payment-details/requests/p1/reject').map((c) => c.body)).toEqual([{ reason: 'The bank has not confirmed it' }]));
  });
});
