import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDate, formatMoney, formatPrice, formatSignedMoney, formatSignedPercent, formatUnits, round6, roundDecimal, stripLeadingZeros } from './format';

describe('formatDate', () => {
  const date = new Date(Date.UTC(2025, 2, 10, 23, 59));
  it('writes the three SPEC formats in UTC', () => {
    expect(formatDate(date, 'DD/MM/YYYY')).toBe('10/03/2025');
    expect(formatDate(date, 'YYYY-MM-DD')).toBe('2025-03-10');
    expect(formatDate(date, 'DD MMM YYYY')).toBe('10 Mar 2025');
  });
  it('defaults to DD/MM/YYYY and accepts ISO strings', () => {
    expect(formatDate('2026-01-05T00:00:00Z')).toBe('05/01/2026');
  });
  it('rejects an invalid date', () => {
    expect(() => formatDate('not a date')).toThrow(RangeError);
  });
});

describe('formatMoney', () => {
  it('writes en-US money with 2 decimals and the currency symbol', () => {
    expect(formatMoney(123456, 'GBP')).toBe('£1,234.56');
    expect(formatMoney(100, 'USD')).toBe('$1.00');
    expect(formatMoney(5, 'EUR')).toBe('€0.05');
    expect(formatMoney(0, 'AUD')).toBe('A$0.00');
    expect(formatMoney(-5, 'GBP')).toBe('-£0.05');
    expect(formatMoney(123456789012345678n, 'USD')).toBe('$1,234,567,890,123,456.78');
  });
  it('refuses fractional cents', () => {
    expect(() => formatMoney(1.5, 'GBP')).toThrow(RangeError);
  });
  it('round-trips any integer amount of cents', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }), (cents) => {
        const text = formatMoney(cents, 'USD').replace(/[$,]/g, '');
        expect(BigInt(text.replace('.', ''))).toBe(cents);
      }),
    );
  });
});

describe('formatUnits', () => {
  it('groups whole units with no decimals', () => {
    expect(formatUnits(1234567)).toBe('1,234,567');
    expect(formatUnits(0)).toBe('0');
  });

  it('groups digits exactly as en-US does, for any whole number, negative or past 2^53', () => {
    const enUs = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }), (value) => {
        expect(formatUnits(value)).toBe(enUs.format(value));
      }),
      { numRuns: 2000 },
    );
    for (const value of [0n, 7n, 999n, 1000n, -1000n, 999_999n, 1_000_000n]) expect(formatUnits(value)).toBe(enUs.format(value));
  });
});

describe('round6', () => {
  it('rounds half-up to six places', () => {
    expect(round6('1.2345675')).toBe('1.234568');
    expect(round6('1.2345674999')).toBe('1.234567');
    expect(round6('2')).toBe('2.000000');
    expect(round6(1.0000005)).toBe('1.000001');
    expect(round6('-1.0000005')).toBe('-1.000001');
    expect(round6('-0.0000001')).toBe('0.000000');
    expect(round6('0.9999995')).toBe('1.000000');
  });
  it('rejects what is not a decimal', () => {
    expect(() => round6('1e5')).toThrow(RangeError);
    expect(() => round6(Number.NaN)).toThrow(RangeError);
  });
  it('agrees with exact integer arithmetic', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 18n }), (scaled) => {
        // scaled has 9 decimal places
        const s = scaled.toString().padStart(10, '0');
        const text = `${s.slice(0, -9)}.${s.slice(-9)}`;
        const expected = (scaled + 500n) / 1000n;
        expect(roundDecimal(text, 6).replace('.', '')).toBe(expected.toString().padStart(7, '0'));
      }),
    );
  });
});

describe('stripLeadingZeros', () => {
  it.each([
    ['007', '7'],
    ['0', '0'],
    ['000', '0'],
    ['00.5', '0.5'],
    ['120', '120'],
    ['', ''],
    ['-007', '-7'],
  ])('%s → %s', (input, output) => {
    expect(stripLeadingZeros(input)).toBe(output);
  });
});

describe('formatSignedMoney', () => {
  it('writes gains with a plus and losses with a minus sign (U+2212), zero without a sign', () => {
    expect(formatSignedMoney(700, 'GBP')).toBe('+£7.00');
    expect(formatSignedMoney(-350, 'EUR')).toBe('\u2212€3.50');
    expect(formatSignedMoney(0, 'USD')).toBe('$0.00');
    expect(formatSignedMoney(123456789n, 'AUD')).toBe('+A$1,234,567.89');
  });
  it('refuses fractional cents', () => {
    expect(() => formatSignedMoney(0.5, 'GBP')).toThrow(RangeError);
  });
});

describe('formatSignedPercent', () => {
  it.each([
    ['7.00', '+7.00%'],
    ['7', '+7.00%'],
    ['-3.456', '\u22123.46%'],
    ['0.00', '0.00%'],
    ['-0.001', '0.00%'],
    ['0.005', '+0.01%'],
  ])('%s → %s', (input, output) => {
    expect(formatSignedPercent(input)).toBe(output);
  });
  it('rejects what is not a decimal', () => {
    expect(() => formatSignedPercent('abc')).toThrow(RangeError);
  });
});

describe('formatPrice', () => {
  it('writes a 6-place price with its currency symbol', () => {
    expect(formatPrice('1.070000', 'GBP')).toBe('£1.070000');
    expect(formatPrice('1.5', 'AUD')).toBe('A$1.500000');
    expect(formatPrice('1234.5', 'USD', 2)).toBe('$1,234.50');
  });
  it('rounds half-up on the digits when asked for fewer places', () => {
    expect(formatPrice('1.150250', 'GBP', 4)).toBe('£1.1503');
    expect(formatPrice('1.070049', 'EUR', 4)).toBe('€1.0700');
    expect(formatPrice('0.99995', 'GBP', 4)).toBe('£1.0000');
  });
});
