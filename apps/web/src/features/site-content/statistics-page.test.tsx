import type { SiteStatistics } from '@landunits/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { json, mockApi } from '../../test/api-mock';
import { inProviders, renderWithProviders, testQueryClient } from '../../test/render-app';
import { statisticsQuery } from './site-queries';
import { StatisticsPage } from './statistics-page';

const STATS: SiteStatistics = {
  growthPerYearPercent: '7.5',
  growthByYear: [
    { year: 2025, prices: { GBP: '1.000000', USD: '1.000000', EUR: '1.000000', AUD: '1.000000' } },
    { year: 2026, prices: { GBP: '1.075000', USD: '1.075000', EUR: '1.075000', AUD: '1.075000' } },
    { year: 2027, prices: { GBP: '1.155625', USD: '1.155625', EUR: '1.155625', AUD: '1.155625' } },
  ],
  landValues: { GBP: 847_390_000, USD: 1_050_763_600, EUR: 1_008_394_100, AUD: 1_686_306_100 },
  exchangeRates: { USD: '1.24', EUR: '1.19', AUD: '1.99' },
  maxLandUnitsForSalePercent: '84.74',
  impact: {
    co2Offset: '12.5',
    forestIncrease: '5',
    naturalNitrogen: '18',
    organicIncrease: '22',
    pesticideElimination: '100',
    hedgerowIncrease: '7',
    carbonSequestration: '30',
  },
  asOf: '2026-03-10',
};

const renderStatistics = () => renderWithProviders(<StatisticsPage />, { path: '/statistics' });

const rowsOf = (caption: string) =>
  within(screen.getByRole('table', { name: caption }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

const chartNamed = (name: string) => screen.getByRole('img', { name });

// The chart chunk (the chart library) takes a while to transform the first time.
beforeAll(async () => {
  await import('./statistics/charts');
});

describe('/statistics', () => {
  it('shows the growth, the land values, the rates, the maximum for sale and the impact metrics', async () => {
    mockApi({ 'GET /api/site/statistics': () => json(200, STATS) });
    renderStatistics();
    await screen.findByRole('table', { name: 'Price of one Unit on 1 January' });

    expect(screen.getByRole('heading', { level: 1, name: 'Statistics' })).toBeTruthy();
    expect(screen.getByText(/as of 10 Mar 2026/)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Growth of the Unit price' }).nextElementSibling?.textContent).toBe('7.5% a year, in every currency');
    expect(rowsOf('Price of one Unit on 1 January')).toEqual([
      ['2025', '£1.0000', '$1.0000', '€1.0000', 'A$1.0000'],
      ['2026', '£1.0750', '$1.0750', '€1.0750', 'A$1.0750'],
      ['2027', '£1.1556', '$1.1556', '€1.1556', 'A$1.1556'],
    ]);
    // Maximum for sale by hand: 847,390,000 × 84.74 % = 718,078,286 cents;
    // 1,050,763,600 × 84.74 % = 890,417,074.64 → 890,417,075 cents (half-up).
    expect(rowsOf('Land value per currency')).toEqual([
      ['GBP', '£8,473,900.00', '£7,180,782.86'],
      ['USD', '$10,507,636.00', '$8,904,170.75'],
      ['EUR', '€10,083,941.00', '€8,545,131.60'],
      ['AUD', 'A$16,863,061.00', 'A$14,289,757.89'],
    ]);
    expect(screen.getByRole('heading', { level: 2, name: 'Maximum Units for sale' }).nextElementSibling?.textContent).toBe('84.74% of the land value');
    expect(rowsOf('What one pound (GBP) buys')).toEqual([
      ['USD', '1 GBP = 1.24 USD'],
      ['EUR', '1 GBP = 1.19 EUR'],
      ['AUD', '1 GBP = 1.99 AUD'],
    ]);
    const impact = screen.getByRole('heading', { level: 2, name: 'Impact on the land' }).parentElement as HTMLElement;
    const figures = [...impact.querySelectorAll('dl > div')].map((item) => [item.querySelector('dt')?.textContent, item.querySelector('dd')?.textContent]);
    expect(figures).toEqual([
      ['Additional CO2 sequestration', '30%'],
      ['Hedgerow increase', '7%'],
      ['Forest increase', '5%'],
      ['CO2 emissions offset', '12.5%'],
      ['Nitrogen from natural sources', '18%'],
      ['Increase in organically farmed land', '22%'],
      ['Pesticide use eliminated', '100%'],
    ]);
    expect(screen.getByRole('link', { name: 'Download the 2025 report (PDF)' }).getAttribute('href')).toBe('/api/site/report-2025.pdf');
  });

  it('names each chart and describes its data in words', async () => {
    mockApi({ 'GET /api/site/statistics': () => json(200, STATS) });
    renderStatistics();
    await screen.findByRole('table', { name: 'Price of one Unit on 1 January' });

    const caption = (name: string) => chartNamed(name).closest('figure')?.querySelector('figcaption')?.textContent;
    expect(caption('Line chart of the price of one Unit on 1 January of each year from 2025 to 2027, in GBP, USD, EUR and AUD.')).toBe(
      'One GBP Unit costs £1.0000 on 01 Jan 2025 and £1.1556 on 01 Jan 2027; every currency grows 7.5% a year. The price is the same figure in every currency, so the four lines lie on top of each other.',
    );
    expect(caption('Bar chart of the value of the land managed in GBP, USD, EUR and AUD.')).toBe('Land value: £8,473,900.00, $10,507,636.00, €10,083,941.00 and A$16,863,061.00.');
    expect(caption('Bar chart of the seven impact metrics, in percent.')).toBe(
      'Additional CO2 sequestration 30%, Hedgerow increase 7%, Forest increase 5%, CO2 emissions offset 12.5%, Nitrogen from natural sources 18%, Increase in organically farmed land 22% and Pesticide use eliminated 100%.',
    );
    // Once the page is live the chart chunk replaces each placeholder in the same box.
    const boxes = screen.getAllByRole('img', { name: /chart/ });
    expect(boxes).toHaveLength(3);
    await waitFor(() => expect(boxes.filter((box) => box.querySelector(':scope > [aria-hidden="true"]'))).toHaveLength(0));
  });

  it('renders on the server with the figures and a placeholder in each chart box, without the chart code', () => {
    const client = testQueryClient();
    client.setQueryData(statisticsQuery().queryKey, STATS);
    const html = renderToString(inProviders(<StatisticsPage />, client, '/statistics'));

    expect(html).toContain('£8,473,900.00');
    expect(html).toContain('Additional CO2 sequestration');
    expect(html.match(/role="img"/g)).toHaveLength(3);
    const page = new DOMParser().parseFromString(html, 'text/html');
    expect(page.querySelectorAll('[role="img"] > [aria-hidden="true"]')).toHaveLength(3);
    expect(html).not.toContain('recharts');
  });

  it('says when the statistics cannot be loaded, and loads them again on request', async () => {
    let fail = true;
    const api = mockApi({
      'GET /api/site/statistics': () => (fail ? json(500, { message: 'Something went wrong', code: 'INTERNAL' }) : json(200, STATS)),
    });
    const { user } = renderStatistics();

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'The statistics could not be loaded' })).toBeTruthy();
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('table', { name: 'Land value per currency' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(api.callsTo('GET /api/site/statistics')).toHaveLength(2);
  });
});
