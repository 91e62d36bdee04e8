import { ORDER_MESSAGES } from '@landunits/domain';
import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { json } from '../../test/api-mock';
import { ORDER_ID, orderApi, OWN_EMAIL, renderOrderPage, testBundle, testOrder } from './orders-test-utils';
import { breakdown, CREATE, figure, openTab, review, typeUnits } from './transaction-page-test-utils';

// Transfers, locked LU2X Units and the tabs of /dashboard/transaction (Buy and Sell: transaction-page.test.tsx).

beforeAll(async () => {
  // The lazy chunk, loaded once so each test's page appears quickly.
  await import('./order-pages');
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
    expect(figure('Recipient', await review())).toBe('Bob B. (bob@example.com)');
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
    expect(await screen.findByText(ORDER_MESSAGES.selfTransfer)).toBeTruthy();
    expect(api.calls.filter((c) => c.url.includes('getUserNameByEmail'))).toHaveLength(0);
  });
});

describe('/dashboard/transaction: locked LU2X Units', () => {
  const locked = { LAND_POUND: { lockedUnits: 100, nextUnlockAt: '2027-06-01T00:00:00.000Z', nextUnlockUnits: 10 } };
  const message = 'You can sell or transfer up to 500 units now. Your LU2X units unlock over time: 10 more on 01 Jun 2027.';

  it.each(['sell', 'transfer'])('%s: says how many are locked and when the next ones unlock', async (tab) => {
    orderApi({});
    await openTab(tab, testBundle({ doubleLand: locked }));
    expect(screen.getByLabelText('Number of Units').getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getAllByText(/100 LU2X Units are locked; 10 unlock on 01 Jun 2027\./).length).toBeGreaterThanOrEqual(1);
    expect(screen.getByText(/Available to .*: 500 GBP Units\. 100 LU2X Units are locked; 10 unlock on 01 Jun 2027\./)).toBeTruthy();
  });

  it.each(['sell', 'transfer'])('%s: more than the free Units says, before asking the server, how many can move now and when more unlock', async (tab) => {
    const api = orderApi({});
    const { user } = await openTab(tab, testBundle({ doubleLand: locked, owned: { LAND_POUND: 0 } }));
    await typeUnits(user, '10');
    await user.click(screen.getByRole('button', { name: 'Review order' }));
    // The form's schema answers a moment after the click (its resolver is asynchronous).
    expect(await screen.findByText('You can sell or transfer up to 0 units now. Your LU2X units unlock over time: 10 more on 01 Jun 2027.')).toBeTruthy();
    expect(screen.getByLabelText('Number of Units').getAttribute('aria-invalid')).toBe('true');
    expect(api.calls.filter((c) => c.url.includes('create_order'))).toHaveLength(0);
  });

  it('says nothing of LU2X for a unit type without locked Units', async () => {
    orderApi({});
    const { user } = await openTab('sell', testBundle({ doubleLand: locked }));
    await user.selectOptions(screen.getByLabelText('Unit type'), 'LAND_USD');
    expect(screen.queryByText(/LU2X/)).toBeNull();
  });

  it('shows the server’s 409 about locked LU2X Units at the Units field', async () => {
    orderApi({ [CREATE]: () => json(409, { message, code: 'INSUFFICIENT_UNITS', errors: { numberOfUnits: message } }) });
    const { user } = await openTab('sell', testBundle({ doubleLand: locked }));
    await typeUnits(user, '400');
    await user.click(screen.getByRole('button', { name: 'Review order' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    await user.click(screen.getByRole('button', { name: 'Change order' }));
    const units = screen.getByLabelText('Number of Units');
    expect(units.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(message)).toBeTruthy();
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
