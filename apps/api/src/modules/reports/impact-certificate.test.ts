import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock';
import { createTestApp, type TestContext } from '../../test/app';
import { pdfLines } from '../../test/pdf-text';
import { giveUnits, signUp, type TestUser } from '../orders/test/fixtures';

/**
 * The direct impact certificate, "your impact" and /verify/{code}. The page is rendered by a
 * stand-in for the web app's server build that prints the data it is given (the real page is
 * tested in the web app and the browser journey), so these tests see what the site module serves.
 */
const FAKE_RENDERER = `
export function ssrQueries(routePath, params) {
  if (routePath === '/verify/:code') return [{ queryKey: ['site', 'certificate', params.code], path: '/certificates/' + encodeURIComponent(params.code) }];
  return [];
}
export function siteQueryUrl(q) { return '/api' + q.path; }
export async function renderPage(input) {
  const first = input.data[0];
  return { html: '<main>' + (first ? JSON.stringify(first.data).replace(/</g, '&lt;') : 'No certificate has this code.') + '</main>', state: '{}' };
}
`;

const clock = new ManualClock(new Date('2026-01-15T10:00:00Z'));
let root: string;
let ctx: TestContext;
let ada: TestUser;

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'lu-verify-'));
  mkdirSync(path.join(root, 'dist'));
  mkdirSync(path.join(root, 'dist-server'));
  writeFileSync(path.join(root, 'dist', 'index.html'), '<!doctype html><html lang="en"><head><!--app-head--></head><body><div id="root"></div></body></html>');
  writeFileSync(path.join(root, 'dist-server', 'entry-server.js'), FAKE_RENDERER);
  ctx = await createTestApp({ WEB_DIST_DIR: path.join(root, 'dist'), PUBLIC_URL: 'https://landunits.example', DEV_TOOLS: 'on' }, undefined, clock);
  ada = await signUp(ctx.app, 'ada.impact@example.com', 'Ada', 'Lovelace');
});
afterAll(async () => {
  await ctx.close();
  rmSync(root, { recursive: true, force: true });
});

const CERTIFICATE = '/api/utility/generate-statement?reportType=DirectImpactCertificate';
const get = (url: string, session?: string) => ctx.app.inject({ method: 'GET', url, ...(session ? { cookies: { lu_session: session } } : {}) });

async function certificate(session: string) {
  const res = await get(CERTIFICATE, session);
  expect(res.statusCode, res.body).toBe(200);
  const lines = await pdfLines(new Uint8Array(res.rawPayload));
  const code = lines.map((l) => /^Certificate code (LUIC(-[0-9A-Z]{4}){4})$/.exec(l)?.[1]).find(Boolean);
  expect(code).toBeDefined();
  return { res, lines, code: code as string };
}

// 1,000 GBP Units (£1,077.99) and 500 USD Units ($538.99) at 1.077986, over land of £8,473,900 and
// $10,507,636: a share of 107,799 / 847,390,000 + 53,899 / 1,050,763,600 = 0.000178508… of the land.
const EXPECTED = [
  ['Additional CO2 sequestration', '30', '0.00536'],
  ['Hedgerow increase', '7', '0.00125'],
  ['Forest increase', '5', '0.000893'],
  ['CO2 emissions offset', '12', '0.00214'],
  ['Nitrogen from natural sources', '35', '0.00625'],
  ['Increase in organically farmed land', '20', '0.00357'],
  ['Pesticide use eliminated', '60', '0.0107'],
] as const;

describe('your impact and the direct impact certificate', () => {
  it('asks a signed-out visitor to log in', async () => {
    for (const url of [CERTIFICATE, '/api/user/impact']) {
      const res = await get(url);
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('UNAUTHORIZED');
    }
  });

  it('is 0 everywhere until Units are held', async () => {
    const res = await get('/api/user/impact', ada.session);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body).toMatchObject({ asOf: '2026-01-15', holdsUnits: false, holdings: [], landSharePercent: '0' });
    expect(body.metrics.every((m: { yoursPercent: string }) => m.yoursPercent === '0')).toBe(true);
    // No land project yet: nothing to have a share of.
    expect(body.projectShare).toEqual({ projects: 0, figures: [] });
    expect(body.per100Units).toEqual({ unitType: 'LAND_POUND', units: 100, valueCents: 10_780, share: { projects: 0, figures: [] } });
  });

  it('gives each metric × value today / land value held, per currency held, on the dashboard and the certificate alike', async () => {
    await giveUnits(ctx.database.db, ada.id, 1_000, 'LAND_POUND');
    await giveUnits(ctx.database.db, ada.id, 500, 'LAND_USD');
    const impact = (await get('/api/user/impact', ada.session)).json();
    expect(impact.holdsUnits).toBe(true);
    expect(impact.holdings).toEqual([
      { currency: 'GBP', valueTodayCents: 107_799, landValueCents: 847_390_000, landSharePercent: '0.0127' },
      { currency: 'USD', valueTodayCents: 53_899, landValueCents: 1_050_763_600, landSharePercent: '0.00513' },
    ]);
    expect(impact.landSharePercent).toBe('0.0179');
    expect(impact.metrics.map((m: { label: string; metricPercent: string; yoursPercent: string }) => [m.label, m.metricPercent, m.yoursPercent])).toEqual(EXPECTED);

    const { res, lines, code } = await certificate(ada.session);
    expect(res.headers['content-disposition']).toContain('land-units-impact-certificate-2026-01-15.pdf');
    expect(lines).toContain('Issued to Ada Lovelace');
    expect(lines).toContain('Date of the figures 15 Jan 2026 (prices of that day)');
    expect(lines).toContain(`Verify at https://landunits.example/verify/${code}`);
    for (const [label, metric, yours] of EXPECTED) expect(lines).toContain(`${label} ${metric}% ${yours}%`);
    expect(lines).toContain('GBP (£) £1,077.99 £8,473,900.00 0.0127%');
    expect(lines).toContain('USD ($) $538.99 $10,507,636.00 0.00513%');
    expect(lines).toContain('All currencies 0.0179%');
  });

  it('confirms the certificate at /api/certificates/{code} and /verify/{code}: date and figures, no name, no email', async () => {
    const { code } = await certificate(ada.session);
    const impact = (await get('/api/user/impact', ada.session)).json();
    const res = await get(`/api/certificates/${code}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
    const { holdsUnits: _, projectShare: _share, per100Units: _example, ...figures } = impact;
    expect(res.json()).toEqual({ code, issuedAt: '2026-01-15T10:00:00.000Z', figures });
    expect(res.body).not.toMatch(/Ada|Lovelace|ada\.impact|@/);
    // Typed as people type it.
    expect((await get(`/api/certificates/${code.toLowerCase().replace(/-/g, '')}`)).json().code).toBe(code);

    const page = await get(`/verify/${code}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(page.body).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(page.body).toContain('0.00536');
    expect(page.body).toContain('2026-01-15');
    expect(page.body).not.toMatch(/Ada|Lovelace|ada\.impact/);
  });

  it('gives the same code for the same figures on the same day, and a new one when they change', async () => {
    const first = await certificate(ada.session);
    expect((await certificate(ada.session)).code).toBe(first.code);
    await giveUnits(ctx.database.db, ada.id, 1, 'LAND_EUR');
    const changed = await certificate(ada.session);
    expect(changed.code).not.toBe(first.code);
    // The first still says what it said.
    expect((await get(`/api/certificates/${first.code}`)).json().figures.holdings).toHaveLength(2);
    expect((await get(`/api/certificates/${changed.code}`)).json().figures.holdings).toHaveLength(3);
  });

  it('answers 404 for a code no certificate has, or one that cannot be a code, also on the page (noindex)', async () => {
    for (const code of ['LUIC-0000-0000-0000-0000', 'not-a-code', '%3Cscript%3E', 'x'.repeat(70)]) {
      const res = await get(`/api/certificates/${code}`);
      expect(res.statusCode, code).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND', message: 'No certificate has this code. Check the code on the certificate, letter by letter.' });
      const page = await get(`/verify/${code}`);
      expect(page.statusCode, code).toBe(404);
      expect(page.headers['x-robots-tag']).toBe('noindex, nofollow');
      expect(page.body).not.toContain('<script>');
    }
  });

  it("gives the person's share of what the land projects report: share of the land × the projects' totals", async () => {
    // Two projects (running and finished): 166.5 ha, 5,510 t of CO₂, 66,400 trees, 8,600 m of hedgerow (the first plants none).
    // Written as the admin's form would (land-projects' own tests cover that), straight into the table.
    await ctx.database.db.execute(sql`
      insert into land_projects (name, location, area_hectares, description, co2_tonnes, trees_planted, hedgerow_metres, state, finished_on)
      values ('Share forest', 'Perthshire', 40.00, 'Test land', 5200, 64000, null, 'open', null),
             ('Share hedges', 'Lincolnshire', 126.50, 'Test land', 310, 2400, 8600, 'finished', '2025-12-01')`);
    try {
      const stranger = await signUp(ctx.app, 'share.none@example.com', 'Nell', 'None');
      // Ada's share of the land (1,000 GBP, 500 USD and 1 EUR Unit, above): 0.000178508… + 1 EUR Unit's 0.0000001…
      // CO₂ 5,510 × it = 0.98358… t; trees 66,400 × it = 11.85…; hedgerow 8,600 × it = 1.5351… m; land 166.5 × it = 0.029721… ha.
      const impact = (await get('/api/user/impact', ada.session)).json();
      expect(impact.projectShare).toEqual({
        projects: 2,
        figures: [
          { key: 'co2Tonnes', label: 'CO₂ sequestered', amount: '0.98 tonnes', text: '0.98 tonnes of CO₂ sequestered', total: '5,510 tonnes' },
          { key: 'treesPlanted', label: 'Trees planted', amount: '12 trees', text: '12 trees planted', total: '66,400 trees' },
          { key: 'hedgerowMetres', label: 'Hedgerow', amount: '1.5 metres', text: '1.5 metres of hedgerow', total: '8,600 metres' },
          { key: 'areaHectares', label: 'Land', amount: '0.03 hectares', text: '0.03 hectares of land', total: '166.5 hectares' },
        ],
      });
      // Someone with no Units: nothing of their own, and what 100 GBP Units (£107.80 at 1.077986) would carry:
      // 10,779.86 / 847,390,000 = 0.0000127212… of the land; × 5,510 = 0.0700… t; × 66,400 = 0.84 trees; × 8,600 = 0.109… m; × 166.5 = 0.0021… ha.
      const none = (await get('/api/user/impact', stranger.session)).json();
      expect(none.holdsUnits).toBe(false);
      expect(none.projectShare.figures.map((f: { amount: string }) => f.amount)).toEqual(['0 tonnes', '0 trees', '0 metres', '0 hectares']);
      expect(none.per100Units.valueCents).toBe(10_780);
      expect(none.per100Units.share.figures.map((f: { amount: string }) => f.amount)).toEqual(['0.07 tonnes', 'less than 1 tree', '0.11 metres', 'less than 0.01 hectares']);
    } finally {
      await ctx.database.db.execute(sql`delete from land_projects where name in ('Share forest', 'Share hedges')`);
    }
  });

  it('prints a long name in full and keeps the code and address on their lines', async () => {
    const long = await signUp(ctx.app, 'long.impact@example.com', 'Wolfeschlegelsteinhausenbergerdorff-Maximilian', 'Featherstonehaugh-Cholmondeley-Marjoribanks-Wu');
    // 10,000,000 AUD Units: A$10,779,860.00, a 10-digit amount of cents.
    await giveUnits(ctx.database.db, long.id, 10_000_000, 'LAND_AUD');
    const { lines, code } = await certificate(long.session);
    // The name wraps (at a hyphen or a space) within its column; every part of it is printed.
    const words = lines.join(' ').split(/[\s-]+/);
    for (const part of ['Wolfeschlegelsteinhausenbergerdorff', 'Maximilian', 'Featherstonehaugh', 'Cholmondeley', 'Marjoribanks', 'Wu']) expect(words).toContain(part);
    expect(lines).toContain('AUD (A$) A$10,779,860.00 A$16,863,061.00 63.93%');
    // 10,779,860 / 16,863,061 = 63.9… % of the land; 30 % of that is 19.2 %.
    expect(lines).toContain('All currencies 63.93%');
    expect(lines).toContain('Additional CO2 sequestration 30% 19.18%');
    expect(lines).toContain(`Verify at https://landunits.example/verify/${code}`);
    expect(lines.some((l) => l.includes('…'))).toBe(false);
  });
});
