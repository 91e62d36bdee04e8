import { UNIT_TYPES } from '@landunits/domain';
import type { Portfolio } from '@landunits/domain/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { json, mockApi } from '../../test/api-mock';
import { renderWithProviders } from '../../test/render-app';
import { MoneySummary } from './money-summary';

/** A portfolio as GET /api/user/portfolio answers it: £1,234.56 = 1,000.00 + 200.00 + 34.56. */
function portfolio(fields: Partial<Portfolio> = {}): Portfolio {
  return {
    currency: 'GBP',
    total: 123_456,
    available: 100_000,
    locked: 20_000,
    pending: 3_456,
    holdings: UNIT_TYPES.map((unitType) => ({ unitType, units: unitType === 'LAND_POUND' ? 1_000 : 0, value: unitType === 'LAND_POUND' ? 123_456 : 0 })),
    awaitingPayment: [],
    history: [
      { date: '2026-03-08', value: 0 },
      { date: '2026-03-09', value: 120_000 },
      { date: '2026-03-10', value: 123_456 },
    ],
    exchangeRates: { GBP: '1', USD: '1.24', EUR: '1.19', AUD: '1.99' },
    priceDate: '2026-03-10',
    ...fields,
  };
}

/** The total as it is read out ("Total value: £…"), once shown. */
const findTotal = (amount: string) => screen.findByText((_, el) => el?.tagName === 'P' && el.textContent === `Total value: ${amount}`);
const section = () => screen.getByRole('region', { name: 'Your total' });
/** The parts as [label, amount] pairs. */
const parts = () =>
  within(section())
    .getAllByRole('term')
    .map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]);

// The chart's chunk (with the chart library) takes a while to transform the first time.
beforeAll(async () => {
  await import('./value-chart');
});

describe('MoneySummary', () => {
  it('leads with the server’s total in the saved currency, its three parts, and what awaits payment', async () => {
    mockApi({ 'GET /api/user/portfolio?range=3M': () => json(200, portfolio({ awaitingPayment: [{ unitType: 'LAND_USD', units: 50 }] })) });
    renderWithProviders(<MoneySummary />);
    expect(await findTotal('£1,234.56')).toBeTruthy();
    expect(parts()).toEqual([
      ['Available', '£1,000.00'],
      ['Locked', '£200.00'],
      ['Pending', '£34.56'],
    ]);
    expect(within(section()).getByText('Not counted until the payment is approved: 50 USD Units.')).toBeTruthy();
    expect((screen.getByRole('combobox', { name: 'Show in' }) as HTMLSelectElement).value).toBe('GBP');
    // The chart says in words where the range started and where it is today.
    expect(await screen.findByText('£1,234.56 today')).toBeTruthy();
    expect(within(section()).getByRole('table', { name: 'Your value by date' })).toBeTruthy();
  });

  it('shows the total in the currency chosen and saves the choice on the account', async () => {
    const api = mockApi({
      'GET /api/user/portfolio?range=3M': () => json(200, portfolio()),
      'GET /api/user/portfolio?currency=EUR&range=3M': () => json(200, portfolio({ currency: 'EUR', total: 146_913, available: 119_000, locked: 23_800, pending: 4_113 })),
      'PUT /api/user/display-currency': () => json(200, { currency: 'EUR' }),
    });
    const { user } = renderWithProviders(<MoneySummary />);
    await findTotal('£1,234.56');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Show in' }), 'EUR');
    expect(await findTotal('€1,469.13')).toBeTruthy();
    expect(parts().map(([, amount]) => amount)).toEqual(['€1,190.00', '€238.00', '€41.13']);
    await waitFor(() => expect(api.callsTo('PUT /api/user/display-currency').map((c) => c.body)).toEqual([{ currency: 'EUR' }]));
  });

  it('says when the choice could not be saved, and still shows the currency chosen', async () => {
    mockApi({
      'GET /api/user/portfolio?range=3M': () => json(200, portfolio()),
      'GET /api/user/portfolio?currency=USD&range=3M': () => json(200, portfolio({ currency: 'USD', total: 153_085, available: 124_000, locked: 24_800, pending: 4_285 })),
      'PUT /api/user/display-currency': () => json(500, { message: 'Something went wrong', code: 'INTERNAL' }),
    });
    const { user } = renderWithProviders(<MoneySummary />);
    await findTotal('£1,234.56');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Show in' }), 'USD');
    expect(await findTotal('$1,530.85')).toBeTruthy();
    expect((await screen.findByRole('alert')).textContent).toBe('Your choice of currency could not be saved; it applies on this page until you leave it.');
  });

  it('asks for the range chosen', async () => {
    const api = mockApi({
      'GET /api/user/portfolio?range=3M': () => json(200, portfolio()),
      'GET /api/user/portfolio?range=1Y': () => json(200, portfolio({ history: [{ date: '2025-03-11', value: 5_000 }, ...portfolio().history] })),
    });
    const { user } = renderWithProviders(<MoneySummary />);
    await findTotal('£1,234.56');
    await user.click(screen.getByRole('radio', { name: '1 year' }));
    expect(await screen.findByRole('rowheader', { name: '11 Mar 2025' })).toBeTruthy();
    expect(api.callsTo('GET /api/user/portfolio?range=1Y')).toHaveLength(1);
  });

  it('tells a person without Units where their value will show', async () => {
    mockApi({ 'GET /api/user/portfolio?range=3M': () => json(200, portfolio({ total: 0, available: 0, locked: 0, pending: 0, history: [{ date: '2026-03-10', value: 0 }] })) });
    renderWithProviders(<MoneySummary />);
    expect(await findTotal('£0.00')).toBeTruthy();
    expect(screen.getByText('Your value over time shows here once you hold Units.')).toBeTruthy();
    expect(screen.queryByRole('figure')).toBeNull();
  });

  it('shows no figure from an incomplete answer: it says the total could not be loaded', async () => {
    const { total: _left, ...incomplete } = portfolio();
    mockApi({ 'GET /api/user/portfolio?range=3M': () => json(200, incomplete) });
    renderWithProviders(<MoneySummary />);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Your total could not be loaded' })).toBeTruthy();
    expect(screen.queryByText(/£1,000\.00/)).toBeNull();
  });

  it('says so when the total cannot be loaded, and loads it again on request', async () => {
    let fail = true;
    mockApi({ 'GET /api/user/portfolio?range=3M': () => (fail ? json(500, { message: 'Something went wrong', code: 'INTERNAL' }) : json(200, portfolio())) });
    const { user } = renderWithProviders(<MoneySummary />);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Your total could not be loaded' })).toBeTruthy();
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await findTotal('£1,234.56')).toBeTruthy();
  });
});
