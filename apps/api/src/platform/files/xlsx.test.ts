import { randomBytes } from 'node:crypto';
import { inflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { XlsxDate, XlsxDecimal, xlsxStream, xlsxText, type XlsxStream } from './xlsx';

/** The entries of a zip, from its central directory (stored or deflated). */
function unzip(zip: Buffer): Map<string, string> {
  const eocd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = zip.readUInt16LE(eocd + 10);
  let at = zip.readUInt32LE(eocd + 16);
  const entries = new Map<string, string>();
  for (let i = 0; i < count; i += 1) {
    const method = zip.readUInt16LE(at + 10);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const skip = nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    const local = zip.readUInt32LE(at + 42);
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(start, start + size);
    entries.set(name, (method === 8 ? inflateRawSync(data) : data).toString('utf8'));
    at += 46 + skip;
  }
  return entries;
}

async function bytesOf(sheet: XlsxStream, write: () => void): Promise<Buffer> {
  const chunks: Buffer[] = [];
  sheet.stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise((resolve) => sheet.stream.on('end', resolve));
  write();
  await sheet.end();
  await ended;
  return Buffer.concat(chunks);
}

const created = new Date('2026-11-30T12:34:56.789Z');

describe('xlsxStream', () => {
  it('writes text, whole numbers, exact decimals and days with their formats, fonts, fill and widths, read back by a spreadsheet reader', async () => {
    const sheet = xlsxStream({ sheetName: 'Statement', columnWidths: [12, 30], creator: 'Land Units', created });
    const bytes = await bytesOf(sheet, () => {
      sheet.row(['Title'], { font: { bold: true, size: 14, color: 'FF1F5135' } });
      sheet.row([]);
      sheet.row(['Date', 'Name', 'Units', 'Amount', 'Price'], { font: { bold: true }, fill: 'FFE8DCC4' });
      sheet.row([new XlsxDate('2026-02-28'), 'Ada <&> "Lovelace"', 12345n, XlsxDecimal.ofCents(12345n), new XlsxDecimal('1.100000')], {
        numFmts: [undefined, undefined, '#,##0', '"£"#,##0.00;-"£"#,##0.00', '0.000000'],
      });
      sheet.row([new XlsxDate('2026-03-01'), null, -7n, XlsxDecimal.ofCents(-5n), 2.5], { font: { italic: true, color: 'FF4D5952' }, numFmts: ['yyyy-mm-dd', undefined, '#,##0'] });
    });

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    expect(workbook.creator).toBe('Land Units');
    expect(workbook.worksheets.map((w) => w.name)).toEqual(['Statement']);
    const ws = workbook.worksheets[0]!;
    expect(ws.getColumn(1).width).toBe(12);
    expect(ws.getColumn(2).width).toBe(30);
    expect(ws.getCell('A1').value).toBe('Title');
    expect(ws.getCell('A1').font).toMatchObject({ bold: true, size: 14, color: { argb: 'FF1F5135' } });
    expect(ws.getRow(2).cellCount).toBe(0);
    expect(ws.getCell('C3').fill).toMatchObject({ type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE8DCC4' } });
    expect(ws.getCell('C3').font).toMatchObject({ bold: true });
    expect(ws.getCell('A4').value).toEqual(new Date('2026-02-28T00:00:00Z'));
    expect(ws.getCell('A4').numFmt).toBe('yyyy-mm-dd');
    expect(ws.getCell('B4').value).toBe('Ada <&> "Lovelace"');
    expect([ws.getCell('C4').value, ws.getCell('C4').numFmt]).toEqual([12345, '#,##0']);
    expect([ws.getCell('D4').value, ws.getCell('D4').numFmt]).toEqual([123.45, '"£"#,##0.00;-"£"#,##0.00']);
    expect([ws.getCell('E4').value, ws.getCell('E4').numFmt]).toEqual([1.1, '0.000000']);
    expect(ws.getCell('A5').value).toEqual(new Date('2026-03-01T00:00:00Z'));
    expect(ws.getCell('B5').font).toMatchObject({ italic: true, color: { argb: 'FF4D5952' } });
    expect([ws.getCell('C5').value, ws.getCell('D5').value, ws.getCell('E5').value]).toEqual([-7, -0.05, 2.5]);

    const parts = unzip(bytes);
    expect([...parts.keys()].sort()).toEqual(
      ['[Content_Types].xml', '_rels/.rels', 'docProps/app.xml', 'docProps/core.xml', 'xl/_rels/workbook.xml.rels', 'xl/styles.xml', 'xl/workbook.xml', 'xl/worksheets/sheet1.xml'].sort(),
    );
    expect(parts.get('docProps/core.xml')).toContain('<dcterms:created xsi:type="dcterms:W3CDTF">2026-11-30T12:34:56Z</dcterms:created>');
    // Numbers as written from their digits: no float on the way.
    expect(parts.get('xl/worksheets/sheet1.xml')).toContain('<v>123.45</v>');
    expect(parts.get('xl/worksheets/sheet1.xml')).toContain('<v>-0.05</v>');
  });

  it('writes money from integer cents digit for digit, beyond what a float holds exactly', async () => {
    expect(['0', '1', '10', '99', '100', '12345', '-5', '-100', '-12345', '900719925474099301'].map((c) => XlsxDecimal.ofCents(BigInt(c)).text)).toEqual([
      '0',
      '0.01',
      '0.1',
      '0.99',
      '1',
      '123.45',
      '-0.05',
      '-1',
      '-123.45',
      '9007199254740993.01',
    ]);
    expect(new XlsxDecimal('-0.00').text).toBe('0');
    expect(new XlsxDecimal('007.500').text).toBe('7.5');
    for (const bad of ['1e5', '', '-', '.5', '1.', '1,5', 'NaN', ' 1']) expect(() => new XlsxDecimal(bad)).toThrow(RangeError);
    const sheet = xlsxStream({ sheetName: 'S', creator: 'Land Units', created });
    const bytes = await bytesOf(sheet, () => sheet.row([XlsxDecimal.ofCents(900719925474099301n), 9007199254740993n]));
    expect(unzip(bytes).get('xl/worksheets/sheet1.xml')).toContain('<c r="A1"><v>9007199254740993.01</v></c><c r="B1"><v>9007199254740993</v></c>');
  });

  it('counts days as spreadsheets do and refuses what is not a day or a finite number', () => {
    expect(new XlsxDate('1900-03-01').serial).toBe(61);
    expect(new XlsxDate('2026-11-30').serial).toBe(46356);
    for (const bad of ['2026-02-30', '2026-1-01', '1900-02-28', '20261130']) expect(() => new XlsxDate(bad)).toThrow(RangeError);
    const sheet = xlsxStream({ sheetName: 'S', creator: 'Land Units', created });
    expect(() => sheet.row([Number.NaN])).toThrow(RangeError);
    expect(() => sheet.row([Number.POSITIVE_INFINITY])).toThrow(RangeError);
    expect(() => xlsxStream({ sheetName: 'a/b', creator: 'x', created })).toThrow(RangeError);
    sheet.cancel();
  });

  it('writes any text as well-formed XML: markup escaped, control characters and literal escapes in the format’s own escapes', async () => {
    expect(xlsxText('a<b>&"c"')).toBe('a&lt;b&gt;&amp;&quot;c&quot;');
    expect(xlsxText('bell\u0007 tab\t')).toBe('bell_x0007_ tab\t');
    expect(xlsxText('_x0041_')).toBe('_x005F_x0041_');
    expect(xlsxText('half \uD800 pair 😀')).toBe('half \uFFFD pair 😀');
    expect(xlsxText('x'.repeat(40_000))).toHaveLength(32_767);
    const sheet = xlsxStream({ sheetName: 'S', creator: 'Land Units', created });
    const bytes = await bytesOf(sheet, () => sheet.row(['  two spaces', 'Zoë 中文 😀']));
    const xml = unzip(bytes).get('xl/worksheets/sheet1.xml')!;
    expect(xml).toContain('<t xml:space="preserve">  two spaces</t>');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    expect(workbook.worksheets[0]!.getCell('B1').value).toBe('Zoë 中文 😀');
  });

  it('streams: the rows wait while the reader is behind, with little buffered, and go on when it reads', async () => {
    const sheet = xlsxStream({ sheetName: 'S', creator: 'Land Units', created });
    const write = (from: number) => {
      for (let i = from; i < from + 6_000; i += 1) sheet.row([new XlsxDate('2026-01-01'), randomBytes(48).toString('base64'), BigInt(i), XlsxDecimal.ofCents(BigInt(i * 7))]);
    };
    write(0);
    let read = false;
    const waiting = sheet.whenRead().then(() => (read = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(read).toBe(false);
    // Nothing is read: what is held is this batch of rows and the zip's stream buffers.
    expect(sheet.stream.readableLength).toBeLessThan(256 * 1024);
    let bytes = 0;
    sheet.stream.on('data', (chunk: Buffer) => (bytes += chunk.length));
    await waiting;
    for (let batch = 1; batch < 4; batch += 1) {
      write(batch * 6_000);
      await sheet.whenRead();
    }
    await sheet.end();
    expect(bytes).toBeGreaterThan(24_000 * 64);
  });

  it('lets a statement stop when the reader goes away or it is cancelled', async () => {
    const sheet = xlsxStream({ sheetName: 'S', creator: 'Land Units', created });
    for (let i = 0; i < 5_000; i += 1) sheet.row([`line ${i} ${'y'.repeat(60)}`]);
    const waiting = sheet.whenRead();
    sheet.stream.destroy();
    await waiting;
    sheet.row(['after the reader left']);
    await sheet.whenRead();

    const cancelled = xlsxStream({ sheetName: 'S', creator: 'Land Units', created });
    cancelled.row(['a']);
    cancelled.cancel();
    expect(cancelled.stream.destroyed).toBe(true);
    await cancelled.whenRead();

    // After the end, cancel leaves the file whole for its reader.
    const done = xlsxStream({ sheetName: 'S', creator: 'Land Units', created });
    const chunks: Buffer[] = [];
    const ended = new Promise((resolve) => done.stream.on('end', resolve));
    done.row(['whole']);
    const ending = done.end();
    done.cancel();
    done.stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    await Promise.all([ending, ended]);
    const bytes = Buffer.concat(chunks);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    expect(workbook.worksheets[0]!.getCell('A1').value).toBe('whole');
  });
});
