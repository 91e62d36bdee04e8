import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatDay, formatMoney, formatPrice, formatSignedMoney, formatSignedPercent, formatUnits, parseDay, round6, roundDecimal, stripLeadingZeros } from './format';

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

describe('formatDay and formatDateTime: the one display format of screens', () => {
  it('writes a day as DD MMM YYYY, a calendar day as itself and an instant as its UTC day', () => {
    expect(formatDay('2026-11-28')).toBe('28 Nov 2026');
    expect(formatDay('2026-11-28T23:59:00Z')).toBe('28 Nov 2026');
    expect(formatDay('2026-11-28T23:59:00-02:00')).toBe('29 Nov 2026');
    expect(formatDay(new Date(Date.UTC(2027, 0, 5)))).toBe('05 Jan 2027');
  });
  it('writes a moment with its UTC time', () => {
    expect(formatDateTime('2026-11-28T14:05:59.999Z')).toBe('28 Nov 2026, 14:05 UTC');
    expect(formatDateTime(new Date(Date.UTC(2026, 0, 1, 0, 0)))).toBe('01 Jan 2026, 00:00 UTC');
  });
  it('rejects an invalid date', () => {
    expect(() => formatDay('soon')).toThrow(RangeError);
    expect(() => formatDateTime('soon')).toThrow(RangeError);
  });
});

describe('parseDay: a typed day, whatever the locale', () => {
  it('reads the display format, month names in any case, and day-first numbers', () => {
    for (const text of [
      '28 Nov 2026',
      '28 nov 2026',
      ' 28 NOV 2026 ',
      '28 November 2026',
      '28-Nov-2026',
      '28 Nov, 2026',
      '28 Nov. 2026',
      '28/11/2026',
      '28.11.2026',
      '28-11-2026',
      '28 11 2026',
      '2026-11-28',
      '2026/11/28',
    ]) {
      expect(parseDay(text), text).toBe('2026-11-28');
    }
    expect(parseDay('1 Sept 2027')).toBe('2027-09-01');
    expect(parseDay('5/1/2027')).toBe('2027-01-05');
  });
  it('refuses what is no real day, month-first numbers and unknown months', () => {
    for (const text of ['', '11/28/2026', '31 Feb 2026', '29 Feb 2027', '2026-13-01', '2026-11-00', '28 Novx 2026', '28 Foo 2026', '28 Nov 26', 'tomorrow', '2026-11-28T00:00']) {
      expect(parseDay(text), text).toBeNull();
    }
    expect(parseDay('29 Feb 2028')).toBe('2028-02-29');
  });
  it('reads back every day it writes', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date(Date.UTC(1900, 0, 1)), max: new Date(Date.UTC(2199, 11, 31)), noInvalidDate: true }), (date) => {
        const iso = formatDate(date, 'YYYY-MM-DD');
        expect(parseDay(formatDay(date))).toBe(iso);
        expect(parseDay(formatDate(date, 'DD/MM/YYYY'))).toBe(iso);
        expect(parseDay(iso)).toBe(iso);
      }),
    );
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
  it('writes a price with 4 places and its currency symbol, as screens show it', () => {
    expect(formatPrice('1.150273', 'GBP')).toBe('£1.1503');
    expect(formatPrice('1.5', 'AUD')).toBe('A$1.5000');
    expect(formatPrice('1234.5', 'USD', 2)).toBe('$1,234.50');
  });
  it('writes all 6 places for a breakdown', () => {
    expect(formatPrice('1.070000', 'GBP', 6)).toBe('£1.070000');
    expect(formatPrice('1.5', 'AUD', 6)).toBe('A$1.500000');
  });
  it('rounds half-up on the digits when asked for fewer places', () => {
    expect(formatPrice('1.150250', 'GBP')).toBe('£1.1503');
    expect(formatPrice('1.070049', 'EUR')).toBe('€1.0700');
    expect(formatPrice('0.99995', 'GBP')).toBe('£1.0000');
  });
});
