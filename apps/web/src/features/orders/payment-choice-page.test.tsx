import { ORDER_MESSAGES } from '@landunits/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { json } from '../../test/api-mock';
import { idempotencyKeys, ORDER_ID, orderApi, renderOrderPage, testBundle, testOrder } from './orders-test-utils';

beforeAll(async () => {
  await import('./order-pages');
});

const CREATE = 'POST /api/order/create_order';
const CARD_SETUP = 'GET /api/order/card_setup';
const DETAILS = `GET /api/order/get_order_details/${ORDER_ID}`;
const INTENT = `GET /api/order/get_payment_intent/${ORDER_ID}`;
const PATH = '/dashboard/buy-units/payment?unitType=LAND_POUND&units=100';

const setup = (preferred: 'Card_Stripe' | 'Card_Square' = 'Card_Stripe', offered: 'Card_Stripe' | 'Card_Square' | null = preferred) => ({
  preferred,
  offered,
  modes: { Card_Stripe: 'test', Card_Square: 'test' },
  stripePublishableKey: null,
  square: null,
});

function figure(label: string, scope: HTMLElement = document.body): string {
  return within(scope).getAllByText(label, { selector: 'dt' })[0]?.nextElementSibling?.textContent ?? '';
}

const radio = (name: RegExp) => screen.getByRole('radio', { name }) as HTMLInputElement;
const breakdown = () => screen.getByRole('region', { name: 'Breakdown' });

async function openPage(path = PATH, bundle = testBundle()) {
  const rendered = renderOrderPage(path, bundle);
  await screen.findByRole('group', { name: 'Payment method' });
  return rendered;
}

describe('/dashboard/buy-units/payment', () => {
  it('shows each method with its own total and its fee named, and the breakdown of the chosen one', async () => {
    orderApi({ [CARD_SETUP]: () => json(200, setup()) });
    const { user } = await openPage();

    const purchase = screen.getByRole('region', { name: 'Your purchase' });
    expect(figure('Units', purchase)).toBe('100 GBP Units');
    expect(within(purchase).getByRole('link', { name: 'Change the Units or the code' }).getAttribute('href')).toBe('/dashboard/transaction?tab=buy&unitType=LAND_POUND&units=100');

    // 100 × £1.07 + £1.00 = £108.00, then each method's fees on that. One card option, the preferred provider's, named "Card".
    expect(radio(/^Bank transfer/).labels?.[0]?.textContent).toContain('£108.00');
    expect(screen.getByRole('radio', { name: 'Bank transfer £108.00' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Card £109.82' })).toBeTruthy();
    expect(screen.getAllByRole('radio', { name: /^Card/ })).toHaveLength(1);
    expect(screen.getByRole('radio', { name: 'Crypto (Bitcoin or Ether) £109.08' })).toBeTruthy();
    expect(screen.getByText(/Fee: 1\.50% \+ £0\.20 \(£1\.82\)/)).toBeTruthy();
    expect(screen.getByText(/Fee: 1\.00% \(£1\.08\)/)).toBeTruthy();
    expect(screen.getByText(/^No fee\. You pay from your bank/)).toBeTruthy();
    expect(screen.getAllByText('Test mode: no real card is charged.')).toHaveLength(1);
    expect(document.body.textContent).not.toMatch(/Stripe|Square/);

    // The free bank transfer starts chosen: the cheapest method for this amount.
    expect(radio(/^Bank transfer/).checked).toBe(true);
    expect(figure('Total to pay', breakdown())).toBe('£108.00');

    await user.click(radio(/^Card/));
    expect(figure('Payment method fee', breakdown())).toBe('£1.82');
    expect(figure('Total to pay', breakdown())).toBe('£109.82');

    await user.click(radio(/^Crypto/));
    expect(figure('Total to pay', breakdown())).toBe('£109.08');
    expect((screen.getByRole('radio', { name: 'Bitcoin (BTC)' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('radio', { name: 'Ether (ETH)' })).toBeTruthy();
  });

  it('includes the code’s discount and the LU2X half price in every total', async () => {
    orderApi({
      [CARD_SETUP]: () => json(200, setup()),
      'GET /api/referencecode/get_discount_by_reference_code?code=SPRING10&subTotal=10700&unitType=LAND_POUND': () =>
        json(200, {
          referenceCodeDetails: {
            code: 'SPRING10',
            codeType: 'DISCOUNT',
            isPercent: true,
            amount: '10',
            discountValue: '10 %',
            bonusUnits: 0,
            minPaymentAmountInCents: null,
            maxPaymentAmountInCents: null,
            validUntil: null,
          },
        }),
    });
    renderOrderPage(`${PATH}&code=spring10`);
    await screen.findByRole('group', { name: 'Payment method' });
    // (£107.00 − £10.70 + £1.00) = £97.30; Stripe: + 1.5 % (£1.46) + £0.20.
    expect(screen.getByRole('radio', { name: 'Bank transfer £97.30' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Card £98.96' })).toBeTruthy();
    expect(figure('Discount (SPRING10)', breakdown())).toBe('−£10.70');
    expect(figure('Reference code', screen.getByRole('region', { name: 'Your purchase' }))).toBe('SPRING10: 10 % off the subtotal.');
  });

  it('halves the subtotal for the LU2X offer', async () => {
    orderApi({ [CARD_SETUP]: () => json(200, setup()) });
    await openPage(`${PATH}&lu2x=1`);
    // 100 × £1.07 / 2 + £1.00 = £54.50.
    expect(screen.getByRole('radio', { name: 'Bank transfer £54.50' })).toBeTruthy();
    expect(figure('Subtotal (LU2X half price)', breakdown())).toBe('£53.50');
  });

  it('starts a business on Bank transfer', async () => {
    orderApi({ [CARD_SETUP]: () => json(200, setup('Card_Square')) });
    await openPage(PATH, testBundle({ userType: 'BUSINESS' }));
    expect(radio(/^Bank transfer/).checked).toBe(true);
    expect(figure('Total to pay', breakdown())).toBe('£108.00');
  });

  it('offers the card of the provider card_setup prefers, as "Card", and Stripe’s fees when it cannot say', async () => {
    orderApi({ [CARD_SETUP]: () => json(200, setup('Card_Square')) });
    const first = await openPage();
    expect(screen.getByRole('radio', { name: 'Card £109.99' }).getAttribute('value')).toBe('Card_Square');
    first.unmount();

    orderApi({ [CARD_SETUP]: () => json(500, { message: 'Something went wrong on our side.', code: 'INTERNAL' }) });
    await openPage();
    expect(screen.getByRole('radio', { name: 'Card £109.82' }).getAttribute('value')).toBe('Card_Stripe');
  });

  it('offers no card when card_setup offers none (no card is taken here): bank transfer and crypto only', async () => {
    orderApi({ [CARD_SETUP]: () => json(200, setup('Card_Stripe', null)) });
    await openPage();
    expect(screen.getAllByRole('radio').map((r) => r.getAttribute('value'))).toEqual(['Bank', 'Crypto']);
    expect(screen.queryByRole('radio', { name: /^Card / })).toBeNull();
  });

  it('starts an individual on the cheapest method for the amount, from the server’s fees', async () => {
    orderApi({ [CARD_SETUP]: () => json(200, setup()) });
    const bundle = testBundle();
    // Bank now costs 2 % + £5; crypto 1 %; card 1.5 % + £0.20: on £108.00 crypto (£109.08) is the cheapest.
    bundle.externalFees = { ...bundle.externalFees, Bank: { fixedPercentageFees: 200, fixedCentsFees: 500 } };
    await openPage(PATH, bundle);
    expect(radio(/^Crypto/).checked).toBe(true);
    expect(figure('Total to pay', breakdown())).toBe('£109.08');
  });

  it.each([
    ['Bank transfer', 'Bank', undefined, '/dashboard/buy-units/payment-bank', 'Pay by bank transfer'],
    ['Crypto', 'Crypto', 'ETHER', '/dashboard/buy-units/payment-crypto', 'Pay with crypto'],
    ['Card', 'Card_Stripe', undefined, '/dashboard/buy-units/payment-card-stripe', 'Pay by card'],
    ['Card', 'Card_Square', undefined, '/dashboard/buy-units/payment-card-square', 'Pay by card'],
  ] as const)('%s (%s): review, Confirm with an Idempotency-Key, then that method’s page', async (label, method, coin, page, heading) => {
    const placed = testOrder({
      paymentMethod: method,
      buy: { paymentId: 'ABCDE', expiresAt: '2026-11-23T14:05:00.000Z', cryptoType: coin ?? null, walletAddress: coin ? '0xabc' : null },
    });
    const api = orderApi({
      [CARD_SETUP]: () => json(200, setup(method === 'Card_Square' ? 'Card_Square' : 'Card_Stripe')),
      [CREATE]: () => json(201, { orderCreatedData: placed }),
      [DETAILS]: () => json(200, { orderData: placed }),
      [INTENT]: () => json(200, { mode: 'test', provider: method, clientSecret: null, publishableKey: null, amount: 10_982, currency: 'GBP' }),
      // The crypto page asks for the coin amount.
      'POST /api/order/crypto_quote': () =>
        json(200, {
          quote: {
            coin: 'ETHER',
            currency: 'GBP',
            paymentAmount: 10_982,
            coinAmount: '0.04392800',
            coinPrice: '2500.00',
            rateSource: 'Land Units',
            rateAt: null,
            quotedAt: '2026-11-22T14:00:00.000Z',
            expiresAt: '2026-11-22T14:15:00.000Z',
          },
          secondsLeft: 900,
          paymentUri: 'ethereum:0xabc?value=43928000000000000',
          qrCodeSvg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
        }),
    });
    const { user, location } = await openPage();

    const progress = () => screen.getByRole('navigation', { name: 'Buying Units' });
    expect(
      within(progress())
        .getAllByRole('listitem')
        .find((item) => item.getAttribute('aria-current') === 'step')?.textContent,
    ).toBe('2Payment method');
    await user.click(screen.getByRole('radio', { name: new RegExp(`^${label.replace(/[()]/g, '\\$&')}`) }));
    if (coin) await user.click(screen.getByRole('radio', { name: 'Ether (ETH)' }));
    await user.click(screen.getByRole('button', { name: 'Review order' }));
    const review = await screen.findByRole('region', { name: 'Review your purchase' });
    expect(progress().textContent).toContain('Step 3 of 5: Review');
    expect(figure('Payment method', review)).toBe(coin ? 'Crypto: Ether (ETH)' : label);
    expect(api.callsTo(CREATE)).toHaveLength(0);
    await user.click(within(review).getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
    await waitFor(() => expect(location.current).toBe(`${page}?orderId=${ORDER_ID}`));
    expect((await screen.findByRole('navigation', { name: 'Buying Units' })).textContent).toContain('Step 4 of 5: Pay');
    expect(api.callsTo(CREATE).map((c) => c.body)).toEqual([
      expect.objectContaining({
        orderType: 'BUY',
        currencyUnit: { unitType: 'LAND_POUND', numberOfUnits: 100, isDoubleLand: false },
        paymentDetails: coin ? { paymentMethod: method, cryptoType: coin } : { paymentMethod: method },
      }),
    ]);
    expect(idempotencyKeys(CREATE)[0]).toMatch(/^[A-Za-z0-9_.:-]{8,100}$/);
  });

  it('sends the code and the LU2X flag as the contract writes them', async () => {
    const api = orderApi({
      [CARD_SETUP]: () => json(200, setup()),
      [CREATE]: () => json(201, { orderCreatedData: testOrder() }),
      [DETAILS]: () => json(200, { orderData: testOrder() }),
    });
    const { user } = await openPage(`${PATH}&lu2x=1`, testBundle({ userType: 'BUSINESS' }));
    await user.click(screen.getByRole('button', { name: 'Review order' }));
    expect(figure('LU2X offer', await screen.findByRole('region', { name: 'Review your purchase' }))).toMatch(/^Half price/);
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await screen.findByRole('heading', { level: 1, name: 'Pay by bank transfer' });
    expect(api.callsTo(CREATE)[0]?.body).toMatchObject({ currencyUnit: { isDoubleLand: true }, paymentDetails: { paymentMethod: 'Bank' } });
    expect(api.callsTo(CREATE)[0]?.body).not.toHaveProperty('buy');
  });

  it('shows a 409 limit next to the Units with the way back to change them', async () => {
    const limit = 'You can only buy up to 50 units';
    orderApi({
      [CARD_SETUP]: () => json(200, setup()),
      [CREATE]: () => json(409, { message: limit, code: 'LIMIT_EXCEEDED', errors: { numberOfUnits: limit } }),
    });
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Review order' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));

    expect((await screen.findByRole('alert')).textContent).toBe(limit);
    const review = screen.getByRole('region', { name: 'Review your purchase' });
    expect(within(review).getByRole('link', { name: 'Change the Units or the code' }).getAttribute('href')).toBe('/dashboard/transaction?tab=buy&unitType=LAND_POUND&units=100');

    await user.click(screen.getByRole('button', { name: 'Change order' }));
    const purchase = screen.getByRole('region', { name: 'Your purchase' });
    expect(figure('Units', purchase)).toBe(`100 GBP Units${limit}`);
    const change = within(purchase).getByRole('link', { name: 'Change the Units or the code' });
    expect(change.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(change.getAttribute('aria-describedby') ?? '')?.textContent).toBe(limit);
    await waitFor(() => expect(document.activeElement).toBe(change));
  });

  it('puts a 400 on the code or the payment method back beside them', async () => {
    orderApi({
      [CARD_SETUP]: () => json(200, setup()),
      [CREATE]: () =>
        json(400, {
          message: 'Please check the form',
          code: 'VALIDATION_FAILED',
          errors: { paymentMethod: ORDER_MESSAGES.paymentMethodNotAvailable },
        }),
    });
    const { user } = await openPage();
    await user.click(radio(/^Card/));
    await user.click(screen.getByRole('button', { name: 'Review order' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText(ORDER_MESSAGES.paymentMethodNotAvailable)).toBeTruthy();
    const stripe = radio(/^Card/);
    expect(stripe.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(stripe));
    // Another method drops the message.
    await user.click(radio(/^Bank transfer/));
    expect(screen.queryByText(ORDER_MESSAGES.paymentMethodNotAvailable)).toBeNull();
  });

  it('retries a submission that met a network error with the same key', async () => {
    let answers = 0;
    orderApi({
      [CARD_SETUP]: () => json(200, setup()),
      [CREATE]: () => {
        answers += 1;
        if (answers === 1) throw new TypeError('Failed to fetch');
        return json(201, { orderCreatedData: testOrder() });
      },
      [DETAILS]: () => json(200, { orderData: testOrder() }),
    });
    const { user, location } = await openPage(PATH, testBundle({ userType: 'BUSINESS' }));
    await user.click(screen.getByRole('button', { name: 'Review order' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Press Confirm to try again');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(location.current).toBe(`/dashboard/buy-units/payment-bank?orderId=${ORDER_ID}`));
    const keys = idempotencyKeys(CREATE);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  it('shows the server’s reason when the code in the address cannot be used, and places nothing', async () => {
    const api = orderApi({
      [CARD_SETUP]: () => json(200, setup()),
      'GET /api/referencecode/get_discount_by_reference_code?code=USEDUP&subTotal=10700&unitType=LAND_POUND': () =>
        json(400, { message: 'This code has been used up.', code: 'VALIDATION_FAILED', errors: { referenceCode: 'This code has been used up.' } }),
    });
    const { user } = await openPage(`${PATH}&code=USEDUP`);
    const purchase = screen.getByRole('region', { name: 'Your purchase' });
    expect(within(purchase).getByText('This code has been used up.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Review order' }));
    expect(screen.queryByRole('region', { name: 'Review your purchase' })).toBeNull();
    expect(document.activeElement).toBe(within(purchase).getByRole('link', { name: 'Change the Units or the code' }));
    expect(api.callsTo(CREATE)).toHaveLength(0);
  });

  it.each([
    ['no Units', '/dashboard/buy-units/payment?unitType=LAND_POUND', 'This link does not say how many Units to buy.'],
    ['an unknown unit type', '/dashboard/buy-units/payment?unitType=LAND_YEN&units=5', 'The unit type in this link is not one we sell.'],
    ['a code with LU2X', '/dashboard/buy-units/payment?units=5&lu2x=1&code=SPRING10', ORDER_MESSAGES.doubleLandNoCodes],
  ])('explains a link with %s and leads to the Buy tab', async (_name, path, problem) => {
    orderApi({});
    renderOrderPage(path);
    expect(await screen.findByRole('heading', { name: 'This payment link is incomplete' })).toBeTruthy();
    expect(screen.getByText(new RegExp(problem.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the Buy tab' }).getAttribute('href')).toBe('/dashboard/transaction?tab=buy');
  });
});
