import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { CsvDecimal, csvStream, toCsv, type CsvColumn } from './csv';

interface Row {
  email: string;
  count: number;
  at: Date | null;
  extra?: unknown;
}

const columns: CsvColumn<Row>[] = [
  { header: 'Email', value: (row) => row.email },
  { header: 'Count', value: (row) => row.count },
  { header: 'At', value: (row) => row.at },
  { header: 'Extra', value: (row) => row.extra },
];

describe('toCsv', () => {
  it('writes a header and one CRLF line per row, quoting commas, quotes and line breaks', () => {
    const text = toCsv(columns, [
      { email: 'a@example.com', count: 3, at: new Date('2026-11-25T10:00:00Z') },
      { email: 'Smith, "Jo"\nline two', count: -2, at: null, extra: { a: 1 } },
    ]);
    expect(text.split('\r\n')[0]).toBe('Email,Count,At,Extra');
    expect(parse(text)).toEqual([
      ['Email', 'Count', 'At', 'Extra'],
      ['a@example.com', '3', '2026-11-25T10:00:00.000Z', ''],
      ['Smith, "Jo"\nline two', '-2', '', '{"a":1}'],
    ]);
  });

  it('defuses text a spreadsheet would run as a formula, but not numbers', () => {
    const rows = ['=HYPERLINK("http://x")', '+1', '-cmd', '@SUM(A1)', '\tx', '\rx', 'plain'].map((email) => ({ email, count: -5, at: null }));
    const cells = parse(toCsv(columns, rows)).slice(1);
    expect(cells.map((row: string[]) => row[0])).toEqual(['\'=HYPERLINK("http://x")', "'+1", "'-cmd", "'@SUM(A1)", "'\tx", "'\rx", 'plain']);
    expect(cells.every((row: string[]) => row[1] === '-5')).toBe(true);
  });
});

describe('csvStream', () => {
  it('streams a byte order mark, the header and CRLF rows; exact decimals stay numbers, text is defused', async () => {
    const csv = csvStream(['Name', 'Amount', 'Units']);
    const chunks: Buffer[] = [];
    csv.stream.on('data', (chunk: Buffer) => chunks.push(Buffer.from(chunk)));
    const ended = new Promise((resolve) => csv.stream.on('end', resolve));
    csv.write(['=cmd', new CsvDecimal('-5.00'), 12n]);
    csv.write(['Ada, "L"', new CsvDecimal('1234.56'), 0]);
    await csv.whenRead();
    csv.end();
    await ended;
    const text = Buffer.concat(chunks).toString('utf8');
    expect(text.startsWith('\uFEFFName,Amount,Units\r\n')).toBe(true);
    expect(parse(text, { bom: true })).toEqual([
      ['Name', 'Amount', 'Units'],
      ["'=cmd", '-5.00', '12'],
      ['Ada, "L"', '1234.56', '0'],
    ]);
    expect(() => new CsvDecimal('=1+1')).toThrow(RangeError);
  });
});
