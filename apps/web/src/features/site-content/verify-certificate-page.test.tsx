import type { VerifiedCertificate } from '@landunits/domain/contracts';
import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../app/entry-server';
import { json, mockApi } from '../../test/api-mock';
import { renderWithProviders } from '../../test/render-app';
import { SITE_QUERIES, ssrQueries } from './site-queries';
import { VerifyCertificatePage } from './verify-certificate-page';

const CODE = 'LUIC-7K3Q-M2XA-9RTD-0BVE';
const CERTIFICATE: VerifiedCertificate = {
  code: CODE,
  issuedAt: '2026-03-10T09:15:00.000Z',
  figures: {
    asOf: '2026-03-10',
    holdings: [
      { currency: 'GBP', valueTodayCents: 107_799, landValueCents: 847_390_000, landSharePercent: '0.0127' },
      { currency: 'USD', valueTodayCents: 53_899, landValueCents: 1_050_763_600, landSharePercent: '0.00513' },
    ],
    landSharePercent: '0.0179',
    metrics: [
      { key: 'carbonSequestration', label: 'Additional CO2 sequestration', metricPercent: '30', yoursPercent: '0.00536' },
      { key: 'forestIncrease', label: 'Forest increase', metricPercent: '5', yoursPercent: '0.000893' },
    ],
  },
};

const renderAt = (path: string) =>
  renderWithProviders(
    <Routes>
      <Route path="/verify/:code" element={<VerifyCertificatePage />} />
    </Routes>,
    { path, session: null },
  );

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) => row.textContent);

describe('/verify/{code}', () => {
  it('confirms the certificate with its dates and figures', async () => {
    mockApi({ [`GET /api/certificates/${CODE}`]: () => json(200, CERTIFICATE) });
    renderAt(`/verify/${CODE}`);
    const page = await screen.findByRole('article', { name: 'Direct impact certificate verified' });
    expect(within(page).getByText('Valid certificate')).toBeTruthy();
    expect(page.textContent).toContain('Land Units issued this certificate on 10 Mar 2026. The figures below are those it states, for 10 Mar 2026.');
    expect(within(page).getByText(CODE)).toBeTruthy();
    expect(rowsOf(within(page).getByRole('table', { name: 'The holder’s share of each impact metric' }))).toEqual([
      'Impact metricOn the landHolder’s share',
      'Additional CO2 sequestration30%0.00536%',
      'Forest increase5%0.000893%',
    ]);
    const shares = within(page).getByRole('region', { name: 'How the share was worked out' });
    expect(
      within(shares)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['GBP (£)Value of the Units£1,077.99Land value held£8,473,900.00Share of the land0.0127%', 'USD ($)Value of the Units$538.99Land value held$10,507,636.00Share of the land0.00513%']);
    expect(shares.textContent).toContain('Share of the land, all currencies: 0.0179%');
  });

  it('says no certificate has the code when the API does not know it', async () => {
    mockApi({ 'GET /api/certificates/LUIC-0000-0000-0000-0000': () => json(404, { message: 'No certificate has this code.', code: 'NOT_FOUND' }) });
    renderAt('/verify/LUIC-0000-0000-0000-0000');
    expect(await screen.findByRole('heading', { level: 1, name: 'No certificate has this code' })).toBeTruthy();
    expect(screen.queryByText('Valid certificate')).toBeNull();
  });

  it('offers to try again when the check itself failed', async () => {
    mockApi({ [`GET /api/certificates/${CODE}`]: () => json(503, { message: 'Busy, try again shortly.', code: 'UNAVAILABLE' }) });
    renderAt(`/verify/${CODE}`);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { level: 1, name: 'We could not check this certificate' })).toBeTruthy();
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('is rendered on the server with the certificate the API gave, header to footer, no inline script', async () => {
    const queries = ssrQueries('/verify/:code', { code: CODE }, '');
    expect(queries).toEqual([SITE_QUERIES.certificate(CODE), SITE_QUERIES.trust()]);
    const { html } = await renderPage({ url: `/verify/${CODE}`, data: [{ queryKey: queries[0]!.queryKey, data: CERTIFICATE }] });
    expect(html).toContain('>Direct impact certificate verified</h1>');
    expect(html).toContain('0.00536%');
    expect(html).toMatch(/<footer[\s>]/);
    expect(html).not.toMatch(/<script|\sstyle="/);
  });
});
