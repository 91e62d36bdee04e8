import { ORDER_MESSAGES } from '@landunits/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { OrderView } from '../../../shared/orders/types';
import { json, mockApi, type ApiCall } from '../../../test/api-mock';
import { setViewportWidth } from '../../../test/browser-shims';
import { renderApp, TEST_ADMIN } from '../../../test/render-app';
import type { AdminOrder } from './admin-api';
import * as badgeStyles from '../../../shared/ui/status-badge.module.css';

const LIST = 'GET /api/admin/orders?page=1&pageSize=20';
const RECONCILE = 'GET /api/admin/ledger/reconcile';
const transitionKey = (orderId: string) => `POST /api/admin/orders/${orderId}/transition`;

const ADA = { userId: 'u1', email: 'ada@example.com', name: 'Ada Lovelace' };
const BOB = { userId: 'u2', email: 'bob@example.com', name: 'Bob Brown' };

function adminOrder(orderId: string, fields: Partial<AdminOrder> = {}): AdminOrder {
  return {
    orderId,
    orderType: 'BUY',
    orderStatus: 'PaymentSent',
    statusLabel: 'Pending Approval',
    statusColour: 'lilac',
    direction: null,
    paymentMethod: 'Bank',
    currencyUnit: { unitType: 'LAND_POUND', numberOfUnits: 100, pricePerUnit: '1.070000' },
    paymentDetails: {
      currency: 'GBP',
      paymentMethod: 'Bank',
      subTotal: 10_700,
      discount: 0,
      transactionFee: 100,
      paymentMethodFees: { fixedPercentageFees: 0, fixedCentsFees: 0 },
      paymentAmount: 10_800,
    },
    buy: { paymentId: orderId.slice(-5), expiresAt: null },
    createdAt: '2026-03-10T14:05:00.000Z',
    updatedAt: '2026-03-10T14:05:00.000Z',
    placedBy: ADA,
    ...fields,
  };
}

const sale = (orderId: string, orderStatus: OrderView['orderStatus'], statusLabel: string, statusColour: OrderView['statusColour']) =>
  adminOrder(orderId, {
    orderType: 'SELL',
    orderStatus,
    statusLabel,
    statusColour,
    paymentMethod: 'None',
    buy: null,
    placedBy: BOB,
    currencyUnit: { unitType: 'LAND_USD', numberOfUnits: 60, pricePerUnit: '1.070000' },
    paymentDetails: { currency: 'USD', paymentMethod: 'None', subTotal: 5_350, discount: 0, transactionFee: 0, paymentMethodFees: { fixedPercentageFees: 0, fixedCentsFees: 0 }, paymentAmount: 5_350 },
    createdAt: '2026-03-08T10:00:00.000Z',
  });

const BUY = adminOrder('01JBUY0000000000000ABCDE');
const CRYPTO = adminOrder('01JBUY0000000000000CRYPT', {
  orderStatus: 'PaymentSent_FromUserCrypto',
  statusLabel: 'Crypto Payment Sent',
  paymentMethod: 'Crypto',
  buy: {
    paymentId: 'CRYPT',
    expiresAt: null,
    cryptoType: 'BITCOIN',
    walletAddress: 'bc1qexample',
    cryptoQuote: {
      coin: 'BITCOIN',
      currency: 'USD',
      paymentAmount: 5_350,
      coinAmount: '0.00066470',
      coinPrice: '80600.00',
      rateSource: 'Land Units',
      rateAt: null,
      quotedAt: '2026-03-08T10:00:00.000Z',
      expiresAt: '2026-03-08T10:15:00.000Z',
    },
  },
});
const WAITING = sale('01JSELL000000000000WAITS', 'FundsWaitingApproval', 'Funds Waiting Approval', 'amber');
const PARTIAL = sale('01JSELL000000000000PARTL', 'PartialComplete', 'Partially Complete', 'amber');
const SOLD = sale('01JSELL000000000000SOLDD', 'AllUnitSold', 'All Units Sold', 'teal');
const ALL = [BUY, CRYPTO, WAITING, PARTIAL, SOLD];

const listBody = (orders: AdminOrder[]) => ({ orders, total: orders.length, page: 1, pageSize: 20 });

/** The Idempotency-Key header of each call to `key`, in order. */
function idempotencyKeys(key: string): string[] {
  const fetchMock = vi.mocked(globalThis.fetch);
  return fetchMock.mock.calls.filter(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}` === key).map(([, init]) => (init?.headers as Record<string, string>)['Idempotency-Key'] ?? '');
}

const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

beforeAll(async () => {
  await import('../../../app/admin-pages');
});

describe('/admin', () => {
  it('lists the orders awaiting action with who placed them, amount, reference, status and the actions their status allows', async () => {
    mockApi({ [LIST]: () => json(200, listBody(ALL)), [RECONCILE]: () => json(200, { ok: true, problems: [] }) });
    renderApp('/admin/orders', { session: TEST_ADMIN });

    expect(await screen.findByRole('heading', { level: 1, name: 'Orders' })).toBeTruthy();
    await screen.findByRole('table');
    expect(screen.getByRole('heading', { level: 2, name: 'Orders awaiting action (5)' })).toBeTruthy();

    const buy = rowOf('ABCDE');
    const cells = within(buy)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells.slice(0, 6)).toEqual(['10 Mar 2026', 'Buy100 GBP Units', 'Ada Lovelaceada@example.com', '£108.00', 'ABCDEBank transfer', 'Pending Approval']);
    // A crypto buy names its coin beside its reference.
    expect(
      within(rowOf('CRYPT'))
        .getAllByRole('cell')
        .map((cell) => cell.textContent)[4],
    ).toBe('CRYPTBitcoin (BTC)');
    expect(within(rowOf('CRYPT')).getByText('Crypto Payment Sent')).toBeTruthy();
    // Sales have no payment reference or method.
    expect(
      within(screen.getAllByRole('row')[3]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent)[4],
    ).toBe('—');

    const actionsOf = (row: HTMLElement) =>
      within(row)
        .queryAllByRole('button')
        .map((b) => b.textContent?.replace(/ for order .*$/, ''));
    expect(actionsOf(buy)).toEqual(['Approve payment', 'Reject']);
    expect(actionsOf(rowOf('CRYPT'))).toEqual(['Approve payment', 'Reject']);
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((row) => actionsOf(row))).toEqual([['Approve payment', 'Reject'], ['Approve payment', 'Reject'], ['Partial payout', 'All sold', 'Reject'], ['All sold'], []]);
    // A sale is paid out in the payout queue (with the bank's reference, and two admins from 10,000.00).
    expect(
      rows.slice(2).map((row) =>
        within(row)
          .getByRole('link', { name: /^Pay out order / })
          .getAttribute('href'),
      ),
    ).toEqual(['/admin/payouts', '/admin/payouts', '/admin/payouts']);
    expect(within(rows[2]!).getByText('$53.50')).toBeTruthy();
    expect(within(rows[4]!).getByText('All Units Sold').className).toBe(`${badgeStyles.badge} ${badgeStyles.badgeTeal}`);

    const ledger = screen.getByRole('region', { name: 'Ledger check' });
    expect(await within(ledger).findByText('Balanced')).toBeTruthy();
  });

  it('asks for a reason before rejecting, and sends nothing without one', async () => {
    const api = mockApi({ [LIST]: () => json(200, listBody(ALL)), [RECONCILE]: () => json(200, { ok: true, problems: [] }) });
    const { user } = renderApp('/admin/orders', { session: TEST_ADMIN });
    await screen.findByRole('table');

    await user.click(within(rowOf('ABCDE')).getByRole('button', { name: 'Reject for order ABCDE' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject' });
    const reason = within(dialog).getByLabelText('Reason');
    expect((reason as HTMLTextAreaElement).value).toBe('');
    await waitFor(() => expect(document.activeElement).toBe(reason));

    // The form's checks run asynchronously: each message is awaited, never read at once.
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText(ORDER_MESSAGES.reasonRequired)).toBeTruthy();
    expect(reason.getAttribute('aria-invalid')).toBe('true');

    await user.type(reason, 'ab');
    expect(await within(dialog).findByText(ORDER_MESSAGES.reasonRequired)).toBeTruthy();
    await user.type(reason, 'c');
    await waitFor(() => expect(within(dialog).queryByText(ORDER_MESSAGES.reasonRequired)).toBeNull());
    await user.clear(reason);
    await user.paste('x'.repeat(501));
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText(ORDER_MESSAGES.reasonTooLong)).toBeTruthy();

    expect(api.calls.filter((c: ApiCall) => c.method === 'POST')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('approves a payment with the default reason and an Idempotency-Key, then refreshes the list and says so', async () => {
    let approved = false;
    const api = mockApi({
      [LIST]: () => json(200, listBody(approved ? ALL.slice(1) : ALL)),
      [RECONCILE]: () => json(200, { ok: true, problems: [] }),
      [transitionKey(BUY.orderId)]: () => {
        approved = true;
        return json(200, { orderData: { ...BUY, orderStatus: 'Approved', statusLabel: 'Completed', statusColour: 'green' } });
      },
    });
    const { user } = renderApp('/admin/orders', { session: TEST_ADMIN });
    await screen.findByRole('table');

    await user.click(screen.getByRole('button', { name: 'Approve payment for order ABCDE' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve payment' });
    expect(within(dialog).getByText('Buy of 100 GBP Units, reference ABCDE')).toBeTruthy();
    expect((within(dialog).getByLabelText('Reason') as HTMLTextAreaElement).value).toBe('Payment received');
    await user.click(within(dialog).getByRole('button', { name: 'Approve payment' }));

    expect(await screen.findByText('Payment approved: order ABCDE.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo(transitionKey(BUY.orderId)).map((c) => c.body)).toEqual([{ toStatus: 'Approved', reason: 'Payment received' }]);
    const [key] = idempotencyKeys(transitionKey(BUY.orderId));
    expect(key).toMatch(/^[A-Za-z0-9_.:-]{8,100}$/);
    await waitFor(() => expect(api.callsTo(LIST).length).toBeGreaterThanOrEqual(2));
    expect(screen.queryByText('ABCDE')).toBeNull();
    expect(screen.getByRole('heading', { level: 2, name: 'Orders awaiting action (4)' })).toBeTruthy();
  });

  it('shows the admin deciding on a crypto payment the coin amount the buyer was quoted', async () => {
    mockApi({ [LIST]: () => json(200, listBody(ALL)), [RECONCILE]: () => json(200, { ok: true, problems: [] }) });
    const { user } = renderApp('/admin/orders', { session: TEST_ADMIN });
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Approve payment for order CRYPT' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve payment' });
    expect(within(dialog).getByText('Coins quoted').nextElementSibling?.textContent).toBe('0.00066470 BTC for $53.50 at 1 BTC = $80,600.00, until 08 Mar 2026, 10:15 UTC');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    // The bank buy has no quote.
    await user.click(screen.getByRole('button', { name: 'Approve payment for order ABCDE' }));
    expect(within(await screen.findByRole('dialog', { name: 'Approve payment' })).queryByText('Coins quoted')).toBeNull();
  });

  it('retries after a network error with the same Idempotency-Key, and uses a new one once the reason changes', async () => {
    let answers = 0;
    const api = mockApi({
      [LIST]: () => json(200, listBody(ALL)),
      [RECONCILE]: () => json(200, { ok: true, problems: [] }),
      [transitionKey(WAITING.orderId)]: () => {
        answers += 1;
        if (answers <= 2) throw new TypeError('Failed to fetch');
        return json(200, { orderData: { ...WAITING, orderStatus: 'PartialComplete' } });
      },
    });
    const { user } = renderApp('/admin/orders', { session: TEST_ADMIN });
    await screen.findByRole('table');

    await user.click(screen.getByRole('button', { name: 'Partial payout for order WAITS' }));
    const dialog = await screen.findByRole('dialog', { name: 'Partial payout' });
    await user.click(within(dialog).getByRole('button', { name: 'Partial payout' }));

    expect((await within(dialog).findByRole('alert')).textContent).toMatch(/^Network Error\. Nothing was lost/);
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    await within(dialog).findByRole('alert');
    const keys = idempotencyKeys(transitionKey(WAITING.orderId));
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);

    // A different reason is a different request: it gets its own key.
    await user.type(within(dialog).getByLabelText('Reason'), ' (half)');
    await user.click(within(dialog).getByRole('button', { name: 'Partial payout' }));
    expect(await screen.findByText('Marked as partly paid out: order WAITS.')).toBeTruthy();
    const all = idempotencyKeys(transitionKey(WAITING.orderId));
    expect(all).toHaveLength(3);
    expect(all[2]).not.toBe(all[0]);
    expect(api.callsTo(transitionKey(WAITING.orderId)).map((c) => c.body)).toEqual([
      { toStatus: 'PartialComplete', reason: 'Part of the payout sent' },
      { toStatus: 'PartialComplete', reason: 'Part of the payout sent' },
      { toStatus: 'PartialComplete', reason: 'Part of the payout sent (half)' },
    ]);
  });

  it("shows the server's refusal in the dialog and refreshes the list", async () => {
    const api = mockApi({
      [LIST]: () => json(200, listBody(ALL)),
      [RECONCILE]: () => json(200, { ok: true, problems: [] }),
      [transitionKey(PARTIAL.orderId)]: () => json(409, { message: 'This order is All Units Sold; it cannot become All Units Sold.', code: 'TRANSITION_REFUSED' }),
    });
    const { user } = renderApp('/admin/orders', { session: TEST_ADMIN });
    await screen.findByRole('table');

    await user.click(screen.getByRole('button', { name: 'All sold for order PARTL' }));
    const dialog = await screen.findByRole('dialog', { name: 'All sold' });
    await user.click(within(dialog).getByRole('button', { name: 'All sold' }));

    expect((await within(dialog).findByRole('alert')).textContent).toBe('This order is All Units Sold; it cannot become All Units Sold.');
    await waitFor(() => expect(api.callsTo(LIST)).toHaveLength(2));
  });

  it('says when nothing is waiting, and shows the ledger problems', async () => {
    mockApi({
      [LIST]: () => json(200, listBody([])),
      [RECONCILE]: () => json(200, { ok: false, problems: [{ message: 'LAND_POUND entries sum to 5, not 0' }, 'Balance of account 12 differs from its entries'] }),
    });
    renderApp('/admin/orders', { session: TEST_ADMIN });

    expect(await screen.findByRole('heading', { name: 'Nothing is waiting for you' })).toBeTruthy();
    const ledger = screen.getByRole('region', { name: 'Ledger check' });
    expect(await within(ledger).findByText('2 problems')).toBeTruthy();
    expect(
      within(ledger)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['LAND_POUND entries sum to 5, not 0', 'Balance of account 12 differs from its entries']);
  });

  it('shows cards with the same actions on a 360 px screen', async () => {
    setViewportWidth(360);
    mockApi({ [LIST]: () => json(200, listBody([BUY])), [RECONCILE]: () => json(200, { ok: true, problems: [] }) });
    renderApp('/admin/orders', { session: TEST_ADMIN });

    const card = await screen.findByRole('article');
    expect(screen.queryByRole('table')).toBeNull();
    expect(within(card).getByText('Ada Lovelace (ada@example.com)')).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Approve payment for order ABCDE' })).toBeTruthy();
  });

  it('shows payments to check above the queue, flags them in it, and marks one as checked with a reason and an Idempotency-Key', async () => {
    const flag = 'Card_Stripe payment: paid 5000 GBP, the order is 10800 GBP.';
    const late = adminOrder('01JBUY0000000000000LATEP', {
      orderStatus: 'Cancelled',
      statusLabel: 'Cancelled',
      statusColour: 'grey',
      paymentMethod: 'Card_Stripe',
      buy: { paymentId: 'LATEP', expiresAt: null, paymentFlag: flag },
      placedBy: BOB,
    });
    const flaggedInQueue = adminOrder('01JBUY0000000000000FLAGQ', { buy: { paymentId: 'FLAGQ', expiresAt: null, paymentFlag: 'Paid in USD, the order is in GBP.' } });
    let checked = false;
    const clearKey = `POST /api/admin/orders/${late.orderId}/clear-flag`;
    const api = mockApi({
      [LIST]: () => json(200, { ...listBody([flaggedInQueue, BUY]), flagged: checked ? [flaggedInQueue] : [late, flaggedInQueue] }),
      [RECONCILE]: () => json(200, { ok: true, problems: [] }),
      [clearKey]: () => {
        checked = true;
        return json(200, { orderData: { ...late, buy: { ...late.buy, paymentFlag: null } } });
      },
    });
    const { user } = renderApp('/admin/orders', { session: TEST_ADMIN });

    const flagged = await screen.findByRole('region', { name: 'Payments to check (2)' });
    const cards = within(flagged).getAllByRole('article');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByText(flag)).toBeTruthy();
    expect(within(cards[0]!).getByText('Card (Stripe)')).toBeTruthy();
    expect(within(cards[0]!).getByText('Bob Brown (bob@example.com)')).toBeTruthy();
    expect(within(cards[0]!).getByText('Payment to check')).toBeTruthy();
    // The queue shows its own flagged order with the same warning.
    const queueRow = within(screen.getByRole('table')).getAllByRole('row')[1]!;
    expect(within(queueRow).getByText('Payment to check')).toBeTruthy();
    expect(within(queueRow).getByText('Paid in USD, the order is in GBP.')).toBeTruthy();

    await user.click(within(cards[0]!).getByRole('button', { name: 'Mark as checked for order LATEP' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark as checked' });
    expect(within(dialog).getByText(flag)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Mark as checked' }));
    expect(within(dialog).getByText(ORDER_MESSAGES.reasonRequired)).toBeTruthy();
    expect(api.callsTo(clearKey)).toEqual([]);

    await user.type(within(dialog).getByLabelText('Reason'), 'Refunded at Stripe');
    await user.click(within(dialog).getByRole('button', { name: 'Mark as checked' }));
    expect(await screen.findByText('Payment marked as checked: order LATEP.')).toBeTruthy();
    expect(api.callsTo(clearKey).map((c) => c.body)).toEqual([{ reason: 'Refunded at Stripe' }]);
    expect(idempotencyKeys(clearKey)[0]).toMatch(/^[A-Za-z0-9_.:-]{8,100}$/);
    await waitFor(() => expect(screen.getByRole('region', { name: 'Payments to check (1)' })).toBeTruthy());
    // The queue keeps its orders: checking a payment does not decide the order.
    expect(screen.getByRole('heading', { level: 2, name: 'Orders awaiting action (2)' })).toBeTruthy();
  });

  it('shows no payments-to-check section when none are flagged', async () => {
    mockApi({ [LIST]: () => json(200, { ...listBody([BUY]), flagged: [] }), [RECONCILE]: () => json(200, { ok: true, problems: [] }) });
    renderApp('/admin/orders', { session: TEST_ADMIN });
    await screen.findByRole('table');
    expect(screen.queryByRole('region', { name: /Payments to check/ })).toBeNull();
    expect(screen.queryByText('Payment to check')).toBeNull();
  });

  it('shows an error with a way to try again', async () => {
    let fail = true;
    mockApi({
      [LIST]: () => (fail ? json(503, { message: 'Busy, try again.', code: 'BUSY' }) : json(200, listBody([BUY]))),
      [RECONCILE]: () => json(200, { ok: true, problems: [] }),
    });
    const { user } = renderApp('/admin/orders', { session: TEST_ADMIN });

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Busy, try again.')).toBeTruthy();
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table')).toBeTruthy();
  });
});
