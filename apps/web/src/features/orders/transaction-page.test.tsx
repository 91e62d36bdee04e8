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

const CODE_LOOKUP = (code: string, subTotal?: number) =>
  `GET /api/referencecode/get_discount_by_reference_code?code=${code}${subTotal === undefined ? '' : `&subTotal=${subTotal}`}&unitType=LAND_POUND`;
const CARD_SETUP = 'GET /api/order/card_setup';
const SETUP = { preferred: 'Card_Stripe', modes: { Card_Stripe: 'test', Card_Square: 'test' }, stripePublishableKey: null, square: null };

const spring10 = {
  code: 'SPRING10',
  codeType: 'DISCOUNT',
  isPercent: true,
  amount: '10',
  discountValue: '10 %',
  bonusUnits: 0,
  minPaymentAmountInCents: null,
  maxPaymentAmountInCents: null,
  validUntil: null,
};
const bonus50 = { ...spring10, code: 'BONUS50', codeType: 'BONUS', isPercent: false, amount: '0', discountValue: '', bonusUnits: 50 };

describe('/dashboard/transaction: Buy', () => {
  it('shows the unit type (GBP by default), the LU2X offer, a code field and the breakdown for today’s price', async () => {
    orderApi({});
    const { user } = await openTab('buy', testBundle({ doubleLandRemaining: 99_900 }));

    const unitType = screen.getByLabelText('Unit type') as HTMLSelectElement;
    expect(unitType.value).toBe('LAND_POUND');
    expect(unitType.selectedOptions[0]?.textContent).toBe('GBP (£)');
    const lu2x = screen.getByRole('checkbox', { name: 'LU2X double-land offer' }) as HTMLInputElement;
    expect(lu2x.checked).toBe(false);
    expect(lu2x.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText(/Half price\. The Units are locked for 6 months, then 10 % of them unlock/)).toBeTruthy();
    expect(screen.getByText(/99,900 Units left in the offer/)).toBeTruthy();
    expect(screen.getByLabelText('Reference code (optional)')).toBeTruthy();

    await typeUnits(user, '00100');
    expect((screen.getByLabelText('Number of Units') as HTMLInputElement).value).toBe('100');

    expect(figure('Price per Unit', breakdown())).toBe('£1.070000');
    expect(figure('Units', breakdown())).toBe('100 GBP Units');
    expect(figure('Subtotal', breakdown())).toBe('£107.00');
    expect(figure('Transaction fee', breakdown())).toBe('£1.00');
    expect(figure('Total before payment fees', breakdown())).toBe('£108.00');
    // Every method's fee is named before the choice.
    expect(within(breakdown()).getByText('Card (Stripe): 1.50% + £0.20')).toBeTruthy();
    expect(within(breakdown()).getByText('Bank transfer: No fee')).toBeTruthy();

    await user.click(lu2x);
    expect(figure('Subtotal (LU2X half price)', breakdown())).toBe('£53.50');
    expect(figure('Total before payment fees', breakdown())).toBe('£54.50');

    await user.selectOptions(screen.getByLabelText('Unit type'), 'LAND_USD');
    expect(figure('Price per Unit', breakdown())).toBe('$1.100000');
    expect(figure('Total before payment fees', breakdown())).toBe('$56.00');
  });

  it('shows the request schema’s messages and goes nowhere while the form is invalid', async () => {
    const api = orderApi({});
    const { user, location } = await openTab('buy');

    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    const units = screen.getByLabelText('Number of Units');
    expect(await screen.findByText(ORDER_MESSAGES.unitsRequired)).toBeTruthy();
    expect(units.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(units);

    await user.type(units, '0');
    expect(screen.getByText(ORDER_MESSAGES.unitsMin)).toBeTruthy();
    await user.clear(units);
    await user.type(units, '99999999999999999999');
    expect(screen.getByText(ORDER_MESSAGES.unitsWhole)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(location.current).toBe('/dashboard/transaction?tab=buy');
    expect(api.callsTo(CREATE)).toHaveLength(0);
  });

  it('warns early of the SPEC limits: the supply cap, the purchase limit and the LU2X offer’s cap', async () => {
    orderApi({});
    const { user } = await openTab('buy', testBundle({ unitsAvailable: 120, limitInCents: 100_000, usedInCents: 90_000, doubleLandRemaining: 80 }));

    await typeUnits(user, '121');
    await user.tab();
    expect(screen.getByText(MONEY_MESSAGES.buyUpTo(120))).toBeTruthy();
    expect(screen.getByText('You can only buy up to 120 units')).toBeTruthy();

    await typeUnits(user, '100');
    expect(
      screen.getByText('Your current purchase limit is £1,000.00, This purchase plus any existing unapproved purchases exceed that limit.'),
    ).toBeTruthy();

    await user.click(screen.getByRole('checkbox', { name: 'LU2X double-land offer' }));
    expect(screen.getByText('Maximum remaining units in the LU2X offer: 80')).toBeTruthy();
  });

  it('applies a discount code: the server’s answer, the discount in the breakdown, then Continue carries it to the payment page', async () => {
    const api = orderApi({
      [CODE_LOOKUP('SPRING10', 10_700)]: () => json(200, { referenceCodeDetails: spring10 }),
      [CARD_SETUP]: () => json(200, SETUP),
    });
    const { user, location } = await openTab('buy');
    await typeUnits(user, '100');
    await user.type(screen.getByLabelText('Reference code (optional)'), 'spring10');
    await user.click(screen.getByRole('button', { name: 'Apply' }));

    expect(await screen.findByText('SPRING10: 10 % off the subtotal.')).toBeTruthy();
    expect(figure('Discount (SPRING10)', breakdown())).toBe('−£10.70');
    expect(figure('Total before payment fees', breakdown())).toBe('£97.30');

    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await screen.findByRole('heading', { level: 1, name: 'Choose how to pay' });
    await waitFor(() => expect(location.current).toBe('/dashboard/buy-units/payment?unitType=LAND_POUND&units=100&code=SPRING10'));
    // The answer was kept: neither Continue nor the payment page asked again.
    expect(api.callsTo(CODE_LOOKUP('SPRING10', 10_700))).toHaveLength(1);
  });

  it('applies a bonus code: the bonus Units in the breakdown, no discount', async () => {
    orderApi({ [CODE_LOOKUP('BONUS50', 10_700)]: () => json(200, { referenceCodeDetails: bonus50 }) });
    const { user } = await openTab('buy');
    await typeUnits(user, '100');
    await user.type(screen.getByLabelText('Reference code (optional)'), 'BONUS50{Enter}');

    expect(await screen.findByText(/BONUS50: 50 bonus Units/)).toBeTruthy();
    expect(figure('Bonus Units (BONUS50)', breakdown())).toBe('+50 GBP Units');
    expect(figure('Total before payment fees', breakdown())).toBe('£108.00');
    expect(within(breakdown()).queryByText(/^Discount/)).toBeNull();
  });

  it('shows the server’s reason when a code cannot be used, under the code field, and does not continue', async () => {
    const api = orderApi({
      [CODE_LOOKUP('OLDCODE', 10_700)]: () =>
        json(400, { message: 'This code has expired.', code: 'VALIDATION_FAILED', errors: { referenceCode: 'This code has expired.' } }),
    });
    const { user, location } = await openTab('buy');
    await typeUnits(user, '100');
    const field = screen.getByLabelText('Reference code (optional)');
    await user.type(field, 'OLDCODE');
    // Continue checks a code that was not applied yet.
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));

    expect(await screen.findByText('This code has expired.')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(field));
    expect(location.current).toBe('/dashboard/transaction?tab=buy');
    expect(api.callsTo(CODE_LOOKUP('OLDCODE', 10_700))).toHaveLength(1);

    // Editing the code drops the message.
    await user.type(field, 'X');
    expect(screen.queryByText('This code has expired.')).toBeNull();
  });

  it('refuses a code together with the LU2X offer, without asking the server', async () => {
    const api = orderApi({ [CARD_SETUP]: () => json(200, SETUP) });
    const { user, location } = await openTab('buy');
    await typeUnits(user, '10');
    await user.type(screen.getByLabelText('Reference code (optional)'), 'SPRING10');
    await user.click(screen.getByRole('checkbox', { name: 'LU2X double-land offer' }));

    expect(screen.getByText(ORDER_MESSAGES.doubleLandNoCodes)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(location.current).toBe('/dashboard/transaction?tab=buy');
    expect(api.calls.filter((c) => c.url.includes('referencecode'))).toHaveLength(0);

    // Without the code, LU2X continues.
    await user.clear(screen.getByLabelText('Reference code (optional)'));
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await waitFor(() => expect(location.current).toBe('/dashboard/buy-units/payment?unitType=LAND_POUND&units=10&lu2x=1'));
  });

  it('is filled in again from its address when the person comes back to change the Units', async () => {
    orderApi({});
    renderOrderPage('/dashboard/transaction?tab=buy&unitType=LAND_EUR&units=250&lu2x=1');
    const form = await screen.findByRole('form', { name: 'Buy Units' });
    expect((within(form).getByLabelText('Unit type') as HTMLSelectElement).value).toBe('LAND_EUR');
    expect((within(form).getByLabelText('Number of Units') as HTMLInputElement).value).toBe('250');
    expect((within(form).getByRole('checkbox', { name: 'LU2X double-land offer' }) as HTMLInputElement).checked).toBe(true);
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

describe('/dashboard/transaction: locked LU2X Units', () => {
  const locked = { LAND_POUND: { lockedUnits: 100, nextUnlockAt: '2027-06-01T00:00:00.000Z', nextUnlockUnits: 10 } };
  const message = 'You can sell or transfer up to 500 units now. Your LU2X units unlock over time: 10 more on 1 June 2027.';

  it.each(['sell', 'transfer'])('%s: says how many are locked and when the next ones unlock', async (tab) => {
    orderApi({});
    await openTab(tab, testBundle({ doubleLand: locked }));
    expect(screen.getByLabelText('Number of Units').getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getAllByText(/100 LU2X Units are locked; 10 unlock on 1 June 2027\./).length).toBeGreaterThanOrEqual(1);
    expect(screen.getByText(/Available to .*: 500 GBP Units\. 100 LU2X Units are locked; 10 unlock on 1 June 2027\./)).toBeTruthy();
  });

  it.each(['sell', 'transfer'])('%s: more than the free Units says, before asking the server, how many can move now and when more unlock', async (tab) => {
    const api = orderApi({});
    const { user } = await openTab(tab, testBundle({ doubleLand: locked, owned: { LAND_POUND: 0 } }));
    await typeUnits(user, '10');
    await user.click(screen.getByRole('button', { name: 'Review order' }));
    expect(screen.getByText('You can sell or transfer up to 0 units now. Your LU2X units unlock over time: 10 more on 1 June 2027.')).toBeTruthy();
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
    orderApi({ [CREATE]: () => json(409, { message, code: 'CONFLICT', errors: { numberOfUnits: message } }) });
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
