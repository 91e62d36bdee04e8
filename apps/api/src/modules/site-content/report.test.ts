import { inflateSync } from 'node:zlib';
import { DEFAULT_IMPACT_METRICS, DEFAULT_MONEY_SETTINGS, IMPACT_METRIC_LABELS, SITE_API, type MoneySettings } from '@landunits/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DAY, ManualClock } from '../../platform/clock';
import { users } from '../../schema';
import { PASSWORD } from '../../test/accounts';
import { createTestApp, type TestContext } from '../../test/app';
import { updateMoneySettings } from '../pricing';
import { createAdmin } from '../users';
import { PUBLIC_CACHE, updateImpactMetrics } from '.';
import type * as RenderReportModule from './report/render-report';
import { REPORT_STATEMENTS, renderReport } from './report/render-report';

// The real renderer, counted: the cache must not render again for the same settings.
vi.mock('./report/render-report', async (importOriginal) => {
  const actual = await importOriginal<typeof RenderReportModule>();
  return { ...actual, renderReport: vi.fn(actual.renderReport) };
});
const renders = () => vi.mocked(renderReport).mock.calls.length;

const clock = new ManualClock(new Date('2026-11-21T10:00:00.000Z'));
let ctx: TestContext;
let adminId: string;

beforeAll(async () => {
  ctx = await createTestApp({}, undefined, clock);
  await createAdmin(ctx.database.db, { email: 'report.admin@example.com', password: PASSWORD });
  const [admin] = await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.email, 'report.admin@example.com'));
  adminId = admin!.id;
});
afterAll(() => ctx.close());
beforeEach(() => {
  vi.mocked(renderReport).mockClear();
});

const download = (headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url: SITE_API.report2025, headers });

/**
 * What a reader of the PDF sees, as text: every content stream inflated (pdfkit compresses them
 * with zlib), then the hex strings of each text-showing operator joined (pdfkit writes text as
 * `[<hex> kerning <hex> …] TJ`; Helvetica here uses WinAnsi: latin1, except 0x80 for €).
 */
function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const lines: string[] = [];
  for (let at = raw.indexOf('stream\n'); at !== -1; at = raw.indexOf('stream\n', at + 1)) {
    if (raw.slice(at - 3, at) === 'end') continue;
    const start = at + 'stream\n'.length;
    const end = raw.indexOf('\nendstream', start);
    let content: string;
    try {
      content = inflateSync(pdf.subarray(start, end)).toString('latin1');
    } catch {
      continue;
    }
    for (const match of content.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      const hex = [...(match[1] ?? '').matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => m[1]).join('');
      lines.push(Buffer.from(hex, 'hex').toString('latin1').replaceAll('\x80', '€'));
    }
  }
  return lines.join('\n');
}

/** The content streams, inflated: the drawing operators (`x y w h re`, a colour, `f` to fill). */
function pdfOperators(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  let all = '';
  for (let at = raw.indexOf('stream\n'); at !== -1; at = raw.indexOf('stream\n', at + 1)) {
    if (raw.slice(at - 3, at) === 'end') continue;
    const start = at + 'stream\n'.length;
    try {
      all += inflateSync(pdf.subarray(start, raw.indexOf('\nendstream', start))).toString('latin1');
    } catch {
      // not a compressed content stream
    }
  }
  return all;
}

function money(change: (copy: MoneySettings) => void): MoneySettings {
  const copy = structuredClone(DEFAULT_MONEY_SETTINGS) as MoneySettings;
  change(copy);
  return copy;
}

describe('GET /api/site/report-2025.pdf', () => {
  it('answers a real PDF made on the server, inline, cacheable, with an ETag', async () => {
    const res = await download();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('inline; filename="land-units-2025-report.pdf"');
    expect(res.headers['cache-control']).toBe(PUBLIC_CACHE);
    expect(res.headers['etag']).toMatch(/^"report-2025-[\w-]{22}"$/);
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.subarray(-6).toString('latin1')).toMatch(/%%EOF\n?$/);
    expect(Number(res.headers['content-length'])).toBe(pdf.length);
    const raw = pdf.toString('latin1');
    // Two A4 pages, titled, with no font file embedded (Helvetica is built into every reader).
    expect(raw.match(/\/Type \/Page\b(?!s)/g)).toHaveLength(2);
    expect(raw).toMatch(/\/Count 2\b/);
    expect(raw).toContain('/MediaBox [0 0 595.28 841.89]');
    expect(raw).toContain('/BaseFont /Helvetica');
    expect(raw).not.toContain('/FontFile');
    expect(raw).toContain('(Land Units 2025 report)');
  });

  it('contains the figures of the settings in force, the impact metrics and the statements', async () => {
    const text = pdfText((await download()).rawPayload);
    expect(text).toContain('Land Units 2025 report');
    expect(text).toContain('figures as of 21 Nov 2026');
    // Land values per currency (SPEC §9) and the GBP rates.
    for (const figure of ['£8,473,900.00', '$10,507,636.00', '10,083,941.00', 'A$16,863,061.00', '1.24', '1.19', '1.99']) expect(text).toContain(figure);
    expect(text).toContain('Growth per year: 7.5%');
    expect(text).toContain('Maximum Units for sale: 84.74% of the land value');
    // The Unit price on 1 January 2025 and 2026, per currency.
    expect(text).toContain('1 January 2025');
    expect(text).toContain('1 January 2026');
    for (const price of ['£1.000000', '£1.075000', '$1.000000', '$1.075000', 'A$1.075000']) expect(text).toContain(price);
    for (const [key, label] of Object.entries(IMPACT_METRIC_LABELS)) {
      expect(text).toContain(label);
      expect(text).toContain(`${DEFAULT_IMPACT_METRICS[key as keyof typeof DEFAULT_IMPACT_METRICS]}%`);
    }
    for (const statement of REPORT_STATEMENTS) expect(text).toContain(statement);
    expect(text).toMatch(/Page 1 of 2[\s\S]*Page 2 of 2/);
  });

  it('draws a labelled chart with vector graphics', async () => {
    const pdf = (await download()).rawPayload;
    const text = pdfText(pdf);
    expect(text).toContain('Price of one Unit on 1 January (GBP)');
    // Value axis, one bar label and year per year from the epoch to ten years on, percent axis.
    for (const tick of ['£0.00', '£0.50', '£1.00', '£1.50', '£2.00', '£2.50']) expect(text).toContain(tick);
    for (const year of ['2027', '2030', '2035']) expect(text).toContain(year);
    for (const label of ['1.08', '1.16', '2.06', '0%', '50%', '100%']) expect(text).toContain(label);
    // Filled rectangles: 11 price bars and 7 impact bars at least, besides the table rows.
    const filledRects = pdfOperators(pdf).match(/ re\n(?:\/DeviceRGB cs\n[\d. ]+ scn\n)?f\n/g);
    expect(filledRects?.length).toBeGreaterThanOrEqual(18);
  });

  it('renders once for the same settings and day: identical bytes, and 304 for a matching ETag', async () => {
    const first = await download();
    vi.mocked(renderReport).mockClear();
    const second = await download();
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(second.headers['etag']).toBe(first.headers['etag']);
    const notModified = await download({ 'if-none-match': first.headers['etag'] as string });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.rawPayload).toHaveLength(0);
    expect(renders()).toBe(0);

    const concurrent = await Promise.all(Array.from({ length: 5 }, () => download()));
    expect(concurrent.every((res) => res.rawPayload.equals(first.rawPayload))).toBe(true);
    expect(renders()).toBe(0);
  });

  it('renders again after the impact metrics change, with the new figures', async () => {
    const before = await download();
    vi.mocked(renderReport).mockClear();
    await updateImpactMetrics(ctx.database.db, { ...DEFAULT_IMPACT_METRICS, pesticideElimination: '75.5' }, adminId, clock.now());
    const after = await download();
    expect(renders()).toBe(1);
    expect(after.headers['etag']).not.toBe(before.headers['etag']);
    expect(pdfText(after.rawPayload)).toContain('75.5%');
    expect((await download({ 'if-none-match': before.headers['etag'] as string })).statusCode).toBe(200);
    await download();
    expect(renders()).toBe(1);
  });

  it('renders again after the money settings change, with the new figures', async () => {
    await download();
    vi.mocked(renderReport).mockClear();
    await updateMoneySettings(
      ctx.database.db,
      money((s) => (s.exchangeRates.EUR = '1.17')),
      adminId,
      clock.now(),
    );
    const text = pdfText((await download()).rawPayload);
    expect(renders()).toBe(1);
    expect(text).toContain('€9,914,463.00'); // £8,473,900.00 × 1.17
    expect(text).not.toContain('10,083,941.00');
  });

  it('renders again on a new UTC day, dated that day', async () => {
    await download();
    vi.mocked(renderReport).mockClear();
    clock.advance(DAY);
    const text = pdfText((await download()).rawPayload);
    expect(renders()).toBe(1);
    expect(text).toContain('figures as of 22 Nov 2026');
  });
});
