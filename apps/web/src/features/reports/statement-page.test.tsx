import { STATEMENT_MESSAGES, statementPresetPeriod } from '@landunits/domain';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferred, json, mockApi } from '../../test/api-mock';
import { renderApp, TEST_USER } from '../../test/render-app';

const PATH = '/dashboard/statement';
const BASE = 'GET /api/utility/generate-statement';
const period = () => statementPresetPeriod('last12Months', new Date());
const PROGRESS = { 'GET /api/utility/documents/progress': () => json(200, { state: 'rendering' }) };
const statementKey = (q: Record<string, string>) => `${BASE}?${new URLSearchParams(q).toString()}`;

const file = (name: string, bytes = 2048, type = 'application/pdf') =>
  new Response(new Uint8Array(bytes), { status: 200, headers: { 'content-type': type, 'content-disposition': `attachment; filename="${name}"; filename*=UTF-8''${name}` } });

let saved: Blob[];
beforeEach(() => {
  saved = [];
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn((blob: Blob) => (saved.push(blob), 'blob:statement')), revokeObjectURL: vi.fn() }));
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

describe('/dashboard/statement', () => {
  it('downloads the last 12 months of every unit type as a PDF by default, showing progress then the file', async () => {
    const { fromDate, toDate } = period();
    const name = `land-units-statement-${fromDate}-to-${toDate}.pdf`;
    const answer = deferred<Response>();
    const api = mockApi({ ...PROGRESS, [statementKey({ reportType: 'TransactionStatement', format: 'pdf', unitType: 'all', fromDate, toDate })]: () => answer.promise });
    const { user } = renderApp(PATH, { session: TEST_USER });
    expect(await screen.findByRole('heading', { level: 1, name: 'Statement' })).toBeTruthy();
    expect((screen.getByLabelText('Unit types') as HTMLSelectElement).value).toBe('all');
    expect(screen.getByText(/^\d{2} \w{3} \d{4} to \d{2} \w{3} \d{4} \(UTC days, both included\)\.$/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Download statement' }));
    expect(await screen.findByText('Rendering your statement…')).toBeTruthy();
    answer.resolve(file(name));
    expect(await screen.findByText(`Downloaded ${name} (2.0 kB). Look for it in your browser’s downloads.`)).toBeTruthy();
    expect(saved).toHaveLength(1);
    expect(saved[0]!.size).toBe(2048);
    expect(api.calls.filter((c) => c.url.startsWith('/api/utility/generate-statement'))).toHaveLength(1);
  });

  it('checks custom dates with the shared schema before sending anything', async () => {
    const api = mockApi({});
    const { user } = renderApp(PATH, { session: TEST_USER });
    await user.selectOptions(await screen.findByLabelText('Period'), 'custom');
    const from = screen.getByLabelText('From');
    const to = screen.getByLabelText('To');
    await user.clear(from);
    await user.type(from, '2026-05-02');
    await user.clear(to);
    await user.type(to, '2026-05-01');
    await user.click(screen.getByRole('button', { name: 'Download statement' }));
    expect(await screen.findByText(STATEMENT_MESSAGES.dateOrder)).toBeTruthy();
    expect(to.getAttribute('aria-invalid')).toBe('true');
    expect(api.calls.filter((c) => c.url.startsWith('/api/utility'))).toEqual([]);
  });

  it('shows the API’s message, and its field messages on the fields, when it refuses', async () => {
    mockApi({
      ...PROGRESS,
      [statementKey({ reportType: 'TransactionStatement', format: 'xlsx', unitType: 'LAND_EUR', fromDate: '2026-01-01', toDate: '2026-02-01' })]: () =>
        json(400, { message: 'Please check the highlighted fields.', code: 'VALIDATION_FAILED', errors: { toDate: STATEMENT_MESSAGES.future } }),
    });
    const { user } = renderApp(PATH, { session: TEST_USER });
    await user.selectOptions(await screen.findByLabelText('Period'), 'custom');
    await user.clear(screen.getByLabelText('From'));
    await user.type(screen.getByLabelText('From'), '2026-01-01');
    await user.clear(screen.getByLabelText('To'));
    await user.type(screen.getByLabelText('To'), '2026-02-01');
    await user.selectOptions(screen.getByLabelText('Unit types'), 'LAND_EUR');
    await user.selectOptions(screen.getByLabelText('Format'), 'xlsx');
    await user.click(screen.getByRole('button', { name: 'Download statement' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please check the highlighted fields.');
    expect(screen.getByText(STATEMENT_MESSAGES.future)).toBeTruthy();
    expect(screen.getByLabelText('To').getAttribute('aria-invalid')).toBe('true');
    expect(saved).toEqual([]);
  });

  it('downloads a current value or an impact certificate, dated today, without a period', async () => {
    mockApi({ ...PROGRESS, [statementKey({ reportType: 'CurrentValueDownload' })]: () => file('land-units-current-value-2026-11-25.pdf', 900) });
    const { user } = renderApp(PATH, { session: TEST_USER });
    await user.selectOptions(await screen.findByLabelText('Document'), 'CurrentValueDownload');
    expect(screen.queryByLabelText('Period')).toBeNull();
    expect(screen.getByText('Dated today, as a PDF.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Download' }));
    expect(await screen.findByText(/Downloaded land-units-current-value-2026-11-25\.pdf \(900 bytes\)/)).toBeTruthy();
  });
});
