import { MONEY_MESSAGES, ORDER_MESSAGES } from '@landunits/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { json } from '../../test/api-mock';
import { idempotencyKeys, ORDER_ID, orderApi, renderOrderPage, testBundle, testOrder } from './orders-test-utils';
import { breakdown, bonus50, CARD_SETUP, CODE_LOOKUP, CREATE, figure, openTab, review, SETUP, spring10, typeUnits } from './transaction-page-test-utils';

beforeAll(async () => {
  // The lazy chunk, loaded once so each test's page appears quickly.
  await import('./order-pages');
});

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

    expect(figure('Price per Unit', breakdown())).toBe('£1.0700');
    expect(figure('Units', breakdown())).toBe('100 GBP Units');
    expect(figure('Subtotal', breakdown())).toBe('£107.00');
    expect(figure('Transaction fee', breakdown())).toBe('£1.00');
    expect(figure('Total before payment fees', breakdown())).toBe('£108.00');
    // Every method's fee is named before the choice.
    // One "Card" line, without the provider's name.
    expect(within(breakdown()).getByText('Card: 1.50% + £0.20 or 1.75% + £0.10')).toBeTruthy();
    expect(breakdown().textContent).not.toMatch(/Stripe|Square/);
    expect(within(breakdown()).getByText('Bank transfer: No fee')).toBeTruthy();

    await user.click(lu2x);
    expect(figure('Subtotal (LU2X half price)', breakdown())).toBe('£53.50');
    expect(figure('Total before payment fees', breakdown())).toBe('£54.50');

    await user.selectOptions(screen.getByLabelText('Unit type'), 'LAND_USD');
    expect(figure('Price per Unit', breakdown())).toBe('$1.1000');
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
    // The form checks a field when it is left; its message shows once the check has run.
    expect(await screen.findByText(MONEY_MESSAGES.buyUpTo(120))).toBeTruthy();
    expect(await screen.findByText('You can only buy up to 120 units')).toBeTruthy();

    await typeUnits(user, '100');
    expect(await screen.findByText('Your current purchase limit is £1,000.00, This purchase plus any existing unapproved purchases exceed that limit.')).toBeTruthy();

    await user.click(screen.getByRole('checkbox', { name: 'LU2X double-land offer' }));
    expect(await screen.findByText('Maximum remaining units in the LU2X offer: 80')).toBeTruthy();
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
      [CODE_LOOKUP('OLDCODE', 10_700)]: () => json(400, { message: 'This code has expired.', code: 'VALIDATION_FAILED', errors: { referenceCode: 'This code has expired.' } }),
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
    expect(figure('Sale fee', breakdown())).toBe('10 GBP Units (10% of this sale)');
    expect(screen.queryByText(/^Large fee/)).toBeNull();
    expect(figure('Units sold', breakdown())).toBe('90 GBP Units');
    expect(figure('Price per Unit', breakdown())).toBe('£1.0700');
    expect(figure('Payout', breakdown())).toBe('£96.30');

    await user.click(screen.getByRole('button', { name: 'Review order' }));
    expect(figure('Payout', await review())).toBe('£96.30');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Sale placed' })).toBeTruthy();
    expect(location.current).toBe(`/dashboard/sell-units/success?orderId=${ORDER_ID}`);
    expect(api.callsTo(CREATE)[0]?.body).toMatchObject({ orderType: 'SELL', currencyUnit: { unitType: 'LAND_POUND', numberOfUnits: 100 } });
    expect(idempotencyKeys(CREATE)[0]).toBeTruthy();
  });

  it('brings a 400 back to the form: the field’s message under it and focused, the others above the button; an edit clears them', async () => {
    const api = orderApi({
      [CREATE]: () => json(400, { message: 'Please check the form', code: 'VALIDATION_FAILED', errors: { numberOfUnits: ORDER_MESSAGES.unitsMax, orderStatus: ORDER_MESSAGES.notSettable } }),
    });
    const { user } = await openTab('sell');
    await typeUnits(user, '100');
    await user.click(screen.getByRole('button', { name: 'Review order' }));
    await review();
    await user.click(screen.getByRole('button', { name: 'Confirm' }));

    const form = await screen.findByRole('form', { name: 'Sell Units' });
    const units = within(form).getByLabelText('Number of Units');
    expect(within(form).getByText(ORDER_MESSAGES.unitsMax)).toBeTruthy();
    expect(units.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(units));
    expect(within(form).getByRole('alert').textContent).toBe(ORDER_MESSAGES.notSettable);

    await typeUnits(user, '90');
    await waitFor(() => expect(within(form).queryByText(ORDER_MESSAGES.unitsMax)).toBeNull());
    expect(within(form).queryByRole('alert')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Review order' }));
    await user.click(within(await review()).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(api.callsTo(CREATE)).toHaveLength(2));
    const keys = idempotencyKeys(CREATE);
    expect(keys[1]).not.toBe(keys[0]);
  });

  it('names the sale fee’s share of a small sale before the review, and warns from 25 %', async () => {
    orderApi({});
    const { user } = await openTab('sell');
    await typeUnits(user, '20');
    expect(figure('Sale fee', breakdown())).toBe('10 GBP Units (50% of this sale)');
    expect(screen.getByText(/^Large fee/).closest('p')?.textContent).toBe(
      'Large fee: The sale fee is 50% of this sale: 10 GBP Units of 20 GBP Units. It is the same 10 Units for any sale, so selling more Units at once loses a smaller share.',
    );

    await typeUnits(user, '30');
    expect(figure('Sale fee', breakdown())).toBe('10 GBP Units (33.33% of this sale)');
    expect(screen.getByText(/^The sale fee is 33\.33% of this sale/)).toBeTruthy();

    // Exactly a quarter still warns; just under does not.
    await typeUnits(user, '40');
    expect(screen.getByText(/^The sale fee is 25% of this sale/)).toBeTruthy();
    await typeUnits(user, '41');
    expect(figure('Sale fee', breakdown())).toBe('10 GBP Units (24.39% of this sale)');
    expect(screen.queryByText(/^Large fee/)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Review order' }));
    expect(figure('Sale fee', await review())).toBe('10 GBP Units (24.39% of this sale)');
  });

  it('refuses more Units than owned and no more than the fee', async () => {
    orderApi({});
    const { user } = await openTab('sell');
    await typeUnits(user, '501');
    await user.tab();
    expect(await screen.findByText('Not enough units available.')).toBeTruthy();
    await typeUnits(user, '10');
    expect(screen.getByText(MONEY_MESSAGES.sellMoreThanFee(10))).toBeTruthy();
  });

  it('needs profile and bank verification Approved: says so, links to both, and cannot be sent', async () => {
    const api = orderApi({});
    const { user } = await openTab('sell', testBundle({ profile: 'Pending', bank: 'UnVerified' }));

    const checklist = screen.getByRole('region', { name: 'Needed to sell' });
    expect(within(checklist).getByText('Pending Admin Review')).toBeTruthy();
    expect(within(checklist).getByText('Not Verified')).toBeTruthy();
    expect(within(checklist).getByRole('link', { name: 'Profile verification' }).getAttribute('href')).toBe('/dashboard/settings/profile-verification#verification-status');
    expect(within(checklist).getByRole('link', { name: 'Bank verification' }).getAttribute('href')).toBe('/dashboard/settings/bank-verification#verification-status');
    expect(screen.getByText(/complete your profile verification and your bank verification first/)).toBeTruthy();

    await typeUnits(user, '100{Enter}');
    const button = screen.getByRole('button', { name: 'Review order' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(screen.queryByRole('region', { name: 'Review your sale' })).toBeNull();
    expect(api.callsTo(CREATE)).toHaveLength(0);
  });
});
