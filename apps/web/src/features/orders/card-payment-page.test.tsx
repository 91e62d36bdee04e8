import { CARD_MESSAGES, MAX_CARD_DECLINES, type PaymentMethod } from '@landunits/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { json } from '../../test/api-mock';
import { idempotencyKeys, ORDER_ID, orderApi, renderOrderPage, testOrder } from './orders-test-utils';

const stripeMock = vi.hoisted(() => ({
  confirmCardPayment: vi.fn(),
  mount: vi.fn(),
  loadStripe: vi.fn(),
}));

vi.mock('@stripe/stripe-js', () => ({ loadStripe: stripeMock.loadStripe }));

beforeAll(async () => {
  await import('./order-pages');
});

afterEach(() => {
  delete window.Square;
});

const DETAILS = `GET /api/order/get_order_details/${ORDER_ID}`;
const INTENT = `GET /api/order/get_payment_intent/${ORDER_ID}`;
const TEST_PAY = 'POST /api/order/test_card_payment';
const SQUARE_PAY = 'POST /api/order/pay_card_square';
const UPDATE = 'POST /api/order/update_order_amount';
const CANCEL = 'POST /api/order/cancel_order';
const STRIPE_PATH = `/dashboard/buy-units/payment-card-stripe?orderId=${ORDER_ID}`;
const SQUARE_PATH = `/dashboard/buy-units/payment-card-square?orderId=${ORDER_ID}`;
const SUCCESS_PATH = `/dashboard/buy-units/payment/success?orderId=${ORDER_ID}`;

function figure(label: string, scope: HTMLElement = document.body): string {
  return within(scope).getAllByText(label, { selector: 'dt' })[0]?.nextElementSibling?.textContent ?? '';
}

function cardOrder(method: PaymentMethod = 'Card_Stripe', overrides: Parameters<typeof testOrder>[0] = {}) {
  return testOrder({
    paymentMethod: method,
    paymentDetails: {
      currency: 'GBP',
      paymentMethod: method,
      subTotal: 10_700,
      discount: 0,
      transactionFee: 100,
      paymentMethodFees: { fixedPercentageFees: 162, fixedCentsFees: 20 },
      paymentAmount: 10_982,
    },
    ...overrides,
  });
}

const testIntent = (provider: PaymentMethod = 'Card_Stripe') => ({ mode: 'test', provider, clientSecret: null, publishableKey: null, amount: 10_982, currency: 'GBP' });
const completed = (method: PaymentMethod = 'Card_Stripe') => cardOrder(method, { orderStatus: 'Completed', statusLabel: 'Completed', statusColour: 'green' });
const failed = (method: PaymentMethod = 'Card_Stripe') => cardOrder(method, { orderStatus: 'Failed', statusLabel: 'Failed', statusColour: 'red' });

type User = ReturnType<typeof renderOrderPage>['user'];

async function fillCard(user: User, number: string, expiry = '12/34', cvc = '123') {
  await user.type(screen.getByLabelText('Card number'), number);
  await user.type(screen.getByLabelText('Expiry date'), expiry);
  await user.type(screen.getByLabelText('Security code (CVC)'), cvc);
}

describe('card pages in test mode', () => {
  it('say TEST MODE and which cards to use, and show the amount, Units and the method’s fee', async () => {
    orderApi({ [DETAILS]: () => json(200, { orderData: cardOrder() }), [INTENT]: () => json(200, testIntent()) });
    renderOrderPage(STRIPE_PATH);

    const banner = await screen.findByRole('note', { name: 'Test mode' });
    expect(banner.textContent).toContain('TEST MODE');
    expect(banner.textContent).toContain('No real card is charged');
    expect(banner.textContent).toContain('4242 4242 4242 4242');
    expect(banner.textContent).toContain('4000 0000 0000 0002');
    const payment = screen.getByRole('region', { name: 'Your payment' });
    expect(figure('Amount to pay', payment)).toBe('£109.82');
    expect(figure('Units', payment)).toBe('100 GBP Units');
    expect(figure('Card fee', payment)).toBe('£1.82');
    expect(screen.getByRole('button', { name: 'Pay £109.82' })).toBeTruthy();
  });

  it('check the card details with the card messages before sending anything', async () => {
    const api = orderApi({ [DETAILS]: () => json(200, { orderData: cardOrder() }), [INTENT]: () => json(200, testIntent()) });
    const { user } = renderOrderPage(STRIPE_PATH);
    await user.click(await screen.findByRole('button', { name: 'Pay £109.82' }));

    expect(screen.getByText(CARD_MESSAGES.cardNumber)).toBeTruthy();
    expect(screen.getByText(CARD_MESSAGES.expiry)).toBeTruthy();
    expect(screen.getByText(CARD_MESSAGES.cvc)).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Card number')));

    await fillCard(user, '4111 1111 1111 1111', '01/20', '12');
    expect(screen.getByText(CARD_MESSAGES.unknownTestCard)).toBeTruthy();
    expect(screen.getByText(CARD_MESSAGES.expiry)).toBeTruthy();
    expect(screen.getByText(CARD_MESSAGES.cvc)).toBeTruthy();
    expect(api.callsTo(TEST_PAY)).toHaveLength(0);
  });

  it('pay with 4242…: test_card_payment with an Idempotency-Key, then the success page', async () => {
    let details = cardOrder();
    const api = orderApi({
      [DETAILS]: () => json(200, { orderData: details }),
      [INTENT]: () => json(200, testIntent()),
      [TEST_PAY]: () => {
        details = completed();
        return json(200, { orderSuccessData: details });
      },
    });
    const { user, location } = renderOrderPage(STRIPE_PATH);
    await screen.findByRole('button', { name: 'Pay £109.82' });
    await fillCard(user, '4242 4242 4242 4242');
    await user.click(screen.getByRole('button', { name: 'Pay £109.82' }));

    expect(await screen.findByText('Your 100 GBP Units are in your account.')).toBeTruthy();
    await waitFor(() => expect(location.current).toBe(SUCCESS_PATH));
    expect(api.callsTo(TEST_PAY).map((c) => c.body)).toEqual([{ orderId: ORDER_ID, cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' }]);
    expect(idempotencyKeys(TEST_PAY)[0]).toMatch(/^[A-Za-z0-9_.:-]{8,100}$/);
    const next = screen.getByRole('navigation', { name: 'Next steps' });
    expect(within(next).getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/dashboard');
    expect(within(next).getByRole('link', { name: 'Transaction history' }).getAttribute('href')).toBe('/dashboard/my-transactions');
  });

  it('a declined card on an order still open: the decline, the tries left and the same form; the next card pays the same order', async () => {
    let details = cardOrder('Card_Square');
    const inProcess = { orderStatus: 'InProcess', statusLabel: 'In Process', statusColour: 'blue' } as const;
    const api = orderApi({
      [DETAILS]: () => json(200, { orderData: details }),
      [INTENT]: () => json(200, testIntent('Card_Square')),
      [TEST_PAY]: (call) => {
        if ((call.body as { cardNumber: string }).cardNumber === '4000000000000002') {
          details = cardOrder('Card_Square', { ...inProcess, buy: { paymentId: 'ABCDE', expiresAt: '2026-11-23T14:05:00.000Z', cardDeclines: 1 } });
          return json(402, { message: CARD_MESSAGES.declined, code: 'PAYMENT_DECLINED', errors: { cardNumber: CARD_MESSAGES.declined }, orderData: details });
        }
        details = completed('Card_Square');
        return json(200, { orderSuccessData: details });
      },
    });
    const { user, location } = renderOrderPage(SQUARE_PATH);
    await screen.findByRole('button', { name: 'Pay £109.82' });
    await fillCard(user, '4000000000000002');
    await user.click(screen.getByRole('button', { name: 'Pay £109.82' }));

    const alert = await screen.findByText(/Your card was declined/);
    expect(alert.textContent).toBe(`Your card was declined. No money was taken. Your Units stay reserved: you can try another card on this order (${MAX_CARD_DECLINES - 1} tries left).`);
    expect(screen.queryByRole('region', { name: 'Payment declined' })).toBeNull();
    await user.clear(screen.getByLabelText('Card number'));
    await user.type(screen.getByLabelText('Card number'), '4242424242424242');
    await user.click(screen.getByRole('button', { name: 'Pay £109.82' }));

    await waitFor(() => expect(location.current).toBe(`/dashboard/buy-units/payment/success?orderId=${ORDER_ID}`));
    const pays = api.callsTo(TEST_PAY);
    expect(pays.map((c) => [(c.body as { orderId: string }).orderId, (c.body as { cardNumber: string }).cardNumber])).toEqual([
      [ORDER_ID, '4000000000000002'],
      [ORDER_ID, '4242424242424242'],
    ]);
    // Each card is its own submission.
    expect(new Set(idempotencyKeys(TEST_PAY)).size).toBe(2);
  });

  it('show a declined card (402): no money taken, the order Failed, and a new purchase offered', async () => {
    let details = cardOrder('Card_Square');
    orderApi({
      [DETAILS]: () => json(200, { orderData: details }),
      [INTENT]: () => json(200, testIntent('Card_Square')),
      [TEST_PAY]: () => {
        details = failed('Card_Square');
        return json(402, { message: CARD_MESSAGES.declined, code: 'PAYMENT_DECLINED', errors: { cardNumber: CARD_MESSAGES.declined } });
      },
    });
    const { user, location } = renderOrderPage(SQUARE_PATH);
    await screen.findByRole('button', { name: 'Pay £109.82' });
    await fillCard(user, '4000000000000002');
    await user.click(screen.getByRole('button', { name: 'Pay £109.82' }));

    const declined = await screen.findByRole('region', { name: 'Payment declined' });
    expect(within(declined).getByRole('alert').textContent).toBe('Your card was declined. No money was taken.');
    expect(await within(declined).findByText('Failed')).toBeTruthy();
    expect(within(declined).getByRole('link', { name: 'Start a new purchase' }).getAttribute('href')).toBe('/dashboard/transaction?tab=buy');
    expect(location.current).toBe(SQUARE_PATH);
  });

  it('cancel the order after asking', async () => {
    let details = cardOrder();
    const api = orderApi({
      [DETAILS]: () => json(200, { orderData: details }),
      [INTENT]: () => json(200, testIntent()),
      [CANCEL]: () => {
        details = cardOrder('Card_Stripe', { orderStatus: 'Cancelled', statusLabel: 'Cancelled', statusColour: 'grey' });
        return json(200, { orderCancelledData: details });
      },
    });
    const { user, location } = renderOrderPage(STRIPE_PATH);
    await user.click(await screen.findByRole('button', { name: 'Cancel order' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel this order?' });
    expect(dialog.textContent).not.toContain('I have sent the payment');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel order' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Purchase cancelled' })).toBeTruthy();
    await waitFor(() => expect(location.current).toBe(`/dashboard/buy-units/cancelled?orderId=${ORDER_ID}`));
    expect(api.callsTo(CANCEL).map((c) => c.body)).toEqual([{ orderId: ORDER_ID }]);
  });

  it('change the number of Units of an Initiated order and show the server’s new figures', async () => {
    const updated = cardOrder('Card_Stripe', {
      currencyUnit: { ...cardOrder().currencyUnit, numberOfUnits: 150 },
      paymentDetails: { ...cardOrder().paymentDetails!, subTotal: 16_050, paymentMethodFees: { fixedPercentageFees: 242, fixedCentsFees: 20 }, paymentAmount: 16_412 },
    });
    let details = cardOrder();
    const api = orderApi({
      [DETAILS]: () => json(200, { orderData: details }),
      [INTENT]: () => json(200, testIntent()),
      [UPDATE]: () => {
        details = updated;
        return json(200, { orderUpdatedData: updated });
      },
    });
    const { user } = renderOrderPage(STRIPE_PATH);
    await screen.findByRole('note', { name: 'Test mode' });
    await user.click(screen.getByRole('button', { name: 'Change the number of Units' }));
    const field = screen.getByLabelText('New number of Units');
    await user.clear(field);
    await user.type(field, '150{Enter}');

    expect(await screen.findByText('Updated: 150 GBP Units, £164.12 to pay.')).toBeTruthy();
    const payment = screen.getByRole('region', { name: 'Your payment' });
    expect(figure('Amount to pay', payment)).toBe('£164.12');
    expect(figure('Units', payment)).toBe('150 GBP Units');
    expect(screen.getByRole('button', { name: 'Pay £164.12' })).toBeTruthy();
    expect(api.callsTo(UPDATE).map((c) => c.body)).toEqual([{ orderId: ORDER_ID, numberOfUnits: 150 }]);
    expect(idempotencyKeys(UPDATE)[0]).toBeTruthy();
  });

  it('show the Completed state, not the form, for an order already paid', async () => {
    orderApi({ [DETAILS]: () => json(200, { orderData: completed() }) });
    renderOrderPage(STRIPE_PATH);
    expect(await screen.findByText(/This order no longer waits for a payment/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See what happens next' }).getAttribute('href')).toBe(SUCCESS_PATH);
    expect(screen.queryByRole('button', { name: /^Pay/ })).toBeNull();
  });
});

describe('the older card path /dashboard/buy-units/payment-card/', () => {
  it('goes to the preferred provider’s page with the same order, replacing itself', async () => {
    orderApi({
      'GET /api/order/card_setup': () => json(200, { preferred: 'Card_Square', offered: 'Card_Square', modes: { Card_Stripe: 'test', Card_Square: 'test' }, stripePublishableKey: null, square: null }),
      [DETAILS]: () => json(200, { orderData: cardOrder('Card_Square') }),
      [INTENT]: () => json(200, testIntent('Card_Square')),
    });
    const { location } = renderOrderPage(`/dashboard/buy-units/payment-card/?orderId=${ORDER_ID}`);
    await waitFor(() => expect(location.current).toBe(SQUARE_PATH));
    expect(await screen.findByRole('note', { name: 'Test mode' })).toBeTruthy();
  });

  it('goes to Stripe’s page when card_setup does not answer', async () => {
    orderApi({
      'GET /api/order/card_setup': () => json(503, { message: 'The service is busy. Please try again.', code: 'UNAVAILABLE' }),
      [DETAILS]: () => json(200, { orderData: cardOrder() }),
      [INTENT]: () => json(200, testIntent()),
    });
    const { location } = renderOrderPage(`/dashboard/buy-units/payment-card?orderId=${ORDER_ID}`);
    await waitFor(() => expect(location.current).toBe(STRIPE_PATH));
  });
});

describe('card pages in live mode', () => {
  it('Stripe: loads Stripe.js on demand, mounts its card field, confirms the payment, then waits for it on the success page', async () => {
    const card = { mount: stripeMock.mount, on: vi.fn(), destroy: vi.fn() };
    stripeMock.loadStripe.mockResolvedValue({ elements: () => ({ create: () => card }), confirmCardPayment: stripeMock.confirmCardPayment });
    stripeMock.confirmCardPayment.mockResolvedValue({ paymentIntent: { status: 'succeeded' } });
    const inProcess = cardOrder('Card_Stripe', { orderStatus: 'InProcess', statusLabel: 'In Process', statusColour: 'blue' });
    orderApi({
      [DETAILS]: () => json(200, { orderData: inProcess }),
      [INTENT]: () => json(200, { mode: 'live', provider: 'Card_Stripe', clientSecret: 'pi_1_secret_2', publishableKey: 'pk_test_1', amount: 10_982, currency: 'GBP' }),
    });
    const { user, location } = renderOrderPage(STRIPE_PATH);

    const pay = await screen.findByRole('button', { name: 'Pay £109.82' });
    await waitFor(() => expect((pay as HTMLButtonElement).disabled).toBe(false));
    expect(stripeMock.loadStripe).toHaveBeenCalledWith('pk_test_1');
    expect(stripeMock.mount).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('note', { name: 'Test mode' })).toBeNull();
    expect(screen.getByRole('group', { name: 'Card details' })).toBeTruthy();
    // Changing the Units is only for payments not started at a provider.
    expect(screen.queryByRole('button', { name: 'Change the number of Units' })).toBeNull();

    await user.click(pay);
    expect(stripeMock.confirmCardPayment).toHaveBeenCalledWith('pi_1_secret_2', { payment_method: { card } });
    await waitFor(() => expect(location.current).toBe(SUCCESS_PATH));
    expect(await screen.findByText('Confirming your payment…')).toBeTruthy();
  });

  it('Stripe: a declined card shows the decline, and another card can be tried while the order is open', async () => {
    const card = { mount: vi.fn(), on: vi.fn(), destroy: vi.fn() };
    stripeMock.loadStripe.mockResolvedValue({ elements: () => ({ create: () => card }), confirmCardPayment: stripeMock.confirmCardPayment });
    stripeMock.confirmCardPayment.mockResolvedValue({ error: { type: 'card_error', message: 'Your card has insufficient funds.' } });
    orderApi({
      [DETAILS]: () => json(200, { orderData: cardOrder('Card_Stripe', { orderStatus: 'InProcess', statusLabel: 'In Process', statusColour: 'blue' }) }),
      [INTENT]: () => json(200, { mode: 'live', provider: 'Card_Stripe', clientSecret: 'pi_1_secret_2', publishableKey: 'pk_test_1', amount: 10_982, currency: 'GBP' }),
    });
    const { user } = renderOrderPage(STRIPE_PATH);
    const pay = await screen.findByRole('button', { name: 'Pay £109.82' });
    await waitFor(() => expect((pay as HTMLButtonElement).disabled).toBe(false));
    await user.click(pay);
    expect((await screen.findByRole('alert')).textContent).toBe('Your card was declined. No money was taken. Your card has insufficient funds. You can try another card.');
    expect(screen.getByRole('button', { name: 'Pay £109.82' })).toBeTruthy();
  });

  it('Square: attaches Square’s card field, tokenizes, posts pay_card_square with the token, then the success page', async () => {
    const attach = vi.fn(async () => undefined);
    const tokenize = vi.fn(async () => ({ status: 'OK', token: 'cnon:card-nonce-ok' }));
    const payments = vi.fn(() => ({ card: async () => ({ attach, tokenize, destroy: async () => undefined }) }));
    window.Square = { payments };
    let details = cardOrder('Card_Square');
    const api = orderApi({
      [DETAILS]: () => json(200, { orderData: details }),
      [INTENT]: () =>
        json(200, { mode: 'live', provider: 'Card_Square', applicationId: 'sq0idp-app', locationId: 'L1', sdkUrl: 'https://web.squarecdn.com/v1/square.js', amount: 10_982, currency: 'GBP' }),
      [SQUARE_PAY]: () => {
        details = completed('Card_Square');
        return json(200, { orderSuccessData: details });
      },
    });
    const { user, location } = renderOrderPage(SQUARE_PATH);
    const pay = await screen.findByRole('button', { name: 'Pay £109.82' });
    await waitFor(() => expect((pay as HTMLButtonElement).disabled).toBe(false));
    expect(payments).toHaveBeenCalledWith('sq0idp-app', 'L1');
    expect(attach).toHaveBeenCalledTimes(1);

    await user.click(pay);
    await waitFor(() => expect(location.current).toBe(SUCCESS_PATH));
    expect(api.callsTo(SQUARE_PAY).map((c) => c.body)).toEqual([{ orderId: ORDER_ID, sourceId: 'cnon:card-nonce-ok' }]);
    expect(idempotencyKeys(SQUARE_PAY)[0]).toBeTruthy();
    expect(await screen.findByText('Your 100 GBP Units are in your account.')).toBeTruthy();
  });

  it('Square: a 402 that failed the order shows the decline and offers a new purchase', async () => {
    window.Square = {
      payments: () => ({ card: async () => ({ attach: async () => undefined, tokenize: async () => ({ status: 'OK', token: 'cnon:declined' }), destroy: async () => undefined }) }),
    };
    let details = cardOrder('Card_Square');
    orderApi({
      [DETAILS]: () => json(200, { orderData: details }),
      [INTENT]: () =>
        json(200, { mode: 'live', provider: 'Card_Square', applicationId: 'sq0idp-app', locationId: 'L1', sdkUrl: 'https://web.squarecdn.com/v1/square.js', amount: 10_982, currency: 'GBP' }),
      [SQUARE_PAY]: () => {
        details = failed('Card_Square');
        return json(402, { message: CARD_MESSAGES.declined, code: 'PAYMENT_DECLINED', errors: { sourceId: CARD_MESSAGES.declined } });
      },
    });
    const { user } = renderOrderPage(SQUARE_PATH);
    const pay = await screen.findByRole('button', { name: 'Pay £109.82' });
    await waitFor(() => expect((pay as HTMLButtonElement).disabled).toBe(false));
    await user.click(pay);
    const declined = await screen.findByRole('region', { name: 'Payment declined' });
    expect(within(declined).getByRole('alert').textContent).toBe(CARD_MESSAGES.declined);
    expect(within(declined).getByRole('link', { name: 'Start a new purchase' })).toBeTruthy();
  });
});
