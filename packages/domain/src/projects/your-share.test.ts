import { describe, expect, it } from 'vitest';
import { reduceRational } from '../documents/impact';
import { PROJECT_SHARE_METHOD, shareAmountNumber, shareAmountText, shareOfProjects, shareOfProjectsView, type LandProjectTotals } from './your-share';

// Three land projects: 40 + 126.5 + 22 ha; 5,200 + 310 + 0 t CO₂; 64,000 + 2,400 trees; 0 + 8,400 m of hedgerow.
const TOTALS: LandProjectTotals = { projects: 3, areaHectares: '188.50', co2Tonnes: '5510', treesPlanted: '66400', hedgerowMetres: '8400' };

describe('your share of the land projects (share of the land × the projects’ figures)', () => {
  it('multiplies the share of the land by each total, worked by hand', () => {
    // 1,000 GBP Units worth £1,077.99 of a £8,473,900 land: 107,799 / 847,390,000 = 0.000127212…
    const share = reduceRational({ num: 107_799n, den: 847_390_000n });
    const result = shareOfProjects(share, TOTALS);
    expect(result.projects).toBe(3);
    // CO₂: 5,510 × 0.000127212… = 0.700940… t → two significant digits: 0.70 → "0.7".
    // Trees: 66,400 × 0.000127212… = 8.4469… → 8 trees.
    // Hedgerow: 8,400 × 0.000127212… = 1.06858… m → one decimal: 1.1.
    // Land: 188.5 × 0.000127212… = 0.023979… ha → 0.024.
    expect(shareOfProjectsView(result).figures).toEqual([
      { key: 'co2Tonnes', label: 'CO₂ sequestered', amount: '0.7 tonnes', text: '0.7 tonnes of CO₂ sequestered', total: '5,510 tonnes' },
      { key: 'treesPlanted', label: 'Trees planted', amount: '8 trees', text: '8 trees planted', total: '66,400 trees' },
      { key: 'hedgerowMetres', label: 'Hedgerow', amount: '1.1 metres', text: '1.1 metres of hedgerow', total: '8,400 metres' },
      { key: 'areaHectares', label: 'Land', amount: '0.024 hectares', text: '0.024 hectares of land', total: '188.5 hectares' },
    ]);
    // The exact share is kept: 5,510 × 107,799 / 847,390,000.
    expect(result.figures[0]?.yours).toEqual(reduceRational({ num: 5_510n * 107_799n, den: 847_390_000n }));
  });

  it('leaves out what no project reports, or what adds up to 0', () => {
    const result = shareOfProjects({ num: 1n, den: 100n }, { projects: 1, areaHectares: '40.00', co2Tonnes: '0', treesPlanted: null, hedgerowMetres: null });
    expect(result.figures.map((f) => f.key)).toEqual(['areaHectares']);
    expect(result.figures[0]?.amount).toBe('0.4 hectares');
    expect(shareOfProjects({ num: 1n, den: 100n }, { projects: 0, areaHectares: null, co2Tonnes: null, treesPlanted: null, hedgerowMetres: null })).toEqual({ projects: 0, figures: [] });
  });

  it('says "less than" rather than 0 for a tiny share, and counts whole trees', () => {
    // £10 of the land: 1,000 / 847,390,000 × 5,510 t = 0.0065… t; × 66,400 trees = 0.078; × 8,400 m = 0.0099 m.
    const tiny = shareOfProjects({ num: 1_000n, den: 847_390_000n }, TOTALS);
    expect(tiny.figures.map((f) => f.amount)).toEqual(['less than 0.01 tonnes', 'less than 1 tree', 'less than 0.01 metres', 'less than 0.01 hectares']);
  });

  it('rounds once, by size: 2 significant digits below 1, 1 decimal below 100, whole numbers above', () => {
    const n = (num: bigint, den: bigint, whole = false) => shareAmountNumber({ num, den }, whole);
    expect(n(0n, 1n)).toBe('0');
    expect(n(99n, 10_000n)).toBe('less than 0.01');
    expect(n(1n, 100n)).toBe('0.01');
    expect(n(123n, 10_000n)).toBe('0.012');
    expect(n(1_235n, 100_000n)).toBe('0.012');
    expect(n(1_255n, 100_000n)).toBe('0.013');
    expect(n(996n, 10_000n)).toBe('0.1');
    expect(n(1n, 2n)).toBe('0.5');
    expect(n(9_996n, 10_000n)).toBe('1');
    expect(n(34n, 10n)).toBe('3.4');
    expect(n(1_204n, 100n)).toBe('12');
    expect(n(99_96n, 100n)).toBe('100');
    expect(n(1_234_567n, 1_000n)).toBe('1,235');
    expect(n(4n, 10n, true)).toBe('less than 1');
    expect(n(15n, 10n, true)).toBe('2');
    expect(n(12_345n, 1n, true)).toBe('12,345');
  });

  it('speaks of one tonne, one tree, and of several', () => {
    expect(shareAmountText('co2Tonnes', { num: 1n, den: 1n })).toBe('1 tonne');
    expect(shareAmountText('co2Tonnes', { num: 3n, den: 2n })).toBe('1.5 tonnes');
    expect(shareAmountText('treesPlanted', { num: 1n, den: 1n })).toBe('1 tree');
    expect(shareAmountText('treesPlanted', { num: 1n, den: 5n })).toBe('less than 1 tree');
    expect(shareAmountText('hedgerowMetres', { num: 1n, den: 1000n })).toBe('less than 0.01 metres');
  });

  it('states the method in plain words, with the same worked example', () => {
    expect(PROJECT_SHARE_METHOD.path).toBe(`/statistics#${PROJECT_SHARE_METHOD.anchor}`);
    // 0.01 % of the land × 5,000 t = 0.5 t, as the method says.
    expect(shareOfProjects({ num: 1n, den: 10_000n }, { projects: 1, areaHectares: null, co2Tonnes: '5000', treesPlanted: null, hedgerowMetres: null }).figures[0]?.amount).toBe('0.5 tonnes');
    expect(PROJECT_SHARE_METHOD.steps.join(' ')).toContain('0.5 tonnes');
  });
});
