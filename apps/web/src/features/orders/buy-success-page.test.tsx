import { CARD_MESSAGES } from '@landunits/domain';
import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { json } from '../../test/api-mock';
import { ORDER_ID, orderApi, renderOrderPage, testOrder } from './orders-test-utils';
import * as badgeStyles from '../../shared/ui/status-badge.module.css';

beforeAll(async () => {
  await import('./order-pages');
});

afterEach(() => {
  vi.useRealTimers();
});

const DETAILS = `GET /api/order/get_order_details/${ORDER_ID}`;
const PATH = `/dashboard/buy-units/payment/success?orderId=${ORDER_ID}`;

const card = (overrides: Parameters<typeof testOrder>[0]) => testOrder({ paymentMethod: 'Card_Stripe', ...overrides });
const inProcess = card({ orderStatus: 'InProcess', statusLabel: 'In Process', statusColour: 'blue' });
const completed = card({ orderStatus: 'Completed', statusLabel: 'Completed', statusColour: 'green' });

describe('/dashboard/buy-units/payment/success', () => {
  it('asks again every 2 s while the card payment is being confirmed, then says the Units are in the account', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let asked = 0;
    const api = orderApi({
      [DETAILS]: () => {
        asked += 1;
        return json(200, { orderData: asked >= 3 ? completed : inProcess });
      },
    });
    renderOrderPage(PATH);

    expect(await screen.findByText('Confirming your payment…')).toBeTruthy();
    expect(screen.getByText('In Process')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(api.callsTo(DETAILS)).toHaveLength(2);
    await act(() => vi.advanceTimersByTimeAsync(2_000));

    expect(await screen.findByText('Your 100 GBP Units are in your account.')).toBeTruthy();
    const result = screen.getByRole('region', { name: /^Order/ });
    expect(within(result).getByText('Completed').className).toContain(badgeStyles.badgeSuccess);
    expect(screen.queryByText('Confirming your payment…')).toBeNull();
    // Completed: no more asking.
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(api.callsTo(DETAILS)).toHaveLength(3);
    const next = screen.getByRole('navigation', { name: 'Next steps' });
    expect(within(next).getByRole('link', { name: 'Dashboard' })).toBeTruthy();
    expect(within(next).getByRole('link', { name: 'Transaction history' })).toBeTruthy();
  });

  it('stops after about a minute and says calmly that the payment is still being confirmed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = orderApi({ [DETAILS]: () => json(200, { orderData: inProcess }) });
    renderOrderPage(PATH);
    expect(await screen.findByText('Confirming your payment…')).toBeTruthy();

    await act(() => vi.advanceTimersByTimeAsync(62_000));
    expect(await screen.findByText('Your payment is still being confirmed.')).toBeTruthy();
    expect(screen.getByText(/will show as Completed in your transaction history/)).toBeTruthy();
    const asked = api.callsTo(DETAILS).length;
    expect(asked).toBeGreaterThanOrEqual(29);
    expect(asked).toBeLessThanOrEqual(32);
    await act(() => vi.advanceTimersByTimeAsync(20_000));
    expect(api.callsTo(DETAILS)).toHaveLength(asked);
  });

  it('shows a declined card payment as such', async () => {
    orderApi({ [DETAILS]: () => json(200, { orderData: card({ orderStatus: 'Failed', statusLabel: 'Failed', statusColour: 'red' }) }) });
    renderOrderPage(PATH);
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment not completed' })).toBeTruthy();
    expect(screen.getByText(CARD_MESSAGES.declined)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Start a new purchase' }).getAttribute('href')).toBe('/dashboard/transaction?tab=buy');
  });

  it('explains the approval of a bank payment', async () => {
    orderApi({ [DETAILS]: () => json(200, { orderData: testOrder({ orderStatus: 'PaymentSent', statusLabel: 'Pending Approval', statusColour: 'lilac' }) }) });
    renderOrderPage(PATH);
    expect(await screen.findByText(/has arrived in our bank account/)).toBeTruthy();
    expect(screen.queryByText('Confirming your payment…')).toBeNull();
  });

  it('says that LU2X Units are locked', async () => {
    orderApi({
      [DETAILS]: () => json(200, { orderData: card({ orderStatus: 'Completed', statusLabel: 'Completed', statusColour: 'green', currencyUnit: { ...completed.currencyUnit, isDoubleLand: true } }) }),
    });
    renderOrderPage(PATH);
    expect(await screen.findByText(/As LU2X Units they are locked for 6 months/)).toBeTruthy();
  });
});
