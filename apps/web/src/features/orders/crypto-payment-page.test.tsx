import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { json } from '../../test/api-mock';
import { idempotencyKeys, ORDER_ID, orderApi, renderOrderPage, testOrder } from './orders-test-utils';
import * as badgeStyles from '../../shared/ui/status-badge.module.css';

beforeAll(async () => {
  await import('./order-pages');
});

const DETAILS = `GET /api/order/get_order_details/${ORDER_ID}`;
const SUCCESS = 'POST /api/order/success_order';
const CANCEL = 'POST /api/order/cancel_order';
const PATH = `/dashboard/buy-units/payment-crypto?orderId=${ORDER_ID}`;
const WALLET = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const QUOTE = 'POST /api/order/crypto_quote';
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 29 29"><path d="M0 0h7v7H0z"/></svg>';

/** POST /api/order/crypto_quote's answer: £109.08 at £65,000.00 per BTC, quoted at 14:00 UTC. */
const quoteAnswer = (overrides: { coinAmount?: string; coinPrice?: string; secondsLeft?: number; rateSource?: string; rateAt?: string | null } = {}) => {
  const { secondsLeft = 900, ...quote } = overrides;
  const coinAmount = quote.coinAmount ?? '0.00167816';
  return {
    quote: {
      coin: 'BITCOIN',
      currency: 'GBP',
      paymentAmount: 10_908,
      coinAmount,
      coinPrice: '65000.00',
      rateSource: 'Land Units',
      rateAt: '2026-11-20T09:30:00.000Z',
      quotedAt: '2026-11-22T14:00:00.000Z',
      expiresAt: '2026-11-22T14:15:00.000Z',
      ...quote,
    },
    secondsLeft,
    paymentUri: `bitcoin:${WALLET}?amount=${coinAmount}`,
    qrCodeSvg: SVG,
  };
};

function figure(label: string, scope: HTMLElement = document.body): string {
  return within(scope).getAllByText(label, { selector: 'dt' })[0]?.nextElementSibling?.textContent ?? '';
}

const cryptoOrder = (overrides: Parameters<typeof testOrder>[0] = {}) =>
  testOrder({
    paymentMethod: 'Crypto',
    paymentDetails: {
      currency: 'GBP',
      paymentMethod: 'Crypto',
      subTotal: 10_700,
      discount: 0,
      transactionFee: 100,
      paymentMethodFees: { fixedPercentageFees: 108, fixedCentsFees: 0 },
      paymentAmount: 10_908,
    },
    buy: { paymentId: 'ABCDE', expiresAt: '2026-11-23T14:05:00.000Z', cryptoType: 'BITCOIN', walletAddress: WALLET },
    ...overrides,
  });

describe('/dashboard/buy-units/payment-crypto', () => {
  it('shows the coin, our wallet address and the reference with copy buttons, the exact amount and the deadline', async () => {
    orderApi({ [DETAILS]: () => json(200, { orderData: cryptoOrder() }), [QUOTE]: () => json(200, quoteAnswer()) });
    const { user } = renderOrderPage(PATH);

    expect(await screen.findByRole('heading', { level: 1, name: 'Pay with crypto' })).toBeTruthy();
    const payment = await screen.findByRole('region', { name: 'Your payment' });
    expect(figure('Amount to pay', payment)).toBe('£109.08');
    expect(figure('Units', payment)).toBe('100 GBP Units');
    expect(figure('Crypto: Bitcoin (BTC) fee', payment)).toBe('£1.08');
    expect(figure('Pay by', payment)).toBe('23 Nov 2026, 14:05 UTC');
    expect(figure('Coin', payment)).toBe('Bitcoin (BTC)');
    expect(within(payment).getByText(/worth/).textContent).toContain('£109.08');

    expect(screen.getByLabelText('Our Bitcoin (BTC) wallet address').textContent).toBe(WALLET);
    await user.click(within(payment).getByRole('button', { name: 'Copy address' }));
    expect(await navigator.clipboard.readText()).toBe(WALLET);
    expect(within(payment).getByText('Address copied.')).toBeTruthy();

    expect(screen.getByLabelText('Payment reference').textContent).toBe('ABCDE');
    await user.click(within(payment).getByRole('button', { name: 'Copy reference' }));
    expect(await navigator.clipboard.readText()).toBe('ABCDE');
  });

  it('shows the coin amount at the rate, with the rate’s source and time, a countdown and a QR code of the payment', async () => {
    const api = orderApi({ [DETAILS]: () => json(200, { orderData: cryptoOrder() }), [QUOTE]: () => json(200, quoteAnswer()) });
    const { user } = renderOrderPage(PATH);
    const payment = await screen.findByRole('region', { name: 'Your payment' });

    const amount = await within(payment).findByLabelText('Amount to send');
    expect(amount.textContent).toBe('0.00167816 BTC');
    expect(within(payment).getByText(/£109\.08 at 1 BTC = £65,000\.00\./)).toBeTruthy();
    await user.click(within(payment).getByRole('button', { name: 'Copy amount' }));
    // The number alone, as a wallet's amount field takes it.
    expect(await navigator.clipboard.readText()).toBe('0.00167816');
    expect(within(payment).getByText('Rate: 1 BTC = £65,000.00 (Land Units’ rate at 22 Nov 2026, 14:00 UTC).')).toBeTruthy();

    const timer = within(payment).getByRole('timer');
    expect(timer.textContent).toMatch(/^1[45]:\d\d$/);
    expect(timer.getAttribute('aria-label')).toBe('15 minutes left');
    expect(timer.parentElement?.textContent).toContain('(until 22 Nov 2026, 14:15 UTC)');
    const qr = within(payment).getByRole('img', { name: 'QR code: pay 0.00167816 BTC to our Bitcoin (BTC) wallet' }) as HTMLImageElement;
    expect(decodeURIComponent(qr.src)).toBe(`data:image/svg+xml;charset=utf-8,${SVG}`);
    expect(api.callsTo(QUOTE).map((c) => c.body)).toEqual([{ orderId: ORDER_ID }]);
  });

  it('when the amount expires, says so, hides the QR code and gets a new amount on request', async () => {
    let answer = quoteAnswer({ secondsLeft: 1 });
    const api = orderApi({ [DETAILS]: () => json(200, { orderData: cryptoOrder() }), [QUOTE]: () => json(200, answer) });
    const { user } = renderOrderPage(PATH);
    const payment = await screen.findByRole('region', { name: 'Your payment' });
    expect((await within(payment).findByRole('timer')).getAttribute('aria-label')).toBe('1 second left');

    const expired = await within(payment).findByRole('alert', {}, { timeout: 5_000 });
    expect(expired.textContent).toContain('This amount expired at 22 Nov 2026, 14:15 UTC');
    expect(within(payment).queryByRole('img', { name: /QR code/ })).toBeNull();
    expect(within(payment).queryByRole('timer')).toBeNull();

    answer = quoteAnswer({ coinAmount: '0.00165272', coinPrice: '66000.00' });
    await user.click(within(expired).getByRole('button', { name: 'Get a new amount' }));
    await waitFor(() => expect(within(payment).getByLabelText('Amount to send').textContent).toBe('0.00165272 BTC'));
    expect(within(payment).getByRole('timer').textContent).toMatch(/^1[45]:\d\d$/);
    expect(within(payment).getByRole('img', { name: /QR code: pay 0\.00165272 BTC/ })).toBeTruthy();
    expect(api.callsTo(QUOTE)).toHaveLength(2);
  });

  it('says when no rate can be had, and tries again on request; the wallet and the reference stay on the page', async () => {
    let status = 503;
    orderApi({
      [DETAILS]: () => json(200, { orderData: cryptoOrder() }),
      [QUOTE]: () => (status === 503 ? json(503, { message: 'We could not get a rate for this coin just now. Please try again in a minute.', code: 'UNAVAILABLE' }) : json(200, quoteAnswer())),
    });
    const { user } = renderOrderPage(PATH);
    const payment = await screen.findByRole('region', { name: 'Your payment' });
    const alert = await within(payment).findByRole('alert');
    expect(alert.textContent).toContain('We could not get a rate for this coin just now.');
    expect(screen.getByLabelText('Our Bitcoin (BTC) wallet address').textContent).toBe(WALLET);

    status = 200;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect((await within(payment).findByLabelText('Amount to send')).textContent).toBe('0.00167816 BTC');
    expect(within(payment).queryByRole('alert')).toBeNull();
  });

  it('“I have sent the payment” posts success_order and shows the order pending approval', async () => {
    let details = cryptoOrder();
    const pending = cryptoOrder({ orderStatus: 'PaymentSent_FromUserCrypto', statusLabel: 'Pending Approval', statusColour: 'lilac' });
    const api = orderApi({
      [DETAILS]: () => json(200, { orderData: details }),
      [QUOTE]: () => json(200, quoteAnswer()),
      [SUCCESS]: () => {
        details = pending;
        return json(200, { orderSuccessData: pending });
      },
    });
    const { user, location } = renderOrderPage(PATH);
    await user.click(await screen.findByRole('button', { name: 'I have sent the payment' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Thank you for your purchase' })).toBeTruthy();
    await waitFor(() => expect(location.current).toBe(`/dashboard/buy-units/payment/success?orderId=${ORDER_ID}`));
    expect(api.callsTo(SUCCESS).map((c) => c.body)).toEqual([expect.objectContaining({ orderId: ORDER_ID })]);
    expect(idempotencyKeys(SUCCESS)[0]).toBeTruthy();
    const result = await screen.findByRole('region', { name: /^Order/ });
    expect(within(result).getByText('Pending Approval').className).toContain(badgeStyles.badgeLilac);
    expect(within(result).getByText(/has arrived in our wallet/)).toBeTruthy();
    expect(figure('Payment method', result)).toBe('Crypto: Bitcoin (BTC)');
  });

  it('cancels after asking and shows the cancelled order with a way to buy again', async () => {
    const cancelled = cryptoOrder({ orderStatus: 'Cancelled', statusLabel: 'Cancelled', statusColour: 'grey' });
    let details = cryptoOrder();
    const api = orderApi({
      [DETAILS]: () => json(200, { orderData: details }),
      [QUOTE]: () => json(200, quoteAnswer()),
      [CANCEL]: () => {
        details = cancelled;
        return json(200, { orderCancelledData: cancelled });
      },
    });
    const { user, location } = renderOrderPage(PATH);
    await user.click(await screen.findByRole('button', { name: 'Cancel order' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Cancel this order?' })).getByRole('button', { name: 'Cancel order' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Purchase cancelled' })).toBeTruthy();
    await waitFor(() => expect(location.current).toBe(`/dashboard/buy-units/cancelled?orderId=${ORDER_ID}`));
    expect(api.callsTo(CANCEL).map((c) => c.body)).toEqual([{ orderId: ORDER_ID }]);
    expect(await screen.findByText(/The Units reserved for this order are released/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Buy Units' }).getAttribute('href')).toBe('/dashboard/transaction?tab=buy');
  });

  it('falls back to today’s wallet from the dashboard bundle when the order has none, without a coin amount for it', async () => {
    const api = orderApi({
      [DETAILS]: () => json(200, { orderData: cryptoOrder({ buy: { paymentId: 'ABCDE', expiresAt: null, cryptoType: 'ETHER', walletAddress: null } }) }),
      [QUOTE]: () => json(200, quoteAnswer()),
    });
    renderOrderPage(PATH);
    expect((await screen.findByLabelText('Our Ether (ETH) wallet address')).textContent).toBe('0x00000000000000000000000000000000000000e1');
    // A quote is made for the order's own wallet only: none is asked for, and no error is shown.
    expect(screen.queryByLabelText('Amount to send')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(api.callsTo(QUOTE)).toHaveLength(0);
  });

  it('sends a bank buy opened here to its own page', async () => {
    orderApi({ [DETAILS]: () => json(200, { orderData: testOrder() }) });
    const { location } = renderOrderPage(PATH);
    expect(await screen.findByRole('heading', { level: 1, name: 'Pay by bank transfer' })).toBeTruthy();
    await waitFor(() => expect(location.current).toBe(`/dashboard/buy-units/payment-bank?orderId=${ORDER_ID}`));
  });
});
