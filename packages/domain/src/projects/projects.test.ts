import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../validation/field-errors';
import { formatFigure, formatHectares, isCalendarDate, PROJECT_MESSAGES as M, ProjectInputSchema, ProjectUpdateInputSchema } from './projects';

const valid = { name: 'Glen Arden', location: 'Perthshire', areaHectares: '40', description: 'Native trees.', impact: {} };
const errorsOf = (input: unknown) => {
  const result = ProjectInputSchema.safeParse(input);
  return result.success ? {} : fieldErrors(result.error);
};

describe('ProjectInputSchema', () => {
  it('keeps the area as an exact decimal string and the figures as whole numbers or null', () => {
    expect(ProjectInputSchema.parse({ ...valid, areaHectares: ' 12.5 ', impact: { co2Tonnes: '850', treesPlanted: 64000, hedgerowMetres: '' } })).toEqual({
      ...valid,
      areaHectares: '12.5',
      imageId: null,
      imageAlt: '',
      impact: { co2Tonnes: 850, treesPlanted: 64000, hedgerowMetres: null },
    });
  });

  it('refuses areas that are not a positive decimal with at most two places', () => {
    for (const area of ['0', '0.00', '-1', '1.234', '1e3', 'NaN', 'Infinity', '10000000', '', ' ', '01', '1,5', '0x10']) {
      expect(ProjectInputSchema.safeParse({ ...valid, areaHectares: area }).success, area).toBe(false);
    }
    expect(errorsOf({ ...valid, areaHectares: '0' })).toEqual({ areaHectares: M.hectaresPositive });
    expect(errorsOf({ ...valid, areaHectares: '1.234' })).toEqual({ areaHectares: M.hectaresInvalid });
    expect(ProjectInputSchema.safeParse({ ...valid, areaHectares: '9999999.99' }).success).toBe(true);
  });

  it('refuses figures that are not whole numbers from 0', () => {
    for (const value of [-1, 1.5, '1.5', 'abc', 2 ** 53, '1e3', 1_000_000_001]) {
      expect(errorsOf({ ...valid, impact: { co2Tonnes: value } }), String(value)).toEqual({ 'impact.co2Tonnes': M.figureInvalid });
    }
  });

  it('needs an image description with a new image, and a real image id', () => {
    expect(errorsOf({ ...valid, imageId: 'a'.repeat(64), imageAlt: ' ' })).toEqual({ imageAlt: M.imageAltRequired });
    expect(errorsOf({ ...valid, imageId: '../etc/passwd', imageAlt: 'x' })).toEqual({ imageId: M.imageUnknown });
    expect(errorsOf({ ...valid, name: '', location: '', description: '' })).toEqual({ name: M.nameRequired, location: M.locationRequired, description: M.descriptionRequired });
    expect(ProjectInputSchema.safeParse({ ...valid, state: 'finished' }).success).toBe(false);
  });
});

describe('updates and dates', () => {
  it('accepts real calendar days only', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    for (const day of ['2025-02-29', '2026-13-01', '2026-1-1', '2026-04-31', 'yesterday', '']) expect(isCalendarDate(day), day).toBe(false);
    expect(fieldErrors((ProjectUpdateInputSchema.safeParse({ date: '2026-02-30', text: '' }) as { error: Parameters<typeof fieldErrors>[0] }).error)).toEqual({
      date: M.dateInvalid,
      text: M.updateRequired,
    });
  });
});

describe('formatting', () => {
  it('shows hectares grouped, without trailing zeros', () => {
    expect(formatHectares('40.00')).toBe('40 ha');
    expect(formatHectares('12.50')).toBe('12.5 ha');
    expect(formatHectares('1234567.05')).toBe('1,234,567.05 ha');
    expect(formatFigure('treesPlanted', 64000)).toBe('64,000 trees');
  });

  it('round-trips every valid area exactly (no float in between)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 999_999_999 }), (cents) => {
        const text = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
        const parsed = ProjectInputSchema.parse({ ...valid, areaHectares: text });
        expect(parsed.areaHectares).toBe(text);
        expect(formatHectares(text).replace(/,/g, '')).toBe(`${text.replace(/\.?0+$/, '')} ha`.replace(/^ ha$/, '0 ha'));
      }),
    );
  });
});
