import { PAYOUT_MESSAGES } from '@landunits/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '../../../test/api-mock';
import { setViewportWidth } from '../../../test/browser-shims';
import { renderApp, TEST_ADMIN } from '../../../test/render-app';
import type { AdminOrder } from './admin-api';
import type { PayoutItem, PayoutQueuePage } from './payouts-api';

const RECONCILE = 'GET /api/admin/ledger/reconcile';
const queueKey = (query = '') => `GET /api/admin/payouts?page=1&pageSize=20&sortBy=createdAt&sortDirection=asc${query}`;
const markKey = (id: string) => `POST /api/admin/payouts/${id}/mark-paid`;
const confirmKey = (id: string) => `POST /api/admin/payouts/${id}/confirm`;

const FINN = { userId: 'a1', name: 'Finn Finance' };

function payout(orderId: string, fields: Partial<PayoutItem> = {}): PayoutItem {
  return {
    orderId,
    createdAt: '2026-03-08T10:00:00.000Z',
    orderStatus: 'FundsWaitingApproval',
    statusLabel: 'Funds Waiting Approval',
    statusColour: 'amber',
    person: { userId: 'u1', name: 'Sam Seller', email: 'sam@example.com' },
    unitType: 'LAND_POUND',
    numberOfUnits: 11_010,
    unitsSold: 11_000,
    feeUnits: 10,
    pricePerUnit: '1.100000',
    bankDetails: { bankAccountName: 'Sam Seller', sortCode: '60-16-13', bankAccountNumber: '31926819', bankName: 'Harbour Bank' },
    moneyHold: null,
    payout: { amountCents: 1_210_000, currency: 'GBP', needsSecondAdmin: true, mark: null },
    ...fields,
  };
}

const BIG = payout('01JSELL000000000000BIGGB');
const MARKED = payout('01JSELL000000000000MARKD', {
  orderStatus: 'AllUnitSold',
  statusLabel: 'All Units Sold',
  statusColour: 'teal',
  payout: {
    amountCents: 2_500_000,
    currency: 'GBP',
    needsSecondAdmin: true,
    mark: { bankReference: 'FP-88812', markedBy: FINN, markedAt: '2026-03-09T11:30:00.000Z', markedByYou: false, confirmedBy: null, confirmedAt: null },
  },
});
const EUR = payout('01JSELL000000000000EUROS', {
  person: { userId: 'u2', name: 'Eva Euro', email: 'eva@example.com' },
  unitType: 'LAND_EUR',
  bankDetails: { bankAccountName: 'Eva Euro', iban: 'DE89370400440532013000', swiftBic: 'COBADEFFXXX' },
  payout: { amountCents: 45_000, currency: 'EUR', needsSecondAdmin: false, mark: null },
});
const NO_BANK = payout('01JSELL000000000000NOBNK', {
  person: { userId: 'u3', name: 'Pat Pending', email: 'pat@example.com' },
  bankDetails: null,
  payout: { amountCents: 30_000, currency: 'GBP', needsSecondAdmin: false, mark: null },
});

const page = (payouts: PayoutItem[], fields: Partial<PayoutQueuePage> = {}): PayoutQueuePage => ({ payouts, total: payouts.length, page: 1, pageSize: 20, secondAdminFromCents: 1_000_000, ...fields });
const rowOf = (name: string) => screen.getByRole('rowheader', { name: new RegExp(`^${name}`) }).closest('tr') as HTMLElement;
const keyOf = (url: string) => (vi.mocked(globalThis.fetch).mock.calls.find(([u]) => String(u) === url)?.[1]?.headers as Record<string, string>)['Idempotency-Key'];

beforeAll(async () => {
  await import('../../../app/admin-pages');
});

describe('/admin/payouts', () => {
  it('lists each payout with the approved bank account beside the amount, the four-eyes state and the actions', async () => {
    mockApi({ [queueKey()]: () => json(200, page([BIG, MARKED, EUR, NO_BANK])), [RECONCILE]: () => json(200, { ok: true, problems: [] }) });
    renderApp('/admin/payouts', { session: TEST_ADMIN });

    expect(await screen.findByRole('heading', { level: 2, name: 'Payouts waiting (4)' })).toBeTruthy();
    const big = screen.getByRole('button', { name: 'Mark paid for order BIGGB' }).closest('tr') as HTMLElement;
    expect(within(big).getByText('£12,100.00')).toBeTruthy();
    expect(within(big).getByText('Two admins')).toBeTruthy();
    const bank = within(big).getAllByRole('cell')[1]!;
    expect(
      within(bank)
        .getAllByRole('definition')
        .map((d) => d.textContent),
    ).toEqual(['Sam Seller', '60-16-13', '31926819', 'Harbour Bank']);
    expect(within(big).getByText('Not paid yet')).toBeTruthy();
    expect(
      within(big)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Mark paid for order BIGGB', 'Reject for order BIGGB']);

    const marked = screen.getByText('FP-88812').closest('tr') as HTMLElement;
    expect(marked.textContent).toContain('Paid by Finn Finance, 09 Mar 2026, 11:30 UTC');
    expect(marked.textContent).toContain('Waiting for a second admin');
    const confirm = within(marked).getByRole('button', { name: 'Confirm payout for order MARKD' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(false);

    const eur = rowOf('Eva Euro');
    expect(within(eur).getByText('€450.00')).toBeTruthy();
    expect(within(eur).queryByText('Two admins')).toBeNull();
    expect(within(eur).getByText('DE89370400440532013000')).toBeTruthy();
    expect(within(eur).getByText('COBADEFFXXX')).toBeTruthy();
    expect(within(eur).queryByText('Sort code')).toBeNull();

    const none = rowOf('Pat Pending');
    expect(within(none).getByText('No approved bank details.')).toBeTruthy();
    const mark = within(none).getByRole('button', { name: 'Mark paid for order NOBNK' }) as HTMLButtonElement;
    expect(mark.disabled).toBe(true);
    expect(document.getElementById(mark.getAttribute('aria-describedby')!)?.textContent).toBe('No approved bank account to pay to.');
  });

  it("cannot mark paid while the person's cooling-off runs: the button is disabled and says why and until when", async () => {
    const held = payout('01JSELL000000000000HELDS', {
      person: { userId: 'u4', name: 'Hal Held', email: 'hal@example.com' },
      moneyHold: { reason: 'bank-details', startedAt: '2099-03-08T10:00:00.000Z', until: '2099-03-10T10:00:00.000Z' },
      payout: { amountCents: 30_000, currency: 'GBP', needsSecondAdmin: false, mark: null },
    });
    mockApi({ [queueKey()]: () => json(200, page([held, EUR])), [RECONCILE]: () => json(200, { ok: true, problems: [] }) });
    renderApp('/admin/payouts', { session: TEST_ADMIN });
    const mark = (await screen.findByRole('button', { name: 'Mark paid for order HELDS' })) as HTMLButtonElement;
    expect(mark.disabled).toBe(true);
    expect(document.getElementById(mark.getAttribute('aria-describedby')!)?.textContent).toBe('Payouts to this person are held until 10 Mar 2099, 10:00 UTC because their bank details changed.');
    expect((screen.getByRole('button', { name: 'Mark paid for order EUROS' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('cannot confirm a payout it marked itself: the button is disabled and says why', async () => {
    const mine = { ...MARKED, payout: { ...MARKED.payout, mark: { ...MARKED.payout.mark!, markedByYou: true } } };
    mockApi({ [queueKey()]: () => json(200, page([mine])), [RECONCILE]: () => json(200, { ok: true, problems: [] }) });
    renderApp('/admin/payouts', { session: TEST_ADMIN });

    const confirm = (await screen.findByRole('button', { name: 'Confirm payout for order MARKD' })) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    expect(document.getElementById(confirm.getAttribute('aria-describedby')!)?.textContent).toBe('You marked this payout as paid: a second admin must confirm it.');
    expect(screen.getByText(/Paid by you/)).toBeTruthy();
  });

  it('filters, sorts and pages on the server, keeping the choices in the address', async () => {
    const api = mockApi({
      [queueKey()]: () => json(200, page([BIG, EUR], { total: 45 })),
      [queueKey('&currency=EUR')]: () => json(200, page([EUR])),
      'GET /api/admin/payouts?page=1&pageSize=20&sortBy=amount&sortDirection=desc&currency=EUR': () => json(200, page([EUR])),
      'GET /api/admin/payouts?page=1&pageSize=20&sortBy=amount&sortDirection=desc&currency=EUR&needsSecondAdmin=true': () => json(200, page([])),
      'GET /api/admin/payouts?page=2&pageSize=20&sortBy=createdAt&sortDirection=asc': () => json(200, page([NO_BANK], { total: 45, page: 2 })),
      [RECONCILE]: () => json(200, { ok: true, problems: [] }),
    });
    const { user, location } = renderApp('/admin/payouts', { session: TEST_ADMIN });
    await screen.findByRole('table');

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await screen.findByRole('rowheader', { name: /^Pat Pending/ });
    expect(location.current).toBe('/admin/payouts?page=2');

    const filters = screen.getByRole('form', { name: 'Payout filters' });
    await user.selectOptions(within(filters).getByLabelText('Currency'), 'EUR');
    await waitFor(() => expect(location.current).toBe('/admin/payouts?currency=EUR'));
    await user.selectOptions(within(filters).getByLabelText('Sort'), 'Largest payout first');
    await user.selectOptions(within(filters).getByLabelText('Second admin'), 'Paid, waiting for a second admin');
    expect(await screen.findByRole('heading', { name: 'No payouts match' })).toBeTruthy();
    expect(location.current).toBe('/admin/payouts?currency=EUR&needsSecondAdmin=true&sort=largest');
    expect(api.calls.filter((c) => c.url.startsWith('/api/admin/payouts')).map((c) => c.url.replace('/api/admin/payouts?', ''))).toEqual([
      'page=1&pageSize=20&sortBy=createdAt&sortDirection=asc',
      'page=2&pageSize=20&sortBy=createdAt&sortDirection=asc',
      'page=1&pageSize=20&sortBy=createdAt&sortDirection=asc&currency=EUR',
      'page=1&pageSize=20&sortBy=amount&sortDirection=desc&currency=EUR',
      'page=1&pageSize=20&sortBy=amount&sortDirection=desc&currency=EUR&needsSecondAdmin=true',
    ]);
  });

  it('marks a payout paid with a checked bank reference and an Idempotency-Key', async () => {
    let marked = false;
    const api = mockApi({
      [queueKey()]: () => json(200, page(marked ? [MARKED] : [BIG])),
      [markKey(BIG.orderId)]: () => {
        marked = true;
        return json(200, { orderData: {} });
      },
      [RECONCILE]: () => json(200, { ok: true, problems: [] }),
    });
    const { user } = renderApp('/admin/payouts', { session: TEST_ADMIN });

    await user.click(await screen.findByRole('button', { name: 'Mark paid for order BIGGB' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark payout paid' });
    expect(within(dialog).getByText(/another admin must confirm it/)).toBeTruthy();
    expect(within(dialog).getByText('31926819')).toBeTruthy();
    const field = within(dialog).getByLabelText('Bank reference');
    expect(document.activeElement).toBe(field);
    await user.click(within(dialog).getByRole('button', { name: 'Mark paid' }));
    expect(within(dialog).getByText(PAYOUT_MESSAGES.referenceRequired)).toBeTruthy();
    await user.type(field, 'AB<');
    await user.click(within(dialog).getByRole('button', { name: 'Mark paid' }));
    expect(within(dialog).getByText(PAYOUT_MESSAGES.referenceShort)).toBeTruthy();
    expect(api.callsTo(markKey(BIG.orderId))).toEqual([]);

    await user.clear(field);
    await user.type(field, ' FP-2026-0042 ');
    await user.click(within(dialog).getByRole('button', { name: 'Mark paid' }));
    expect(await screen.findByText('Payout marked as paid: order BIGGB.')).toBeTruthy();
    expect(api.callsTo(markKey(BIG.orderId)).map((c) => c.body)).toEqual([{ bankReference: 'FP-2026-0042' }]);
    expect(keyOf(`/api/admin/payouts/${BIG.orderId}/mark-paid`)).toMatch(/^[A-Za-z0-9_.:-]{8,100}$/);
    expect(await screen.findByText('FP-88812')).toBeTruthy();
  });

  it('confirms as the second admin, and shows the server’s four-eyes refusal in the dialog', async () => {
    let refuse = true;
    const api = mockApi({
      [queueKey()]: () => json(200, page([MARKED])),
      [confirmKey(MARKED.orderId)]: () => (refuse ? json(403, { message: PAYOUT_MESSAGES.sameAdmin, code: 'SECOND_ADMIN_REQUIRED' }) : json(200, { orderData: {} })),
      [RECONCILE]: () => json(200, { ok: true, problems: [] }),
    });
    const { user } = renderApp('/admin/payouts', { session: TEST_ADMIN });

    await user.click(await screen.findByRole('button', { name: 'Confirm payout for order MARKD' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm payout' });
    expect(within(dialog).getByText(/Finn Finance marked it paid on 09 Mar 2026, 11:30 UTC with bank reference/).textContent).toContain('FP-88812');
    // Cancel has the focus: a stray Enter confirms nothing.
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(within(dialog).getByRole('button', { name: 'Confirm payout' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(PAYOUT_MESSAGES.sameAdmin);

    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: 'Confirm payout' }));
    expect(await screen.findByText('Payout confirmed: order MARKD.')).toBeTruthy();
    expect(api.callsTo(confirmKey(MARKED.orderId)).map((c) => c.body)).toEqual([{}, {}]);
  });

  it('rejects a sale with a reason through the orders’ transition', async () => {
    const transitionKey = `POST /api/admin/orders/${BIG.orderId}/transition`;
    const api = mockApi({ [queueKey()]: () => json(200, page([BIG])), [transitionKey]: () => json(200, { orderData: {} }), [RECONCILE]: () => json(200, { ok: true, problems: [] }) });
    const { user } = renderApp('/admin/payouts', { session: TEST_ADMIN });

    await user.click(await screen.findByRole('button', { name: 'Reject for order BIGGB' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject sale' });
    expect(within(dialog).getByText(/Units go back to the person/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Reject sale' }));
    expect(api.callsTo(transitionKey)).toEqual([]);
    await user.type(within(dialog).getByLabelText('Reason'), 'The account name does not match');
    await user.click(within(dialog).getByRole('button', { name: 'Reject sale' }));
    expect(await screen.findByText('Sale rejected, Units returned: order BIGGB.')).toBeTruthy();
    expect(api.callsTo(transitionKey).map((c) => c.body)).toEqual([{ toStatus: 'Failed', reason: 'The account name does not match' }]);
  });

  it('shows cards with the same facts and actions at 768 px', async () => {
    setViewportWidth(768);
    mockApi({ [queueKey()]: () => json(200, page([MARKED, NO_BANK])), [RECONCILE]: () => json(200, { ok: true, problems: [] }) });
    renderApp('/admin/payouts', { session: TEST_ADMIN });

    const cards = await screen.findAllByRole('article');
    expect(screen.queryByRole('table')).toBeNull();
    expect(within(cards[0]!).getByText('£25,000.00')).toBeTruthy();
    expect(within(cards[0]!).getByText('FP-88812')).toBeTruthy();
    expect(within(cards[0]!).getByText('31926819')).toBeTruthy();
    expect(within(cards[0]!).getByRole('button', { name: 'Confirm payout for order MARKD' })).toBeTruthy();
    expect(within(cards[1]!).getByText('No approved bank details.')).toBeTruthy();
  });

  it('says when nothing waits, and offers a retry after an error', async () => {
    let fail = true;
    mockApi({ [queueKey()]: () => (fail ? json(503, { message: 'Busy, try again.', code: 'UNAVAILABLE' }) : json(200, page([]))), [RECONCILE]: () => json(200, { ok: true, problems: [] }) });
    const { user } = renderApp('/admin/payouts', { session: TEST_ADMIN });

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Busy, try again.')).toBeTruthy();
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'No payouts waiting' })).toBeTruthy();
  });
});

describe('/admin/orders with sales', () => {
  it('shows a sale’s four-eyes state and leads to the payouts', async () => {
    const sale = {
      orderId: '01JSELL000000000000MARKD',
      orderType: 'SELL',
      orderStatus: 'AllUnitSold',
      statusLabel: 'All Units Sold',
      statusColour: 'teal',
      direction: null,
      paymentMethod: 'None',
      currencyUnit: { unitType: 'LAND_POUND', numberOfUnits: 25_010, pricePerUnit: '1.000000' },
      paymentDetails: {
        currency: 'GBP',
        paymentMethod: 'None',
        subTotal: 2_501_000,
        discount: 0,
        transactionFee: 1_000,
        paymentMethodFees: { fixedPercentageFees: 0, fixedCentsFees: 0 },
        paymentAmount: 2_500_000,
      },
      createdAt: '2026-03-08T10:00:00.000Z',
      updatedAt: '2026-03-08T10:00:00.000Z',
      placedBy: { userId: 'u1', email: 'sam@example.com', name: 'Sam Seller' },
      payout: MARKED.payout,
    } satisfies AdminOrder;
    mockApi({ 'GET /api/admin/orders?page=1&pageSize=20': () => json(200, { orders: [sale], total: 1, page: 1, pageSize: 20 }), [RECONCILE]: () => json(200, { ok: true, problems: [] }) });
    renderApp('/admin/orders', { session: TEST_ADMIN });

    const row = (await screen.findByText('FP-88812', { exact: false })).closest('tr') as HTMLElement;
    expect(within(row).getByText('Two admins')).toBeTruthy();
    expect(row.textContent).toContain('Waiting for a second admin: paid by Finn Finance, bank reference FP-88812.');
    expect(within(row).getByRole('link', { name: 'Pay out order MARKD' }).getAttribute('href')).toBe('/admin/payouts');
  });
});
