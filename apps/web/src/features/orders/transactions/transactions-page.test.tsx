import { TRANSACTION_MESSAGES } from '@landunits/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OrderView, TransactionsPage } from '../../../shared/orders/types';
import { json, mockApi } from '../../../test/api-mock';
import { setViewportWidth } from '../../../test/browser-shims';
import { renderApp, TEST_USER } from '../../../test/render-app';
import * as badgeStyles from '../../../shared/ui/status-badge.module.css';

const PATH = '/dashboard/my-transactions';

function order(orderId: string, fields: Partial<OrderView> = {}): OrderView {
  return {
    orderId,
    orderType: 'BUY',
    orderStatus: 'PaymentSent',
    statusLabel: 'Pending Approval',
    statusColour: 'lilac',
    direction: 'SENT',
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
    ...fields,
  };
}

const noPayment = { paymentMethod: 'None', paymentDetails: null, buy: null } as const;

const ORDERS: OrderView[] = [
  order('01JBUY00000000000000AAAAA', { orderStatus: 'Initiated', statusLabel: 'Initiated', statusColour: 'grey' }),
  order('01JBUY00000000000000BBBBB', {
    currencyUnit: { unitType: 'LAND_USD', numberOfUnits: 1_250, pricePerUnit: '1.070000' },
    paymentDetails: { ...order('x').paymentDetails!, currency: 'USD', paymentAmount: 133_850 },
  }),
  order('01JTRANSFER0000000000SENT', {
    ...noPayment,
    orderType: 'TRANSFER',
    orderStatus: 'Completed',
    statusLabel: 'Completed',
    statusColour: 'green',
    counterpartyName: 'Bob B.',
    counterpartyEmail: 'bob@example.com',
    createdAt: '2026-02-01T09:00:00.000Z',
  }),
  order('01JTRANSFER00000000RECVD', {
    ...noPayment,
    orderType: 'TRANSFER',
    orderStatus: 'Completed',
    statusLabel: 'Completed',
    statusColour: 'green',
    direction: 'RECEIVED',
    counterpartyName: 'Ada L.',
    createdAt: '2026-01-15T09:00:00.000Z',
  }),
  order('01JSELL00000000000000FAIL', {
    ...noPayment,
    orderType: 'SELL',
    orderStatus: 'Failed',
    statusLabel: 'Failed',
    statusColour: 'red',
    currencyUnit: { unitType: 'LAND_EUR', numberOfUnits: 50, pricePerUnit: '1.070000' },
  }),
];

const page = (transactions: OrderView[], total: number, p = 1, pageSize = 20): TransactionsPage => ({ transactions, total, page: p, pageSize });

/** The request the page sends: paging and sort always, filters when set, in this order. */
function listKey(query: Record<string, string | number> = {}) {
  const params = new URLSearchParams();
  const all: Record<string, string | number | undefined> = { page: 1, pageSize: 20, ...query, sortBy: query.sortBy ?? 'createdAt', sortDirection: query.sortDirection ?? 'desc' };
  for (const key of ['page', 'pageSize', 'fromDate', 'toDate', 'orderStatus', 'paymentMethod', 'orderType', 'unitType', 'sortBy', 'sortDirection'] as const) {
    const value = all[key];
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  return `GET /api/order/getTransactions?${params.toString()}`;
}

const rowsText = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .slice(0, 6)
        .map((cell) => cell.textContent),
    );

beforeAll(async () => {
  await import('./transactions-pages');
});

describe('/dashboard/my-transactions', () => {
  it('lists the transactions in a table: date, type with the other party, unit type, units, amount, status', async () => {
    const api = mockApi({ [listKey()]: () => json(200, page(ORDERS, 5)) });
    renderApp(PATH, { session: TEST_USER });

    expect(await screen.findByRole('heading', { level: 1, name: 'Transaction history' })).toBeTruthy();
    await screen.findByRole('table');
    expect(rowsText()).toEqual([
      ['10 Mar 2026', 'Buy', 'GBP Units', '100', '£108.00', 'Initiated'],
      ['10 Mar 2026', 'Buy', 'USD Units', '1,250', '$1,338.50', 'Pending Approval'],
      ['01 Feb 2026', 'Transferto Bob B.', 'GBP Units', '100', '—No amount', 'Completed'],
      ['15 Jan 2026', 'Transferfrom Ada L.', 'GBP Units', '100', '—No amount', 'Completed'],
      ['10 Mar 2026', 'Sell', 'EUR Units', '50', '—No amount', 'Failed'],
    ]);
    const failed = screen.getByText('Failed', { selector: `.${badgeStyles.badge}` });
    expect(failed.className).toBe(`${badgeStyles.badge} ${badgeStyles.badgeDanger}`);
    expect(screen.getByText('Pending Approval', { selector: `.${badgeStyles.badge}` }).className).toBe(`${badgeStyles.badge} ${badgeStyles.badgeLilac}`);

    // An unpaid bank buy leads to its payment page.
    const pay = screen.getByRole('link', { name: 'Pay now for the buy of 10 Mar 2026' });
    expect(pay.getAttribute('href')).toBe('/dashboard/buy-units/payment-bank?orderId=01JBUY00000000000000AAAAA');
    expect(screen.getAllByRole('link', { name: /^Pay now/ })).toHaveLength(1);
    expect(screen.getByText('Showing 1–5 of 5')).toBeTruthy();
    expect(api.callsTo(listKey())).toHaveLength(1);
  });

  it('shows stacked cards on a 360 px screen', async () => {
    setViewportWidth(360);
    mockApi({ [listKey()]: () => json(200, page(ORDERS.slice(2, 4), 2)) });
    renderApp(PATH, { session: TEST_USER });

    const cards = await screen.findAllByRole('article');
    expect(screen.queryByRole('table')).toBeNull();
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual(['Transferto Bob B.', 'Transferfrom Ada L.']);
    expect(within(cards[0]!).getByText('01 Feb 2026')).toBeTruthy();
    expect(within(cards[0]!).getByText('Completed').className).toBe(`${badgeStyles.badge} ${badgeStyles.badgeSuccess}`);
  });

  it('sends every filter, keeps them in the address and fills the form from it', async () => {
    const filtered = {
      fromDate: '2026-01-01',
      toDate: '2026-02-28',
      orderStatus: 'Completed',
      paymentMethod: 'None',
      orderType: 'TRANSFER',
      unitType: 'LAND_POUND',
      sortBy: 'numberOfUnits',
      sortDirection: 'asc',
    };
    const api = mockApi({
      [listKey()]: () => json(200, page(ORDERS, 5)),
      [listKey(filtered)]: () => json(200, page(ORDERS.slice(2, 4), 2)),
    });
    const { user, location } = renderApp(PATH, { session: TEST_USER });
    await screen.findByRole('table');

    const form = screen.getByRole('form', { name: 'Filter transactions' });
    await user.type(within(form).getByLabelText('From'), '2026-01-01');
    await user.type(within(form).getByLabelText('To'), '2026-02-28');
    await user.selectOptions(within(form).getByLabelText('Status'), 'Completed');
    await user.selectOptions(within(form).getByLabelText('Payment method'), 'None');
    await user.selectOptions(within(form).getByLabelText('Type'), 'Transfer');
    await user.selectOptions(within(form).getByLabelText('Unit type'), 'GBP Units');
    await user.selectOptions(within(form).getByLabelText('Sort by'), 'Units');
    await user.selectOptions(within(form).getByLabelText('Order'), 'asc');
    await user.click(within(form).getByRole('button', { name: 'Apply filters' }));

    await waitFor(() => expect(api.callsTo(listKey(filtered))).toHaveLength(1));
    expect(location.current).toBe(`${PATH}?${new URLSearchParams(filtered).toString()}`);
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(3));
    // The form was rebuilt from the address and still shows the choices.
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('01 Jan 2026');
    expect((screen.getByLabelText('Type') as HTMLSelectElement).value).toBe('TRANSFER');
  });

  it('offers one "Card" payment filter, for either card provider, and never names the provider', async () => {
    const api = mockApi({
      [listKey()]: () => json(200, page(ORDERS, 5)),
      [listKey({ paymentMethod: 'Card' })]: () => json(200, page([], 0)),
    });
    const { user } = renderApp(PATH, { session: TEST_USER });
    await screen.findByRole('table');
    const select = screen.getByLabelText('Payment method') as HTMLSelectElement;
    expect([...select.options].map((option) => option.textContent)).toEqual(['All', 'Bank transfer', 'Card', 'Crypto', 'None']);
    await user.selectOptions(select, 'Card');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(api.callsTo(listKey({ paymentMethod: 'Card' }))).toHaveLength(1));
  });

  it('reads the filters and the page from the address on load (reload, back and forward)', async () => {
    const api = mockApi({ [listKey({ page: 2, pageSize: 50, orderType: 'SELL' })]: () => json(200, page(ORDERS.slice(4), 51, 2, 50)) });
    renderApp(`${PATH}?orderType=SELL&page=2&pageSize=50`, { session: TEST_USER });

    expect(await screen.findByText('Showing 51–51 of 51')).toBeTruthy();
    expect((screen.getByLabelText('Type') as HTMLSelectElement).value).toBe('SELL');
    expect((screen.getByLabelText('Per page') as HTMLSelectElement).value).toBe('50');
    expect(api.calls.filter((c) => c.url.startsWith('/api/order'))).toHaveLength(1);
  });

  it('refuses an end date before the start date without asking the API', async () => {
    const api = mockApi({ [listKey()]: () => json(200, page(ORDERS, 5)) });
    const { user, location } = renderApp(PATH, { session: TEST_USER });
    await screen.findByRole('table');

    await user.type(screen.getByLabelText('From'), '2026-03-01');
    await user.type(screen.getByLabelText('To'), '2026-02-01');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));

    const to = screen.getByLabelText('To');
    expect(to.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(TRANSACTION_MESSAGES.dateOrder)).toBeTruthy();
    expect(document.getElementById(to.getAttribute('aria-describedby') ?? '')?.textContent).toBe(TRANSACTION_MESSAGES.dateOrder);
    expect(location.current).toBe(PATH);
    expect(api.calls.filter((c) => c.url.startsWith('/api/order'))).toHaveLength(1);

    // Fixing the date clears the message as it is typed.
    await user.clear(to);
    await user.type(to, '2026-03-31');
    expect(screen.queryByText(TRANSACTION_MESSAGES.dateOrder)).toBeNull();
  });

  it('does not send an address with wrong filters, and says why', async () => {
    const api = mockApi({});
    renderApp(`${PATH}?fromDate=2026-03-01&toDate=2026-02-01`, { session: TEST_USER });

    expect(await screen.findByText(TRANSACTION_MESSAGES.dateOrder)).toBeTruthy();
    expect(screen.getByText('Correct the filters above to see your transactions.')).toBeTruthy();
    expect(api.calls.filter((c) => c.url.startsWith('/api/order'))).toHaveLength(0);
  });

  it('pages: "Showing 21–40 of 134", next and previous, page size', async () => {
    const twenty = Array.from({ length: 20 }, (_, i) => order(`01JPAGE${String(i).padStart(18, '0')}`));
    const api = mockApi({
      [listKey({ page: 2 })]: () => json(200, page(twenty, 134, 2)),
      [listKey({ page: 3 })]: () => json(200, page(twenty, 134, 3)),
      [listKey({ pageSize: 100 })]: () => json(200, page(twenty, 134, 1, 100)),
    });
    const { user, location } = renderApp(`${PATH}?page=2`, { session: TEST_USER });

    const pager = await screen.findByRole('navigation', { name: 'Transaction pages' });
    expect(within(pager).getByText('Showing 21–40 of 134')).toBeTruthy();
    expect(within(pager).getByText('Page 2 of 7')).toBeTruthy();

    await user.click(within(pager).getByRole('button', { name: 'Next page' }));
    expect(await within(pager).findByText('Showing 41–60 of 134')).toBeTruthy();
    expect(location.current).toBe(`${PATH}?page=3`);

    await user.selectOptions(within(pager).getByLabelText('Per page'), '100');
    expect(await within(pager).findByText('Showing 1–100 of 134')).toBeTruthy();
    expect(location.current).toBe(`${PATH}?pageSize=100`);
    expect(within(pager).getByRole('button', { name: 'Previous page' })).toHaveProperty('disabled', true);
    expect(api.callsTo(listKey({ page: 3 }))).toHaveLength(1);
  });

  it('tells a new user there is nothing yet, with a way to buy', async () => {
    mockApi({ [listKey()]: () => json(200, page([], 0)) });
    renderApp(PATH, { session: TEST_USER });

    expect(await screen.findByRole('heading', { name: 'No transactions yet' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Buy Units' }).getAttribute('href')).toBe('/dashboard/transaction?tab=buy');
  });

  it('says when no transaction matches the filters, and resets them', async () => {
    mockApi({
      [listKey({ orderType: 'CONVERT' })]: () => json(200, page([], 0)),
      [listKey()]: () => json(200, page(ORDERS, 5)),
    });
    const { user, location } = renderApp(`${PATH}?orderType=CONVERT`, { session: TEST_USER });

    const empty = await screen.findByRole('heading', { name: 'No transactions match these filters' });
    await user.click(within(empty.parentElement as HTMLElement).getByRole('button', { name: 'Reset filters' }));

    await screen.findByRole('table');
    expect(location.current).toBe(PATH);
    expect((screen.getByLabelText('Type') as HTMLSelectElement).value).toBe('');
  });

  it('shows an error with a way to try again', async () => {
    let fail = true;
    mockApi({
      [listKey()]: () => (fail ? json(500, { message: 'Something went wrong on our side.', code: 'INTERNAL' }) : json(200, page(ORDERS, 5))),
    });
    const { user } = renderApp(PATH, { session: TEST_USER });

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Your transactions could not be loaded' })).toBeTruthy();
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table')).toBeTruthy();
  });

  it("opens an order's details with its status history", async () => {
    const sold = ORDERS[4]!;
    const api = mockApi({
      [listKey()]: () => json(200, page(ORDERS, 5)),
      [`GET /api/order/get_order_details/${sold.orderId}`]: () =>
        json(200, {
          orderData: {
            ...sold,
            sell: { unitsSold: 40, feeUnits: 10, payoutAmount: 4_280 },
            statusHistory: [
              { fromStatus: null, toStatus: 'FundsWaitingApproval', createdAt: '2026-03-10T14:05:00.000Z', reason: null },
              { fromStatus: 'FundsWaitingApproval', toStatus: 'Failed', createdAt: '2026-03-11T08:30:00.000Z', reason: 'Bank account closed' },
            ],
          },
        }),
    });
    const { user } = renderApp(PATH, { session: TEST_USER });
    await screen.findByRole('table');

    await user.click(screen.getByRole('button', { name: 'Details of the sell of 10 Mar 2026' }));

    const dialog = await screen.findByRole('dialog', { name: 'Order details' });
    expect(await within(dialog).findByText('Status history')).toBeTruthy();
    expect(within(dialog).getByText(sold.orderId)).toBeTruthy();
    expect(within(dialog).getByText('€42.80')).toBeTruthy();
    const history = within(dialog)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(history).toEqual(['10 Mar 2026, 14:05 UTCFunds Waiting Approval', '11 Mar 2026, 08:30 UTCFunds Waiting Approval → FailedBank account closed']);
    expect(api.callsTo(`GET /api/order/get_order_details/${sold.orderId}`)).toHaveLength(1);

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('/dashboard/my-transactions on a phone', () => {
  it('keeps the filters behind a button that says how many are active', async () => {
    setViewportWidth(360);
    mockApi({ [listKey({ orderType: 'BUY' })]: () => json(200, page(ORDERS.slice(0, 2), 2)) });
    const { user } = renderApp(`${PATH}?orderType=BUY`, { session: TEST_USER });

    const toggle = await screen.findByRole('button', { name: 'Show filters (1 active)' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('form', { name: 'Filter transactions' })).toBeNull();
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect((within(screen.getByRole('form', { name: 'Filter transactions' })).getByLabelText('Type') as HTMLSelectElement).value).toBe('BUY');
  });
});
