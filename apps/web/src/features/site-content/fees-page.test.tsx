import type { CardPaymentSetup, CardProvider, PriceListBody, UnitType } from '@landunits/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { json, mockApi } from '../../test/api-mock';
import { inProviders, renderWithProviders, testQueryClient } from '../../test/render-app';
import { FeesPage } from './fees-page';
import { cardSetupSiteQuery, pricesQuery } from './site-queries';

const CARD_SETUP = 'GET /api/order/card_setup';
/** GET /api/order/card_setup with the card buyers are offered (null: no card taken here). */
const cardSetup = (offered: CardProvider | null = 'Card_Stripe'): CardPaymentSetup => ({
  preferred: offered ?? 'Card_Stripe',
  offered,
  modes: { Card_Stripe: 'test', Card_Square: 'test' },
  stripePublishableKey: null,
  square: null,
});
const offeredCard = (offered?: CardProvider | null) => ({ [CARD_SETUP]: () => json(200, cardSetup(offered)) });

/** The page with a fresh query cache (no retries, as in every web test). */
const renderFees = () => renderWithProviders(<FeesPage />, { path: '/fees' });

/**
 * The price list as GET /api/order/get_price answers it, with figures that differ from the
 * defaults and from one currency to the next, so each one on the page can only come from here.
 */
function priceList(): PriceListBody {
  const price = (pricePerUnit: string, buyFee: number, currency: 'GBP' | 'USD' | 'EUR' | 'AUD', symbol: string) => ({
    pricePerUnit,
    buyOrderTransactionFeeInCents: buyFee,
    sellOrderTransactionFeeInUnits: 12,
    convertOrderTransactionFeeInUnits: 3,
    currency,
    symbol,
  });
  const prices: Record<UnitType, ReturnType<typeof price>> = {
    LAND_POUND: price('1.077986', 100, 'GBP', '£'),
    LAND_USD: price('1.336703', 125, 'USD', '$'),
    LAND_EUR: price('1.282803', 95, 'EUR', '€'),
    LAND_AUD: price('2.145192', 180, 'AUD', 'A$'),
  };
  return {
    prices,
    externalFees: {
      Bank: { fixedPercentageFees: 0, fixedCentsFees: 0 },
      Card_Stripe: { fixedPercentageFees: 150, fixedCentsFees: 20 },
      Card_Square: { fixedPercentageFees: 175, fixedCentsFees: 10 },
      Crypto: { fixedPercentageFees: 125, fixedCentsFees: 0 },
    },
    priceDate: '2026-03-10',
    nextChangeAt: '2026-03-11T00:00:00.000Z',
  };
}

const rowsOf = (caption: string) => {
  const table = screen.getByRole('table', { name: caption });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
};

describe('/fees', () => {
  it('lists every fee of the stored settings', async () => {
    mockApi({ 'GET /api/order/get_price': () => json(200, priceList()), ...offeredCard() });
    renderFees();
    expect(await screen.findByRole('heading', { level: 1, name: 'Fees' })).toBeTruthy();
    await screen.findByRole('table', { name: 'Buy fee and price of one Unit today' });

    expect(rowsOf('Buy fee and price of one Unit today')).toEqual([
      ['GBP', '£1.00', '£1.0780'],
      ['USD', '$1.25', '$1.3367'],
      ['EUR', '€0.95', '€1.2828'],
      ['AUD', 'A$1.80', 'A$2.1452'],
    ]);
    expect(rowsOf('Fees on selling, converting and transferring')).toEqual([
      ['Sell', '12 Units per sale'],
      ['Convert', '3 Units per conversion'],
      ['Transfer', 'Free'],
      ['Scheduled transfer', 'Free'],
    ]);
    // One card, the one buyers are offered, with its provider's fees.
    expect(rowsOf('Fees of each payment method')).toEqual([
      ['Bank transferFrom your bank account to ours.', 'None', 'None'],
      ['CardDebit or credit card, paid at once.', '1.50%', '£0.20, $0.20, €0.20 or A$0.20'],
      ['CryptoBitcoin or Ether, sent to our wallet.', '1.25%', 'None'],
    ]);
    expect(screen.getByRole('heading', { level: 2, name: 'What Land Units earns on the land' }).parentElement?.textContent).toContain('Land Units earns 2% on the land it manages.');
  });

  it('works out a buy of 100 GBP Units by card from the mocked price, line by line', async () => {
    mockApi({ 'GET /api/order/get_price': () => json(200, priceList()), ...offeredCard() });
    renderFees();
    const caption = 'The total of 100 GBP Units paid by Card';
    await screen.findByText('£1.0780', { selector: 'td' });

    // By hand: 100 × £1.077986 = £107.7986 → 10,780 cents (half-up); + 100 buy fee = 10,880;
    // Stripe 1.5 % of 10,880 = 163.2 → 163; + 20 fixed = 11,063 cents.
    expect(rowsOf(caption)).toEqual([
      ['Subtotal', '100 × £1.077986', '£107.80'],
      ['Buy fee', 'GBP buy fee', '£1.00'],
      ['Card fee', '1.50% of £108.80', '£1.63'],
      ['Card fixed fee', 'Per payment', '£0.20'],
      ['Total to pay', 'Sum of the lines above', '£110.63'],
    ]);
    const section = screen.getByRole('heading', { level: 2, name: 'Worked example' }).parentElement as HTMLElement;
    expect(section.textContent).toContain('the server computes the amount charged');
    expect(section.textContent).toContain('10 Mar 2026');
  });

  it('lists the card of the provider that takes it, with its fees in the example; no card where none is taken', async () => {
    mockApi({ 'GET /api/order/get_price': () => json(200, priceList()), ...offeredCard('Card_Square') });
    const square = renderFees();
    await screen.findByText('£1.0780', { selector: 'td' });
    expect(rowsOf('Fees of each payment method')[1]).toEqual(['CardDebit or credit card, paid at once.', '1.75%', '£0.10, $0.10, €0.10 or A$0.10']);
    // 1.75 % of 10,880 = 190.4 → 190; + 10 fixed = 11,080 cents.
    expect(rowsOf('The total of 100 GBP Units paid by Card').slice(2)).toEqual([
      ['Card fee', '1.75% of £108.80', '£1.90'],
      ['Card fixed fee', 'Per payment', '£0.10'],
      ['Total to pay', 'Sum of the lines above', '£110.80'],
    ]);
    square.unmount();

    mockApi({ 'GET /api/order/get_price': () => json(200, priceList()), ...offeredCard(null) });
    renderFees();
    await screen.findByText('£1.0780', { selector: 'td' });
    expect(rowsOf('Fees of each payment method').map((row) => row[0])).toEqual(['Bank transferFrom your bank account to ours.', 'CryptoBitcoin or Ether, sent to our wallet.']);
    expect(screen.queryByRole('table', { name: 'The total of 100 GBP Units paid by Card' })).toBeNull();
    expect(rowsOf('The total of 100 GBP Units paid by Bank transfer').at(-1)).toEqual(['Total to pay', 'Sum of the lines above', '£108.80']);
  });

  it('shows the tables with placeholders while loading, then the figures in the same rows', async () => {
    let answer: (response: Response) => void = () => {};
    mockApi({ 'GET /api/order/get_price': () => new Promise<Response>((resolve) => (answer = resolve)), ...offeredCard() });
    renderFees();
    await screen.findByRole('heading', { level: 1, name: 'Fees' });

    expect(screen.getByRole('status').textContent).toBe('Loading the fees…');
    expect(rowsOf('Fees of each payment method').map((row) => row.length)).toEqual([3, 3, 3]);
    expect(rowsOf('The total of 100 GBP Units paid by Card')).toHaveLength(5);
    // Every figure is a placeholder hidden from assistive technology; labels and free items are real.
    const exampleAmounts = within(screen.getByRole('table', { name: 'The total of 100 GBP Units paid by Card' }))
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.querySelector('td:last-child [aria-hidden]')?.getAttribute('aria-hidden'));
    expect(exampleAmounts).toEqual(['true', 'true', 'true', 'true', 'true']);
    expect(within(screen.getByRole('table', { name: 'Fees on selling, converting and transferring' })).getAllByText('Free', { selector: 'td' })).toHaveLength(2);
    expect(screen.queryByText('£110.63')).toBeNull();

    answer(json(200, priceList()));
    expect(await screen.findByText('£110.63')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says when the fees cannot be loaded, and loads them again on request', async () => {
    let fail = true;
    const api = mockApi({
      'GET /api/order/get_price': () => (fail ? json(503, { message: 'Service unavailable', code: 'UNAVAILABLE' }) : json(200, priceList())),
      ...offeredCard(),
    });
    const { user } = renderFees();

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'The fees could not be loaded' })).toBeTruthy();
    expect(alert.textContent).toContain('Service unavailable');
    expect(screen.queryByRole('table')).toBeNull();

    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByText('£110.63')).toBeTruthy());
    expect(screen.queryByRole('alert')).toBeNull();
    expect(api.callsTo('GET /api/order/get_price')).toHaveLength(2);
  });

  it('renders on the server with the figures the server passes in', () => {
    const client = testQueryClient();
    client.setQueryData(pricesQuery().queryKey, priceList());
    client.setQueryData(cardSetupSiteQuery().queryKey, cardSetup());
    const html = renderToString(inProviders(<FeesPage />, client, '/fees'));
    expect(html).toContain('£110.63');
    expect(html).toContain('A$1.80');
    expect(html).not.toContain('Loading the fees');
  });
});
