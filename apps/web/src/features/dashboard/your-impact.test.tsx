import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../app/providers';
import { deferred, json, mockApi } from '../../test/api-mock';
import { testQueryClient } from '../../test/render-app';
import { filenameFromDisposition } from './download-document';
import { YourImpact, type YourImpactData } from './your-impact';

const IMPACT: YourImpactData = {
  asOf: '2026-03-10',
  holdsUnits: true,
  holdings: [{ currency: 'GBP', valueTodayCents: 107_799, landValueCents: 847_390_000, landSharePercent: '0.0127' }],
  landSharePercent: '0.0127',
  metrics: [
    { key: 'carbonSequestration', label: 'Additional CO2 sequestration', metricPercent: '30', yoursPercent: '0.00382' },
    { key: 'hedgerowIncrease', label: 'Hedgerow increase', metricPercent: '7', yoursPercent: '0.000890' },
  ],
  projectShare: {
    projects: 2,
    figures: [
      { key: 'co2Tonnes', label: 'CO₂ sequestered', amount: '0.98 tonnes', text: '0.98 tonnes of CO₂ sequestered', total: '5,510 tonnes' },
      { key: 'treesPlanted', label: 'Trees planted', amount: '12 trees', text: '12 trees planted', total: '66,400 trees' },
      { key: 'areaHectares', label: 'Land', amount: 'less than 0.01 hectares', text: 'less than 0.01 hectares of land', total: '166.5 hectares' },
    ],
  },
  per100Units: {
    unitType: 'LAND_POUND',
    units: 100,
    valueCents: 10_780,
    share: {
      projects: 2,
      figures: [
        { key: 'co2Tonnes', label: 'CO₂ sequestered', amount: '0.07 tonnes', text: '0.07 tonnes of CO₂ sequestered', total: '5,510 tonnes' },
        { key: 'treesPlanted', label: 'Trees planted', amount: 'less than 1 tree', text: 'less than 1 tree planted', total: '66,400 trees' },
        { key: 'areaHectares', label: 'Land', amount: 'less than 0.01 hectares', text: 'less than 0.01 hectares of land', total: '166.5 hectares' },
      ],
    },
  },
};

const CERTIFICATE_URL = 'GET /api/utility/generate-statement?reportType=DirectImpactCertificate';
const VALUE_URL = 'GET /api/utility/generate-statement?reportType=CurrentValueDownload';
const PROGRESS_URL = 'GET /api/utility/documents/progress';
const pdf = (name: string) =>
  new Response(new Blob(['%PDF-1.7'], { type: 'application/pdf' }), {
    status: 200,
    headers: { 'content-type': 'application/pdf', 'content-disposition': `attachment; filename="${name}"; filename*=UTF-8''${name}` },
  });

function renderImpact() {
  const user = userEvent.setup({ delay: null });
  render(
    <Providers client={testQueryClient()}>
      <MemoryRouter>
        <YourImpact />
      </MemoryRouter>
    </Providers>,
  );
  return user;
}

/** What the page handed the browser to save: the link's file name. */
function captureDownloads() {
  const saved: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  URL.createObjectURL = vi.fn(() => 'blob:document');
  URL.revokeObjectURL = vi.fn();
  return saved;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Your impact on the dashboard', () => {
  it('shows the share of the land projects in tonnes, trees and hectares first, the method linked, then each metric in percent', async () => {
    mockApi({ 'GET /api/user/impact': () => json(200, IMPACT) });
    renderImpact();
    expect(screen.getByRole('status').textContent).toContain('Loading your impact');
    const section = screen.getByRole('region', { name: 'Your impact' });
    const shareList = await within(section).findByLabelText('Your share of the land projects');
    const figures = within(shareList)
      .getAllByRole('term')
      .map((dt) => `${dt.textContent}: ${dt.nextElementSibling?.textContent}`);
    expect(figures).toEqual([
      'CO₂ sequestered: 0.98 tonnesof the 2 land projects’ 5,510 tonnes',
      'Trees planted: 12 treesof the 2 land projects’ 66,400 trees',
      'Land: less than 0.01 hectaresof the 2 land projects’ 166.5 hectares',
    ]);
    expect(within(section).getByRole('link', { name: 'How we work this out' }).getAttribute('href')).toBe('/statistics#your-share-method');
    expect(section.textContent).toContain('Your share of the land is 0.0127%');
    // The certificate's percentages stay, below, under their own heading.
    expect(within(section).getByRole('heading', { level: 3, name: 'Your share of the land’s improvements' })).toBeTruthy();
    const metrics = within(section)
      .getAllByRole('term')
      .slice(figures.length)
      .map((dt) => `${dt.textContent}: ${dt.nextElementSibling?.textContent}`);
    expect(metrics).toEqual(['Additional CO2 sequestration: 0.00382% of the land’s 30%', 'Hedgerow increase: 0.000890% of the land’s 7%']);
    expect(within(section).getByRole('button', { name: 'Download impact certificate' })).toBeTruthy();
    expect(within(section).getByRole('button', { name: 'Download current value' })).toBeTruthy();
  });

  it('says so when no land project has reported figures yet, and still shows the percentages', async () => {
    mockApi({ 'GET /api/user/impact': () => json(200, { ...IMPACT, projectShare: { projects: 0, figures: [] } }) });
    renderImpact();
    const section = screen.getByRole('region', { name: 'Your impact' });
    expect((await within(section).findByText(/No land project has reported its figures yet/)).textContent).toBeTruthy();
    expect(within(section).queryByLabelText('Your share of the land projects')).toBeNull();
    expect(section.textContent).toContain('0.00382%');
  });

  it('explains that impact comes with Units, and offers to buy', async () => {
    mockApi({ 'GET /api/user/impact': () => json(200, { ...IMPACT, holdsUnits: false, holdings: [], landSharePercent: '0' }) });
    renderImpact();
    const heading = await screen.findByRole('heading', { level: 3, name: 'No impact yet' });
    const state = heading.parentElement as HTMLElement;
    expect(state.textContent).toContain('Your impact appears here once you hold Units');
    // What 100 Units would carry today, with the method.
    expect(state.textContent).toContain('For example, 100 Units (£107.80 today) carry a share of 0.07 tonnes of CO₂ sequestered, less than 1 tree planted and less than 0.01 hectares of land.');
    expect(within(state).getByRole('link', { name: 'How we work this out' }).getAttribute('href')).toBe('/statistics#your-share-method');
    expect(within(state).getByRole('link', { name: 'Buy Units' }).getAttribute('href')).toBe('/dashboard/transaction?tab=buy');
    expect(screen.queryByRole('button', { name: 'Download impact certificate' })).toBeNull();
  });

  it('says when the figures cannot be loaded, and loads them again on request', async () => {
    let calls = 0;
    mockApi({ 'GET /api/user/impact': () => (++calls === 1 ? json(503, { message: 'Busy, try again shortly.', code: 'UNAVAILABLE' }) : json(200, IMPACT)) });
    const user = renderImpact();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Your impact could not be loaded');
    expect(alert.textContent).toContain('Busy, try again shortly.');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findByText('0.00382%');
  });

  it('downloads the certificate under the server’s file name, busy meanwhile and one document at a time', async () => {
    const saved = captureDownloads();
    const held = deferred<Response>();
    const api = mockApi({
      'GET /api/user/impact': () => json(200, IMPACT),
      [CERTIFICATE_URL]: () => held.promise,
      [VALUE_URL]: () => pdf('land-units-current-value-2026-03-10.pdf'),
      [PROGRESS_URL]: () => json(200, { state: 'queued', ahead: 2 }),
    });
    const user = renderImpact();
    const certificate = await screen.findByRole('button', { name: 'Download impact certificate' });
    const value = screen.getByRole('button', { name: 'Download current value' });

    await user.click(certificate);
    expect(certificate.getAttribute('aria-busy')).toBe('true');
    expect(value).toHaveProperty('disabled', true);
    // While it waits on the server, it says where it stands.
    expect(await screen.findByText('Queued: your document waits for its turn (2 documents ahead)…')).toBeTruthy();

    held.resolve(pdf('land-units-impact-certificate-2026-03-10.pdf'));
    await screen.findByText('Your direct impact certificate is downloading.');
    expect(saved).toEqual(['land-units-impact-certificate-2026-03-10.pdf']);
    expect(certificate.getAttribute('aria-busy')).toBeNull();

    await user.click(value);
    await screen.findByText('Your current value is downloading.');
    expect(saved).toEqual(['land-units-impact-certificate-2026-03-10.pdf', 'land-units-current-value-2026-03-10.pdf']);
    expect(api.callsTo(CERTIFICATE_URL)).toHaveLength(1);
  });

  it('says why a download failed, with the server’s message, and lets it be tried again', async () => {
    const saved = captureDownloads();
    let calls = 0;
    mockApi({
      'GET /api/user/impact': () => json(200, IMPACT),
      [VALUE_URL]: () => (++calls === 1 ? json(401, { message: 'Please log in to continue.', code: 'UNAUTHORIZED' }) : pdf('value.pdf')),
      [PROGRESS_URL]: () => json(200, { state: 'idle' }),
    });
    const user = renderImpact();
    await user.click(await screen.findByRole('button', { name: 'Download current value' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('The current value could not be downloaded: Please log in to continue.');
    expect(saved).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Download current value' }));
    await waitFor(() => expect(saved).toEqual(['value.pdf']));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('reads the file name from Content-Disposition', () => {
    expect(filenameFromDisposition(`attachment; filename="a.pdf"; filename*=UTF-8''%C3%A9t%C3%A9.pdf`)).toBe('été.pdf');
    expect(filenameFromDisposition('attachment; filename="plain.pdf"')).toBe('plain.pdf');
    expect(filenameFromDisposition(null)).toBeNull();
  });
});
