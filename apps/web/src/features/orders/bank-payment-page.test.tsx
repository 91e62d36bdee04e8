import { ORDER_MESSAGES } from '@landunits/domain';
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
const PATH = `/dashboard/buy-units/payment-bank?orderId=${ORDER_ID}`;

function figure(label: string, scope: HTMLElement = document.body): string {
  return within(scope).getAllByText(label, { selector: 'dt' })[0]?.nextElementSibling?.textContent ?? '';
}

const paymentSent = testOrder({ orderStatus: 'PaymentSent', statusLabel: 'Pending Approval', statusColour: 'lilac' });

describe('/dashboard/buy-units/payment-bank', () => {
  it('shows the amount, our bank account, the payment reference with a copy button and the deadline', async () => {
    orderApi({ [DETAILS]: () => json(200, { orderData: testOrder() }) });
    const { user } = renderOrderPage(PATH);

    const payment = await screen.findByRole('region', { name: 'Your payment' });
    expect(figure('Amount to pay', payment)).toBe('£108.00');
    expect(figure('Units', payment)).toBe('100 GBP Units');
    expect(figure('Pay by', payment)).toBe('23 Nov 2026, 14:05 UTC');
    expect(within(payment).getByText(/^Units are reserved for you until/).textContent).toBe(
      'Units are reserved for you until Monday 23 Nov 2026, 14:05 UTC. The deadline allows for the business days (Monday to Friday, UTC) that a bank transfer in GBP takes to arrive. Once the money arrives, an admin confirms it and the Units move from Pending to Owned.',
    );
    const bank = within(payment).getByRole('region', { name: 'Our bank account' });
    expect(figure('Account name', bank)).toBe('Land Units Ltd');
    expect(figure('Bank', bank)).toBe('Example Bank plc');
    expect(figure('Sort code', bank)).toBe('04-00-04');
    expect(figure('Account number', bank)).toBe('12345678');
    expect(figure('IBAN', bank)).toBe('GB33BUKB20201555555555');
    expect(figure('SWIFT/BIC', bank)).toBe('EXBKGB2L');
    expect(figure('Bank address', bank)).toBe('1 Example Street, London EC1A 1AA, United Kingdom');

    expect(within(payment).getByText('ABCDE').tagName).toBe('STRONG');
    await user.click(within(payment).getByRole('button', { name: 'Copy reference' }));
    expect(await navigator.clipboard.readText()).toBe('ABCDE');
    expect(within(payment).getByText('Reference copied.')).toBeTruthy();
  });

  it('“I have sent the payment” posts success_order with an Idempotency-Key and explains the approval', async () => {
    let details = testOrder();
    const api = orderApi({
      [DETAILS]: () => json(200, { orderData: details }),
      [SUCCESS]: () => {
        details = paymentSent;
        return json(200, { orderSuccessData: paymentSent });
      },
    });
    const { user, location } = renderOrderPage(PATH);

    await user.click(await screen.findByRole('button', { name: 'I have sent the payment' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Thank you for your purchase' })).toBeTruthy();
    await waitFor(() => expect(location.current).toBe(`/dashboard/buy-units/payment/success?orderId=${ORDER_ID}`));
    expect(api.callsTo(SUCCESS).map((c) => c.body)).toEqual([expect.objectContaining({ orderId: ORDER_ID })]);
    expect(idempotencyKeys(SUCCESS)[0]).toMatch(/^[A-Za-z0-9_.:-]{8,100}$/);
    const result = await screen.findByRole('region', { name: /^Order/ });
    expect(within(result).getByText('Pending Approval').className).toContain(badgeStyles.badgeLilac);
    expect(within(result).getByText(/an admin checks that your payment has arrived/)).toBeTruthy();
    expect(within(result).getByText(/move to/).textContent).toContain('100 GBP Units are in your Pending balance');
    expect(figure('Payment reference', result)).toBe('ABCDE');
  });

  it('retries “I have sent the payment” with the same key after a busy answer', async () => {
    let tries = 0;
    orderApi({
      [DETAILS]: () => json(200, { orderData: tries > 1 ? paymentSent : testOrder() }),
      [SUCCESS]: () => {
        tries += 1;
        return tries === 1 ? json(503, { message: 'The service is busy. Please try again.', code: 'UNAVAILABLE' }) : json(200, { orderSuccessData: paymentSent });
      },
    });
    const { user, location } = renderOrderPage(PATH);
    await user.click(await screen.findByRole('button', { name: 'I have sent the payment' }));
    expect((await screen.findByRole('alert')).textContent).toContain('The service is busy');
    await user.click(screen.getByRole('button', { name: 'I have sent the payment' }));
    await waitFor(() => expect(location.current).toBe(`/dashboard/buy-units/payment/success?orderId=${ORDER_ID}`));
    const keys = idempotencyKeys(SUCCESS);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  it('cancels the order after asking, then shows the cancelled order', async () => {
    const cancelled = testOrder({ orderStatus: 'Cancelled', statusLabel: 'Cancelled', statusColour: 'grey' });
    let details = testOrder();
    const api = orderApi({
      [DETAILS]: () => json(200, { orderData: details }),
      [CANCEL]: () => {
        details = cancelled;
        return json(200, { orderCancelledData: cancelled });
      },
    });
    const { user, location } = renderOrderPage(PATH);

    await user.click(await screen.findByRole('button', { name: 'Cancel order' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel this order?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep the order' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.callsTo(CANCEL)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Cancel order' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel order' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Purchase cancelled' })).toBeTruthy();
    await waitFor(() => expect(location.current).toBe(`/dashboard/buy-units/cancelled?orderId=${ORDER_ID}`));
    expect(api.callsTo(CANCEL).map((c) => c.body)).toEqual([{ orderId: ORDER_ID }]);
    expect(idempotencyKeys(CANCEL)[0]).toBeTruthy();
    expect(await screen.findByText(/The Units reserved for this order are released/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Buy Units' }).getAttribute('href')).toBe('/dashboard/transaction?tab=buy');
  });

  it('shows the status and a link instead of the buttons once the order is no longer Initiated', async () => {
    orderApi({ [DETAILS]: () => json(200, { orderData: paymentSent }) });
    renderOrderPage(PATH);
    expect(await screen.findByText(/This order no longer waits for a payment/)).toBeTruthy();
    expect(screen.getByText('Pending Approval')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See what happens next' }).getAttribute('href')).toBe(`/dashboard/buy-units/payment/success?orderId=${ORDER_ID}`);
    expect(screen.queryByRole('button', { name: 'I have sent the payment' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull();
  });

  it('shows a 409 (the order expired meanwhile) above the buttons', async () => {
    orderApi({
      [DETAILS]: () => json(200, { orderData: testOrder() }),
      [SUCCESS]: () => json(409, { message: 'This order has expired.', code: 'TRANSITION_REFUSED' }),
    });
    const { user } = renderOrderPage(PATH);
    await user.click(await screen.findByRole('button', { name: 'I have sent the payment' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('This order has expired.');
  });
});

describe('changing the number of Units of an unpaid buy', () => {
  const UPDATE = 'POST /api/order/update_order_amount';

  it('posts update_order_amount with an Idempotency-Key and shows the server’s new figures', async () => {
    const updated = testOrder({
      currencyUnit: { ...testOrder().currencyUnit, numberOfUnits: 40 },
      paymentDetails: { ...testOrder().paymentDetails!, subTotal: 4_280, paymentAmount: 4_380 },
    });
    let details = testOrder();
    const api = orderApi({
      [DETAILS]: () => json(200, { orderData: details }),
      [UPDATE]: () => {
        details = updated;
        return json(200, { orderUpdatedData: updated });
      },
    });
    const { user } = renderOrderPage(PATH);
    const toggle = await screen.findByRole('button', { name: 'Change the number of Units' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const field = screen.getByLabelText('New number of Units') as HTMLInputElement;
    expect(field.value).toBe('100');
    expect(document.activeElement).toBe(field);
    await user.clear(field);
    await user.type(field, '40');
    await user.click(screen.getByRole('button', { name: 'Update' }));

    expect(await screen.findByText('Updated: 40 GBP Units, £43.80 to pay.')).toBeTruthy();
    const payment = screen.getByRole('region', { name: 'Your payment' });
    expect(figure('Amount to pay', payment)).toBe('£43.80');
    expect(figure('Units', payment)).toBe('40 GBP Units');
    expect(figure('Subtotal', payment)).toBe('£42.80');
    expect(screen.queryByLabelText('New number of Units')).toBeNull();
    expect(document.activeElement).toBe(toggle);
    expect(api.callsTo(UPDATE).map((c) => c.body)).toEqual([{ orderId: ORDER_ID, numberOfUnits: 40 }]);
    expect(idempotencyKeys(UPDATE)[0]).toMatch(/^[A-Za-z0-9_.:-]{8,100}$/);
  });

  it('shows the server’s refusal (a limit, 409) at the field, and a new key after an edit', async () => {
    const limit = 'Your current purchase limit is £1,000.00, This purchase plus any existing unapproved purchases exceed that limit.';
    orderApi({
      [DETAILS]: () => json(200, { orderData: testOrder() }),
      [UPDATE]: () => json(409, { message: limit, code: 'LIMIT_EXCEEDED', errors: { numberOfUnits: limit } }),
    });
    const { user } = renderOrderPage(PATH);
    await user.click(await screen.findByRole('button', { name: 'Change the number of Units' }));
    const field = screen.getByLabelText('New number of Units');
    await user.clear(field);
    await user.type(field, '5000{Enter}');

    expect(await screen.findByText(limit)).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(figure('Units', screen.getByRole('region', { name: 'Your payment' }))).toBe('100 GBP Units');

    await user.type(field, '0{Enter}');
    await waitFor(() => expect(idempotencyKeys(UPDATE)).toHaveLength(2));
    const keys = idempotencyKeys(UPDATE);
    expect(keys[1]).not.toBe(keys[0]);
  });

  it('says what is wrong with the number once the field is left, before anything is sent', async () => {
    const api = orderApi({ [DETAILS]: () => json(200, { orderData: testOrder() }) });
    const { user } = renderOrderPage(PATH);
    await user.click(await screen.findByRole('button', { name: 'Change the number of Units' }));
    const field = screen.getByLabelText('New number of Units');
    await user.clear(field);
    await user.type(field, '0');
    expect(screen.queryByText(ORDER_MESSAGES.unitsMin)).toBeNull();
    await user.tab();
    expect(await screen.findByText(ORDER_MESSAGES.unitsMin)).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(api.callsTo(UPDATE)).toHaveLength(0);
  });

  it('asks for a number before sending anything', async () => {
    const api = orderApi({ [DETAILS]: () => json(200, { orderData: testOrder() }) });
    const { user } = renderOrderPage(PATH);
    await user.click(await screen.findByRole('button', { name: 'Change the number of Units' }));
    await user.clear(screen.getByLabelText('New number of Units'));
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(screen.getByText('Enter the number of Units.')).toBeTruthy();
    expect(api.callsTo(UPDATE)).toHaveLength(0);
  });
});

describe('order pages without a usable order', () => {
  it.each([
    ['an unknown order (404)', `/dashboard/buy-units/payment-bank?orderId=NOPE`, { 'GET /api/order/get_order_details/NOPE': () => json(404, { message: 'Order not found.', code: 'NOT_FOUND' }) }],
    ['no orderId', '/dashboard/sell-units/success', {}],
    ['an order of another type', `/dashboard/sell-units/success?orderId=${ORDER_ID}`, { [DETAILS]: () => json(200, { orderData: testOrder() }) }],
  ])('show a designed “order not found” state for %s', async (_name, path, handlers) => {
    orderApi(handlers);
    renderOrderPage(path);
    expect(await screen.findByRole('heading', { level: 1, name: 'Order not found' })).toBeTruthy();
    const next = screen.getByRole('navigation', { name: 'Next steps' });
    expect(within(next).getByRole('link', { name: 'Transaction history' }).getAttribute('href')).toBe('/dashboard/my-transactions');
    expect(within(next).getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/dashboard');
  });

  it('show an error with a retry when the order cannot be loaded', async () => {
    let tries = 0;
    orderApi({
      [DETAILS]: () => {
        tries += 1;
        return tries === 1 ? json(500, { message: 'Something went wrong on our side.', code: 'INTERNAL' }) : json(200, { orderData: testOrder() });
      },
    });
    const { user } = renderOrderPage(`/dashboard/buy-units/payment/success?orderId=${ORDER_ID}`);
    expect(await screen.findByRole('heading', { name: 'We could not load your order' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Something went wrong on our side.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: /^Order/ })).toBeTruthy();
  });
});

describe('result pages', () => {
  it('sale: payout, Units and Funds Waiting Approval', async () => {
    const sale = testOrder({
      orderType: 'SELL',
      orderStatus: 'FundsWaitingApproval',
      statusLabel: 'Funds Waiting Approval',
      statusColour: 'amber',
      paymentMethod: 'None',
      buy: null,
      paymentDetails: { currency: 'GBP', paymentMethod: 'None', subTotal: 9630, discount: 0, transactionFee: 0, paymentMethodFees: { fixedPercentageFees: 0, fixedCentsFees: 0 }, paymentAmount: 9630 },
      sell: { unitsSold: 90, feeUnits: 10, payoutAmount: 9630 },
    });
    orderApi({ [DETAILS]: () => json(200, { orderData: sale }) });
    renderOrderPage(`/dashboard/sell-units/success?orderId=${ORDER_ID}`);
    const result = await screen.findByRole('region', { name: /^Order/ });
    expect(figure('Units', result)).toBe('100 GBP Units');
    expect(figure('Sale fee', result)).toBe('10 GBP Units');
    expect(figure('Units sold', result)).toBe('90 GBP Units');
    expect(figure('Payout', result)).toBe('£96.30');
    expect(within(result).getByText('Funds Waiting Approval').className).toContain(badgeStyles.badgeWarning);
  });

  it('transfer: Units and the recipient', async () => {
    const transfer = testOrder({
      orderType: 'TRANSFER',
      orderStatus: 'Completed',
      statusLabel: 'Completed',
      statusColour: 'green',
      paymentMethod: 'None',
      paymentDetails: null,
      buy: null,
      currencyUnit: { unitType: 'LAND_USD', numberOfUnits: 25, pricePerUnit: '1.100000' },
      counterpartyEmail: 'bob@example.com',
      counterpartyName: 'Bob B.',
    });
    orderApi({ [DETAILS]: () => json(200, { orderData: transfer }) });
    renderOrderPage(`/dashboard/transfer/success?orderId=${ORDER_ID}`);
    const result = await screen.findByRole('region', { name: /^Order/ });
    expect(figure('Units', result)).toBe('25 USD Units');
    expect(figure('Recipient', result)).toBe('Bob B. (bob@example.com)');
    expect(within(result).getByText('Completed').className).toContain(badgeStyles.badgeSuccess);
  });
});
