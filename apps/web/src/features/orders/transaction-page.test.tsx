import { MONEY_MESSAGES, ORDER_MESSAGES } from '@landunits/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { json } from '../../test/api-mock';
import { idempotencyKeys, ORDER_ID, orderApi, OWN_EMAIL, renderOrderPage, testBundle, testOrder } from './orders-test-utils';

type User = ReturnType<typeof renderOrderPage>['user'];

beforeAll(async () => {
  // The lazy chunk, loaded once so each test's page appears quickly.
  await import('./order-pages');
});

const CREATE = 'POST /api/order/create_order';

async function openTab(tab = 'buy', bundle = testBundle()) {
  const rendered = renderOrderPage(`/dashboard/transaction?tab=${tab}`, bundle);
  await screen.findByRole('heading', { level: 1, name: 'Buy, sell or transfer Units' });
  await screen.findByRole('tab', { name: tab[0]?.toUpperCase() + tab.slice(1), selected: true });
  return rendered;
}

/** The figure next to a label in the breakdown (or the review). */
function figure(label: string, within_: HTMLElement = document.body): string {
  const term = within(within_).getAllByText(label, { selector: 'dt' })[0];
  return term?.nextElementSibling?.textContent ?? '';
}

const breakdown = () => screen.getByRole('region', { name: 'Breakdown' });
const review = () => screen.getByRole('region', { name: /^Review your/ });

async function typeUnits(user: User, units: string) {
  const field = screen.getByLabelText('Number of Units');
  await user.clear(field);
  await user.type(field, units);
}

describe('/dashboard/transaction: Buy', () => {
  it('shows the unit type (GBP by default), bank as the only payment method, and the breakdown for today’s price', async () => {
    orderApi({});
    const { user } = await openTab('buy');

    const unitType = screen.getByLabelText('Unit type') as HTMLSelectElement;
    expect(unitType.value).toBe('LAND_POUND');
    expect(unitType.selectedOptions[0]?.textContent).toBe('GBP (£)');
    expect((screen.getByRole('radio', { name: /Bank transfer/ }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('radio', { name: /Card/ }) as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('radio', { name: /Crypto/ }) as HTMLInputElement).disabled).toBe(true);
    expect(screen.getAllByText('Not available yet.')).toHaveLength(2);

    await typeUnits(user, '00100');
    expect((screen.getByLabelText('Number of Units') as HTMLInputElement).value).toBe('100');

    expect(figure('Price per Unit', breakdown())).toBe('£1.070000');
    expect(figure('Units', breakdown())).toBe('100 GBP Units');
    expect(figure('Subtotal', breakdown())).toBe('£107.00');
    expect(figure('Transaction fee', breakdown())).toBe('£1.00');
    expect(figure('Payment method fee', breakdown())).toBe('£0.00');
    expect(figure('Total to pay', breakdown())).toBe('£108.00');

    await user.selectOptions(screen.getByLabelText('Unit type'), 'LAND_USD');
    expect(figure('Price per Unit', breakdown())).toBe('$1.100000');
    expect(figure('Total to pay', breakdown())).toBe('$111.00');
  });

  it('shows the request schema’s messages and sends nothing while the form is invalid', async () => {
    const api = orderApi({});
    const { user } = await openTab('buy');

    await user.click(screen.getByRole('button', { name: 'Review order' }));
    const units = screen.getByLabelText('Number of Units');
    expect(await screen.findByText(ORDER_MESSAGES.unitsRequired)).toBeTruthy();
    expect(units.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(units);

    await user.type(units, '0');
    expect(screen.getByText(ORDER_MESSAGES.unitsMin)).toBeTruthy();
    await user.clear(units);
    await user.type(units, '99999999999999999999');
    expect(screen.getByText(ORDER_MESSAGES.unitsWhole)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Review order' }));
    expect(screen.queryByRole('region', { name: 'Review your purchase' })).toBeNull();
    expect(api.callsTo(CREATE)).toHaveLength(0);
  });

  it('warns early of the SPEC limits: the supply cap and the purchase limit', async () => {
    orderApi({});
    const { user } = await openTab('buy', testBundle({ unitsAvailable: 120, limitInCents: 100_000, usedInCents: 90_000 }));

    await typeUnits(user, '121');
    await user.tab();
    expect(screen.getByText(MONEY_MESSAGES.buyUpTo(120))).toBeTruthy();
    expect(screen.getByText('You can only buy up to 120 units')).toBeTruthy();

    await typeUnits(user, '100');
    expect(
      screen.getByText('Your current purchase limit is £1,000.00, This purchase plus any existing unapproved purchases exceed that limit.'),
    ).toBeTruthy();
  });

  it('reviews every figure, posts create_order with an Idempotency-Key and goes to the bank payment page', async () => {
    const api = orderApi({
      [CREATE]: () => json(201, { orderCreatedData: testOrder() }),
      [`GET /api/order/get_order_details/${ORDER_ID}`]: () => json(200, { orderData: testOrder() }),
    });
    const { user, location } = await openTab('buy');

    await typeUnits(user, '100');
    await user.click(screen.getByRole('button', { name: 'Review order' }));

    const reviewed = await screen.findByRole('region', { name: 'Review your purchase' });
    expect(document.activeElement).toBe(within(reviewed).getByRole('heading', { name: 'Review your purchase' }));
    expect(figure('Payment method', reviewed)).toBe('Bank transfer');
    expect(figure('Units', reviewed)).toBe('100 GBP Units');
    expect(figure('Subtotal', reviewed)).toBe('£107.00');
    expect(figure('Transaction fee', reviewed)).toBe('£1.00');
    expect(figure('Total to pay', reviewed)).toBe('£108.00');
    expect(api.callsTo(CREATE)).toHaveLength(0);

    await user.click(within(reviewed).getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Pay by bank transfer' })).toBeTruthy();
    expect(location.current).toBe(`/dashboard/buy-units/payment-bank?orderId=${ORDER_ID}`);
    expect(api.callsTo(CREATE).map((c) => c.body)).toEqual([
      expect.objectContaining({
        orderType: 'BUY',
        currencyUnit: { unitType: 'LAND_POUND', numberOfUnits: 100 },
        paymentDetails: { paymentMethod: 'Bank' },
        hubspotMetaData: expect.objectContaining({ pageUri: expect.any(String) }),
      }),
    ]);
    const [key] = idempotencyKeys(CREATE);
    expect(key).toMatch(/^[A-Za-z0-9_.:-]{8,100}$/);
    // The dashboard bundle (holdings) is asked again after the order.
    await waitFor(() => expect(api.callsTo('GET /api/user').length).toBeGreaterThan(0));
  });

  it('retries a submission that met a network error or a busy server with the same key, and a new one after an edit', async () => {
    let answers = 0;
    orderApi({
      [CREATE]: () => {
        answers += 1;
        if (answers === 1) throw new TypeError('Failed to fetch');
        if (answers === 2) return json(503, { message: 'The service is busy. Please try again.', code: 'UNAVAILABLE' });
        if (answers === 3) return json(409, { message: 'You can only buy up to 50 units', code: 'CONFLICT', errors: { numberOfUnits: 'You can only buy up to 50 units' } });
        return json(201, { orderCreatedData: testOrder({ orderId: 'SECOND0000000000000000000' }) });
      },
      'GET /api/order/get_order_details/SECOND0000000000000000000': () => json(200, { orderData: testOrder({ orderId: 'SECOND0000000000000000000' }) }),
    });
    const { user, location } = await openTab('buy');
    await typeUnits(user, '100');
    await user.click(screen.getByRole('button', { name: 'Review order' }));
    const confirm = await screen.findByRole('button', { name: 'Confirm' });

    await user.click(confirm);
    let alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Network Error');
    expect(alert.textContent).toContain('Press Confirm to try again');

    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    alert = await screen.findByRole('alert');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('The service is busy'));

    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('You can only buy up to 50 units'));
    const keys = idempotencyKeys(CREATE);
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);

    // The 409 is a definite answer: after "Change order" its message stays under the field until edited.
    await user.click(screen.getByRole('button', { name: 'Change order' }));
    const units = screen.getByLabelText('Number of Units');
    expect(units.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('You can only buy up to 50 units')).toBeTruthy();
    await typeUnits(user, '50');
    expect(screen.queryByText('You can only buy up to 50 units')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Review order' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));

    await screen.findByRole('heading', { level: 1, name: 'Pay by bank transfer' });
    expect(location.current).toBe('/dashboard/buy-units/payment-bank?orderId=SECOND0000000000000000000');
    const all = idempotencyKeys(CREATE);
    expect(all).toHaveLength(4);
    expect(all[3]).not.toBe(all[0]);
  });

  it('shows a 400’s field errors under their fields', async () => {
    orderApi({
      [CREATE]: () =>
        json(400, { message: 'Please check the form', code: 'VALIDATION_FAILED', errors: { unitType: ORDER_MESSAGES.unitType } }),
    });
    const { user } = await openTab('buy');
    await typeUnits(user, '10');
    await user.click(screen.getByRole('button', { name: 'Review order' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));

    const unitType = await screen.findByLabelText('Unit type');
    await waitFor(() => expect(unitType.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText(ORDER_MESSAGES.unitType)).toBeTruthy();
    expect(document.activeElement).toBe(unitType);
  });
});

describe('/dashboard/transaction: Sell', () => {
  it('shows the sale fee in Units, the Units sold and the payout, then goes to the sale’s success page', async () => {
    const sale = testOrder({
      orderType: 'SELL',
      orderStatus: 'FundsWaitingApproval',
      statusLabel: 'Funds Waiting Approval',
      statusColour: 'amber',
      paymentMethod: 'None',
      paymentDetails: { currency: 'GBP', paymentMethod: 'None', subTotal: 9630, discount: 0, transactionFee: 0, paymentMethodFees: { fixedPercentageFees: 0, fixedCentsFees: 0 }, paymentAmount: 9630 },
      buy: null,
      sell: { unitsSold: 90, feeUnits: 10, payoutAmount: 9630 },
    });
    const api = orderApi({
      [CREATE]: () => json(201, { orderCreatedData: sale }),
      [`GET /api/order/get_order_details/${ORDER_ID}`]: () => json(200, { orderData: sale }),
    });
    const { user, location } = await openTab('sell');

    expect(screen.getByText('Available to sell: 500 GBP Units.')).toBeTruthy();
    await typeUnits(user, '100');
    expect(figure('Units', breakdown())).toBe('100 GBP Units');
    expect(figure('Sell fee', breakdown())).toBe('10 GBP Units');
    expect(figure('Units sold', breakdown())).toBe('90 GBP Units');
    expect(figure('Price per Unit', breakdown())).toBe('£1.070000');
    expect(figure('Payout', breakdown())).toBe('£96.30');

    await user.click(screen.getByRole('button', { name: 'Review order' }));
    expect(figure('Payout', review())).toBe('£96.30');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Sale placed' })).toBeTruthy();
    expect(location.current).toBe(`/dashboard/sell-units/success?orderId=${ORDER_ID}`);
    expect(api.callsTo(CREATE)[0]?.body).toMatchObject({ orderType: 'SELL', currencyUnit: { unitType: 'LAND_POUND', numberOfUnits: 100 } });
    expect(idempotencyKeys(CREATE)[0]).toBeTruthy();
  });

  it('refuses more Units than owned and no more than the fee', async () => {
    orderApi({});
    const { user } = await openTab('sell');
    await typeUnits(user, '501');
    await user.tab();
    expect(screen.getByText('Not enough units available.')).toBeTruthy();
    await typeUnits(user, '10');
    expect(screen.getByText(MONEY_MESSAGES.sellMoreThanFee(10))).toBeTruthy();
  });

  it('needs profile and bank verification Approved: says so, links to both, and cannot be sent', async () => {
    const api = orderApi({});
    const { user } = await openTab('sell', testBundle({ profile: 'Pending', bank: 'UnVerified' }));

    const checklist = screen.getByRole('region', { name: 'Needed to sell' });
    expect(within(checklist).getByText('Pending Admin Review')).toBeTruthy();
    expect(within(checklist).getByText('Not Verified')).toBeTruthy();
    expect(within(checklist).getByRole('link', { name: 'Profile verification' }).getAttribute('href')).toBe(
      '/dashboard/settings/profile-verification#verification-status',
    );
    expect(within(checklist).getByRole('link', { name: 'Bank verification' }).getAttribute('href')).toBe(
      '/dashboard/settings/bank-verification#verification-status',
    );
    expect(screen.getByText(/complete your profile verification and your bank verification first/)).toBeTruthy();

    await typeUnits(user, '100{Enter}');
    const button = screen.getByRole('button', { name: 'Review order' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(screen.queryByRole('region', { name: 'Review your sale' })).toBeNull();
    expect(api.callsTo(CREATE)).toHaveLength(0);
  });
});

describe('/dashboard/transaction: Transfer', () => {
  it('names the recipient once the address is typed, and transfers to them', async () => {
    const transfer = testOrder({
      orderType: 'TRANSFER',
      orderStatus: 'Completed',
      statusLabel: 'Completed',
      statusColour: 'green',
      paymentMethod: 'None',
      paymentDetails: null,
      buy: null,
      transfer: { recipientEmail: 'bob@example.com', scheduledDate: null },
      counterpartyEmail: 'bob@example.com',
      counterpartyName: 'Bob B.',
    });
    const api = orderApi({
      'GET /api/user/getUserNameByEmail?email=bob%40example.com': () => json(200, { name: 'Bob B.' }),
      [CREATE]: () => json(201, { orderCreatedData: transfer }),
      [`GET /api/order/get_order_details/${ORDER_ID}`]: () => json(200, { orderData: transfer }),
    });
    const { user, location } = await openTab('transfer');

    await user.type(screen.getByLabelText("Recipient's email"), ' Bob@Example.com');
    expect(await screen.findByText('Bob B.')).toBeTruthy();
    expect(screen.getByText(/Recipient:/).textContent).toBe('Recipient: Bob B.');
    expect(api.callsTo('GET /api/user/getUserNameByEmail?email=bob%40example.com')).toHaveLength(1);

    await typeUnits(user, '25');
    expect(figure('Units to transfer', breakdown())).toBe('25 GBP Units');
    expect(figure('Value today', breakdown())).toBe('£26.75');
    expect(figure('Fee', breakdown())).toBe('Free');
    await user.click(screen.getByRole('button', { name: 'Review order' }));
    expect(figure('Recipient', review())).toBe('Bob B. (bob@example.com)');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Transfer sent' })).toBeTruthy();
    expect(location.current).toBe(`/dashboard/transfer/success?orderId=${ORDER_ID}`);
    expect(api.callsTo(CREATE)[0]?.body).toMatchObject({
      orderType: 'TRANSFER',
      currencyUnit: { unitType: 'LAND_POUND', numberOfUnits: 25 },
      transfer: { recipientEmail: 'bob@example.com' },
    });
    // The lookup answer was cached: the review did not ask again.
    expect(api.callsTo('GET /api/user/getUserNameByEmail?email=bob%40example.com')).toHaveLength(1);
  });

  it('says when no user has the address (404) and does not offer the review', async () => {
    const api = orderApi({
      'GET /api/user/getUserNameByEmail?email=nobody%40example.com': () => json(404, { message: 'Not found', code: 'NOT_FOUND' }),
    });
    const { user } = await openTab('transfer');

    await user.type(screen.getByLabelText("Recipient's email"), 'nobody@example.com');
    await user.tab();
    expect(await screen.findByText(ORDER_MESSAGES.noSuchRecipient)).toBeTruthy();
    expect(screen.getByLabelText("Recipient's email").getAttribute('aria-invalid')).toBe('true');

    await typeUnits(user, '5');
    await user.click(screen.getByRole('button', { name: 'Review order' }));
    expect(screen.queryByRole('region', { name: 'Review your transfer' })).toBeNull();
    expect(api.callsTo(CREATE)).toHaveLength(0);
  });

  it('checks the recipient before the review when the address was submitted at once', async () => {
    const api = orderApi({
      'GET /api/user/getUserNameByEmail?email=carol%40example.com': () => json(200, { name: 'Carol C.' }),
    });
    const { user } = await openTab('transfer');
    await typeUnits(user, '5');
    await user.type(screen.getByLabelText("Recipient's email"), 'carol@example.com{Enter}');

    const reviewed = await screen.findByRole('region', { name: 'Review your transfer' });
    expect(figure('Recipient', reviewed)).toBe('Carol C. (carol@example.com)');
    expect(api.callsTo('GET /api/user/getUserNameByEmail?email=carol%40example.com')).toHaveLength(1);
  });

  it('refuses the user’s own address without asking the server', async () => {
    const api = orderApi({});
    const { user } = await openTab('transfer');
    await user.type(screen.getByLabelText("Recipient's email"), OWN_EMAIL);
    await user.tab();
    expect(screen.getByText(ORDER_MESSAGES.selfTransfer)).toBeTruthy();
    expect(api.calls.filter((c) => c.url.includes('getUserNameByEmail'))).toHaveLength(0);
  });
});

describe('/dashboard/transaction: tabs', () => {
  it('opens the tab named by ?tab= and moves between tabs with the arrow keys', async () => {
    orderApi({});
    const { user } = await openTab('sell');
    expect(screen.getByRole('form', { name: 'Sell Units' })).toBeTruthy();

    await user.click(screen.getByRole('tab', { name: 'Sell' }));
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Transfer' }).getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Transfer' }));
    expect(screen.getByRole('form', { name: 'Transfer Units' })).toBeTruthy();
  });

  it('says so when today’s prices are missing from the bundle, and asks again on Try again', async () => {
    const api = orderApi({});
    const broken = { ...testBundle(), prices: {} } as unknown as ReturnType<typeof testBundle>;
    const { user } = renderOrderPage('/dashboard/transaction', broken);

    expect(await screen.findByRole('heading', { name: 'We could not load today’s prices'.replace('’', "'") })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('form', { name: 'Buy Units' })).toBeTruthy();
    expect(api.callsTo('GET /api/user')).toHaveLength(1);
  });
});
