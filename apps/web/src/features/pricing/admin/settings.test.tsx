import { DEFAULT_MONEY_SETTINGS, moneyFiguresOf, SETTING_REQUEST_MESSAGES, SETTINGS_MESSAGES, type MoneyFigures } from '@landunits/domain';
import type { MoneyPreview, MoneySettingsAdmin, SettingChangeRequest } from '@landunits/domain/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { json, mockApi } from '../../../test/api-mock';
import { renderApp, TEST_ADMIN } from '../../../test/render-app';

const PAGE = 'GET /api/admin/settings?page=1';
const FIGURES = moneyFiguresOf(DEFAULT_MONEY_SETTINGS);

const request = (over: Partial<SettingChangeRequest> = {}): SettingChangeRequest => ({
  id: 'r1',
  key: 'money',
  status: 'Pending',
  baseVersion: 0,
  changes: [{ path: 'externalFees.Card_Stripe.fixedPercentageFees', before: 150, after: 200 }],
  reason: 'Stripe raised its price',
  proposedBy: { id: 'fin', name: 'Fin', email: 'fin@example.com' },
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
  ...over,
});

const page = (over: Partial<MoneySettingsAdmin> = {}): MoneySettingsAdmin => ({
  current: FIGURES as unknown as Record<string, unknown>,
  version: 0,
  updatedAt: null,
  pricesToday: null,
  pending: [],
  history: [],
  total: 0,
  page: 1,
  pageSize: 10,
  ...over,
});

const example = (percentageBasisPoints: number, percentageFee: number, paymentAmount: number) => ({
  units: 100,
  unitType: 'LAND_POUND',
  currency: 'GBP',
  method: 'Card_Stripe',
  pricePerUnit: '1.146275',
  percentageBasisPoints,
  subTotal: 11463,
  transactionFee: 100,
  base: 11563,
  percentageFee,
  fixedFee: 20,
  paymentAmount,
});

const PREVIEW: MoneyPreview = {
  priceDate: '2026-11-21',
  effectiveDay: '2026-11-22',
  pricesChange: false,
  prices: [{ unitType: 'LAND_POUND', currency: 'GBP', today: '1.146275', effectiveDayNow: '1.146496', effectiveDayProposed: '1.146496' }],
  workedExample: { current: example(150, 173, 11756), proposed: example(200, 231, 11814) },
  landValues: [{ currency: 'GBP', current: 847_390_000, proposed: 847_390_000 }],
  changes: [{ path: 'externalFees.Card_Stripe.fixedPercentageFees', before: 150, after: 200 }],
};

beforeAll(async () => {
  await import('../../../app/admin-pages');
});

function open(handlers: Parameters<typeof mockApi>[0] = {}, answer = page()) {
  const api = mockApi({ [PAGE]: () => json(200, answer), 'GET /api/admin/ledger/reconcile': () => json(200, { ok: true, problems: [] }), ...handlers });
  return { api, ...renderApp('/admin/settings', { session: TEST_ADMIN }) };
}

const field = (label: string) => screen.getByLabelText(label, { exact: true }) as HTMLInputElement;

describe('/admin/settings', () => {
  it('shows the settings in force as percents and amounts, grouped, with what applies when', async () => {
    open();
    expect(await screen.findByRole('group', { name: 'Payment method fees' })).toBeTruthy();
    expect(field('Card (Stripe): percentage (%)').value).toBe('1.5');
    expect(field('Card (Stripe): fixed amount').value).toBe('0.20');
    expect(field('Growth per year (%)').value).toBe('7.5');
    expect(field('Total land value, GBP').value).toBe('8473900.00');
    expect(within(screen.getByRole('group', { name: 'Unit prices' })).getByText(/From 00:00 UTC on the day after approval/)).toBeTruthy();
  });

  it('gives the SPEC §8 messages at their fields from the shared schema, and sends nothing', async () => {
    const { api, user } = open();
    await user.clear(await screen.findByLabelText('Total land value, GBP'));
    await user.type(field('Total land value, GBP'), '0');
    await user.clear(field('Card (Stripe): percentage (%)'));
    await user.type(field('Card (Stripe): percentage (%)'), '101');
    await user.clear(field('GBP → USD rate'));
    await user.type(field('GBP → USD rate'), '1,24');
    await user.click(screen.getByRole('button', { name: 'Preview the change' }));
    expect(await screen.findByText(SETTINGS_MESSAGES.landValueZero)).toBeTruthy();
    expect(screen.getByText(SETTINGS_MESSAGES.invalidPercentage)).toBeTruthy();
    expect(screen.getByText(SETTINGS_MESSAGES.invalidNumber)).toBeTruthy();
    expect(field('Total land value, GBP').getAttribute('aria-invalid')).toBe('true');
    expect(api.callsTo('POST /api/admin/settings/preview')).toHaveLength(0);
  });

  it('previews a change on the server (exact basis points sent), then sends it with a reason', async () => {
    const { api, user } = open({
      'POST /api/admin/settings/preview': () => json(200, PREVIEW),
      'POST /api/admin/settings/requests': () => json(200, { message: SETTING_REQUEST_MESSAGES.proposed, request: request({ yours: true, canApprove: false, canReject: false, canWithdraw: true }) }),
    });
    await user.clear(await screen.findByLabelText('Card (Stripe): percentage (%)'));
    await user.type(field('Card (Stripe): percentage (%)'), '2');
    expect(screen.getByText('A percent, e.g. 1.5. In force: 1.5%.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Preview the change' }));
    const preview = await screen.findByRole('region', { name: 'Preview: if approved today' });
    const sent = api.callsTo('POST /api/admin/settings/preview')[0]?.body as { value: MoneyFigures };
    expect(sent.value.externalFees.Card_Stripe).toEqual({ fixedPercentageFees: 200, fixedCentsFees: 20 });
    const total = within(preview).getByRole('row', { name: /Total to pay/ });
    expect(
      within(total)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['£117.56', '£118.14']);

    await user.click(within(preview).getByRole('button', { name: 'Send for approval' }));
    expect(await within(preview).findByText(SETTING_REQUEST_MESSAGES.reasonRequired)).toBeTruthy();
    await user.type(within(preview).getByLabelText('Why this change (the approver reads it)'), 'Stripe raised its price');
    await user.click(within(preview).getByRole('button', { name: 'Send for approval' }));
    await waitFor(() => expect(api.callsTo('POST /api/admin/settings/requests')).toHaveLength(1));
    expect(api.callsTo('POST /api/admin/settings/requests')[0]?.body).toEqual({ value: sent.value, reason: 'Stripe raised its price' });
    expect(await screen.findByText(SETTING_REQUEST_MESSAGES.proposed)).toBeTruthy();
  });

  it('puts the server’s field messages at their fields', async () => {
    const { user } = open({
      'POST /api/admin/settings/preview': () =>
        json(400, { message: 'Please check the highlighted fields.', code: 'VALIDATION_FAILED', errors: { landValueGbpInCents: SETTINGS_MESSAGES.landValueZero } }),
    });
    await user.clear(await screen.findByLabelText('Sell fee (Units)'));
    await user.type(field('Sell fee (Units)'), '12');
    await user.click(screen.getByRole('button', { name: 'Preview the change' }));
    expect(await screen.findByText(SETTINGS_MESSAGES.landValueZero)).toBeTruthy();
    expect(field('Total land value, GBP').getAttribute('aria-invalid')).toBe('true');
  });

  it('offers Approve and Reject on another admin’s change, only Withdraw on one’s own, nothing to approve when out of date', async () => {
    const { api, user } = open(
      { 'POST /api/admin/settings/requests/r1/approve': () => json(200, { message: SETTING_REQUEST_MESSAGES.approved, request: request({ status: 'Approved' }) }) },
      page({
        pending: [
          request(),
          request({ id: 'r2', yours: true, proposedBy: { id: 'me', name: 'Olive', email: 'admin@example.com' }, canApprove: false, canReject: false, canWithdraw: true }),
          request({ id: 'r3', stale: true, canApprove: false }),
        ],
      }),
    );
    const list = await screen.findByRole('list', { name: 'Changes waiting for approval' });
    const [theirs, mine, stale] = within(list).getAllByRole('article');
    expect(within(theirs!).getByRole('row', { name: /Card \(Stripe\): percentage/ }).textContent).toContain('1.5%2%');
    expect(
      within(theirs!)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Approve', 'Reject']);
    expect(
      within(mine!)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Withdraw']);
    expect(within(mine!).getByText('You proposed this change: another admin must approve it.')).toBeTruthy();
    expect(
      within(stale!)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Reject']);
    expect(within(stale!).getByText(/can no longer be approved/)).toBeTruthy();

    await user.click(within(theirs!).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve this change?' });
    await user.click(within(dialog).getByRole('button', { name: 'Approve and apply' }));
    await waitFor(() => expect(api.callsTo('POST /api/admin/settings/requests/r1/approve')).toHaveLength(1));
    expect(await screen.findByText(SETTING_REQUEST_MESSAGES.approved)).toBeTruthy();
  });
});
