import { addDaysIso, defaultScheduledDate, formatDay, ORDER_MESSAGES, utcIsoDate } from '@landunits/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { json } from '../../test/api-mock';
import { setViewportWidth } from '../../test/browser-shims';
import { idempotencyKeys, ORDER_ID, orderApi, renderOrderPage, testOrder } from './orders-test-utils';
import * as badgeStyles from '../../shared/ui/status-badge.module.css';

beforeAll(async () => {
  await import('./order-pages');
});

const CREATE = 'POST /api/order/create_order';
const LOOKUP = 'GET /api/user/getUserNameByEmail?email=bob%40example.com';
const LIST = 'GET /api/order/getTransactions?orderType=TRANSFER_FUTURE&orderStatus=Transfer+Queued&page=1&pageSize=20';
const CANCEL = 'POST /api/order/cancel-future-transfer';

function scheduled(overrides: Parameters<typeof testOrder>[0] = {}) {
  return testOrder({
    orderType: 'TRANSFER_FUTURE',
    orderStatus: 'Scheduled',
    statusLabel: 'Transfer Queued',
    statusColour: 'blue',
    paymentMethod: 'None',
    paymentDetails: null,
    buy: null,
    currencyUnit: { unitType: 'LAND_POUND', numberOfUnits: 25, pricePerUnit: '1.070000' },
    transfer: { recipientEmail: 'bob@example.com', scheduledDate: '2026-12-01' },
    counterpartyEmail: 'bob@example.com',
    counterpartyName: 'Bob B.',
    ...overrides,
  });
}

const page = (transactions: ReturnType<typeof scheduled>[], total = transactions.length) => json(200, { transactions, total, page: 1, pageSize: 20 });

describe('/dashboard/future-transfer', () => {
  it('defaults to tomorrow, refuses today, and schedules the transfer with the recipient named', async () => {
    const api = orderApi({
      [LOOKUP]: () => json(200, { name: 'Bob B.' }),
      [CREATE]: () => json(201, { orderCreatedData: scheduled() }),
      [LIST]: () => page([scheduled()]),
    });
    const { user, location } = renderOrderPage('/dashboard/future-transfer');
    await screen.findByRole('form', { name: 'Schedule a transfer' });

    const date = screen.getByLabelText('Transfer date') as HTMLInputElement;
    const tomorrow = defaultScheduledDate(new Date());
    // Shown as DD MMM YYYY whatever the browser's locale; the form holds YYYY-MM-DD.
    expect(date.value).toBe(formatDay(tomorrow));

    fireEvent.change(date, { target: { value: utcIsoDate(new Date()) } });
    fireEvent.blur(date);
    expect(await screen.findByText(ORDER_MESSAGES.scheduledDateTooSoon)).toBeTruthy();
    const inTenDays = addDaysIso(utcIsoDate(new Date()), 10);
    fireEvent.change(date, { target: { value: inTenDays } });
    await waitFor(() => expect(screen.queryByText(ORDER_MESSAGES.scheduledDateTooSoon)).toBeNull());

    await user.type(screen.getByLabelText("Recipient's email"), 'bob@example.com');
    expect(await screen.findByText('Bob B.')).toBeTruthy();
    await user.type(screen.getByLabelText('Number of Units'), '25');
    await user.click(screen.getByRole('button', { name: 'Review order' }));

    const review = await screen.findByRole('region', { name: 'Review your scheduled transfer' });
    expect(within(review).getByText('Bob B. (bob@example.com)')).toBeTruthy();
    expect(within(review).getByText('Transfer date').nextElementSibling?.textContent).toMatch(/^\d{2} \w{3} \d{4}$/);
    await user.click(within(review).getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Scheduled transfers' })).toBeTruthy();
    expect(location.current).toBe('/dashboard/view-future-transfer');
    expect(within(screen.getByRole('status', { name: 'Notifications' })).getByText('Transfer scheduled')).toBeTruthy();
    expect(api.callsTo(CREATE)[0]?.body).toMatchObject({
      orderType: 'TRANSFER_FUTURE',
      currencyUnit: { unitType: 'LAND_POUND', numberOfUnits: 25 },
      transfer: { recipientEmail: 'bob@example.com', scheduledDate: inTenDays },
    });
    expect(idempotencyKeys(CREATE)[0]).toBeTruthy();
  });

  it('shows the server’s date message under the date field (400)', async () => {
    orderApi({
      [LOOKUP]: () => json(200, { name: 'Bob B.' }),
      [CREATE]: () => json(400, { message: 'Please check the form', code: 'VALIDATION_FAILED', errors: { scheduledDate: ORDER_MESSAGES.scheduledDateTooFar } }),
    });
    const { user } = renderOrderPage('/dashboard/future-transfer');
    await screen.findByRole('form', { name: 'Schedule a transfer' });
    await user.type(screen.getByLabelText("Recipient's email"), 'bob@example.com');
    await user.type(screen.getByLabelText('Number of Units'), '5');
    await user.click(screen.getByRole('button', { name: 'Review order' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText(ORDER_MESSAGES.scheduledDateTooFar)).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Transfer date')));
  });
});

describe('/dashboard/view-future-transfer', () => {
  it('lists scheduled transfers and cancels one after asking, with an Idempotency-Key', async () => {
    const cancelled = scheduled({ orderStatus: 'Cancelled', statusLabel: 'Cancelled', statusColour: 'grey' });
    const api = orderApi({
      [LIST]: () => page([scheduled()]),
      [CANCEL]: () => json(200, { orderCancelledData: cancelled }),
      [`GET /api/order/get_order_details/${ORDER_ID}`]: () => json(200, { orderData: cancelled }),
    });
    const { user, location } = renderOrderPage('/dashboard/view-future-transfer');

    const table = await screen.findByRole('table', { name: 'Your scheduled transfers' });
    const row = within(table).getAllByRole('row')[1] as HTMLElement;
    expect(within(row).getByText('01 Dec 2026')).toBeTruthy();
    expect(within(row).getByText('Bob B. (bob@example.com)')).toBeTruthy();
    expect(within(row).getByText('25 GBP Units')).toBeTruthy();
    expect(within(row).getByText('Transfer Queued').className).toContain(badgeStyles.badgeInfo);

    await user.click(within(row).getByRole('button', { name: 'Cancel the transfer of 25 GBP Units to Bob B. (bob@example.com) on 01 Dec 2026' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel this scheduled transfer?' });
    expect(api.callsTo(CANCEL)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel transfer' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Scheduled transfer cancelled' })).toBeTruthy();
    expect(location.current).toBe(`/dashboard/future-transfer/cancelled?orderId=${ORDER_ID}`);
    expect(api.callsTo(CANCEL).map((c) => c.body)).toEqual([{ orderId: ORDER_ID }]);
    expect(idempotencyKeys(CANCEL)[0]).toMatch(/^[A-Za-z0-9_.:-]{8,100}$/);
    expect(await screen.findByText('The transfer will not happen. The Units are back in your Owned balance.')).toBeTruthy();
    const next = screen.getByRole('navigation', { name: 'Next steps' });
    expect(within(next).getByRole('link', { name: 'Transaction history' }).getAttribute('href')).toBe('/dashboard/my-transactions');
    expect(within(next).getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/dashboard');
  });

  it('shows one card per transfer on a phone (below 768 px), with the same facts and Cancel', async () => {
    setViewportWidth(353);
    const api = orderApi({
      [LIST]: () => page([scheduled(), scheduled({ orderId: 'IN1', direction: 'RECEIVED', counterpartyName: 'Carol C.', counterpartyEmail: 'carol@example.com' })]),
    });
    const { user } = renderOrderPage('/dashboard/view-future-transfer');

    const list = await screen.findByRole('list', { name: 'Your scheduled transfers' });
    expect(screen.queryByRole('table')).toBeNull();
    const [sent, received] = within(list).getAllByRole('article') as [HTMLElement, HTMLElement];
    expect(within(sent).getByRole('heading', { name: '01 Dec 2026' })).toBeTruthy();
    expect(within(sent).getByText('Bob B. (bob@example.com)')).toBeTruthy();
    expect(within(sent).getByText('25 GBP Units')).toBeTruthy();
    expect(within(sent).getByText('Transfer Queued')).toBeTruthy();
    expect(within(received).getByText('From Carol C. (carol@example.com)')).toBeTruthy();
    expect(within(received).getByText('Incoming')).toBeTruthy();
    expect(within(received).queryByRole('button')).toBeNull();

    await user.click(within(sent).getByRole('button', { name: 'Cancel the transfer of 25 GBP Units to Bob B. (bob@example.com) on 01 Dec 2026' }));
    expect(screen.getByRole('dialog', { name: 'Cancel this scheduled transfer?' })).toBeTruthy();
    expect(api.callsTo(CANCEL)).toHaveLength(0);

    // Wider again: the table comes back.
    setViewportWidth(1024);
    expect(await screen.findByRole('table', { name: 'Your scheduled transfers' })).toBeTruthy();
  });

  it('keeps the key when a cancel is retried after a network error', async () => {
    let tries = 0;
    orderApi({
      [LIST]: () => page([scheduled()]),
      [CANCEL]: () => {
        tries += 1;
        if (tries === 1) throw new TypeError('Failed to fetch');
        return json(409, { message: 'This transfer has already happened.', code: 'TRANSITION_REFUSED' });
      },
    });
    const { user } = renderOrderPage('/dashboard/view-future-transfer');
    await user.click(await screen.findByRole('button', { name: /^Cancel the transfer/ }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel transfer' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('Network Error');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel transfer' }));
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toContain('This transfer has already happened.'));
    const keys = idempotencyKeys(CANCEL);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  it('has a designed empty state with a link to schedule one', async () => {
    orderApi({ [LIST]: () => page([]) });
    renderOrderPage('/dashboard/view-future-transfer');
    expect(await screen.findByRole('heading', { name: 'No scheduled transfers' })).toBeTruthy();
    const links = screen.getAllByRole('link', { name: 'Schedule a transfer' });
    expect(links.every((link) => link.getAttribute('href') === '/dashboard/future-transfer')).toBe(true);
  });

  it('pages through a long list', async () => {
    const api = orderApi({
      [LIST]: () => page([scheduled()], 45),
      'GET /api/order/getTransactions?orderType=TRANSFER_FUTURE&orderStatus=Transfer+Queued&page=2&pageSize=20': () =>
        json(200, { transactions: [scheduled({ orderId: 'OTHER', counterpartyName: 'Carol C.', counterpartyEmail: 'carol@example.com' })], total: 45, page: 2, pageSize: 20 }),
    });
    const { user } = renderOrderPage('/dashboard/view-future-transfer');
    await screen.findByRole('table');
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Carol C. (carol@example.com)')).toBeTruthy();
    expect(api.callsTo('GET /api/order/getTransactions?orderType=TRANSFER_FUTURE&orderStatus=Transfer+Queued&page=2&pageSize=20')).toHaveLength(1);
  });

  it('offers a retry when the list cannot be loaded', async () => {
    let tries = 0;
    orderApi({
      [LIST]: () => {
        tries += 1;
        return tries === 1 ? json(500, { message: 'Something went wrong on our side.', code: 'INTERNAL' }) : page([scheduled()]);
      },
    });
    const { user } = renderOrderPage('/dashboard/view-future-transfer');
    expect(await screen.findByRole('heading', { name: 'We could not load your scheduled transfers' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Your scheduled transfers' })).toBeTruthy();
  });
});
