import { PassThrough, type Readable } from 'node:stream';
import { ZipFile } from 'yazl';

/**
 * A streaming XLSX writer (decision 0056): one worksheet of SpreadsheetML written row by row into a
 * zip streamed by yazl (deflate in node:zlib), so a long sheet never sits in memory. What it knows
 * is what the product's spreadsheets use: text, whole numbers, exact decimals and dates; fonts
 * (bold, italic, size, colour), solid fills and number formats, per row and per column; column
 * widths. Text is written inline (no shared-strings table to hold), styles
 * are collected as rows are written and the style sheet is added after the worksheet.
 *
 * Numbers are exact: a bigint is written digit for digit, and an `XlsxDecimal` ('-123.45') is
 * written from its text, never through a binary float (money from integer cents stays 123.45).
 */

/** An exact decimal written as a number ('-5.00', '1.123456'); trailing zeros are left to the number format. */
export class XlsxDecimal {
  readonly text: string;
  constructor(text: string) {
    const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
    if (!match) throw new RangeError(`Not a plain decimal: ${JSON.stringify(text)}`);
    const whole = match[2]!.replace(/^0+(?=\d)/, '');
    const fraction = (match[3] ?? '').replace(/0+$/, '');
    const zero = /^0$/.test(whole) && fraction === '';
    this.text = `${match[1] && !zero ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
  }

  /** Integer cents as a decimal of the currency: 12345n → '123.45', -5n → '-0.05'. */
  static ofCents(cents: bigint): XlsxDecimal {
    const abs = cents < 0n ? -cents : cents;
    return new XlsxDecimal(`${cents < 0n ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`);
  }
}

/** A calendar day ('YYYY-MM-DD'), written as the spreadsheet's day number; shown as yyyy-mm-dd unless the row says otherwise. */
export class XlsxDate {
  readonly serial: number;
  constructor(readonly iso: string) {
    const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
    const time = match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : Number.NaN;
    if (!match || new Date(time).toISOString().slice(0, 10) !== iso) throw new RangeError(`Not a day: ${JSON.stringify(iso)}`);
    // Day 1 is 1900-01-01 and the format counts a 29 February 1900 that never was: from March 1900
    // on, the day number is the days since 1899-12-30.
    if (iso < '1900-03-01') throw new RangeError(`Days before 1900-03-01 are not written: ${iso}`);
    this.serial = (time - Date.UTC(1899, 11, 30)) / 86_400_000;
  }
}

export type XlsxValue = string | bigint | number | XlsxDecimal | XlsxDate | null | undefined;

export interface XlsxFont {
  bold?: boolean;
  italic?: boolean;
  /** Points (11 when not given). */
  size?: number;
  /** ARGB, e.g. 'FF1F5135'. */
  color?: string;
}

export interface XlsxRowStyle {
  /** The row's font, also for its empty cells. */
  font?: XlsxFont;
  /** A solid fill (ARGB), also for its empty cells. */
  fill?: string;
  /** Number formats by column (0-based), e.g. ['yyyy-mm-dd', undefined, '#,##0']. */
  numFmts?: readonly (string | undefined)[];
}

export interface XlsxOptions {
  sheetName: string;
  /** Column widths in characters, from column A. */
  columnWidths?: readonly number[];
  creator: string;
  /** The document's created and modified time, and the zip entries' time. */
  created: Date;
}

export interface XlsxStream {
  /** The .xlsx bytes, as they are written. */
  readonly stream: Readable;
  /** Writes the next row; an empty array leaves an empty row. */
  row(values: readonly XlsxValue[], style?: XlsxRowStyle): void;
  /** Resolves once the reader has taken what is buffered (or is gone). */
  whenRead(): Promise<void>;
  /** Ends the sheet and the file; resolves once the last bytes are handed to the reader (or it is gone). */
  end(): Promise<void>;
  /** Drops a file that will not be finished (no-op after `end`). */
  cancel(): void;
}

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const MAX_ROWS = 1_048_576;
const MAX_COLUMNS = 16_384;
const MAX_TEXT = 32_767;
const CHUNK = 64 * 1024;

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const hex4 = (code: number) => code.toString(16).toUpperCase().padStart(4, '0');

/**
 * Text as a cell holds it: cut to the 32,767 characters a cell takes, characters XML cannot carry
 * (control characters, U+FFFE, U+FFFF) written as the format's `_xHHHH_` escapes, a literal
 * `_xHHHH_` escaped so it reads back as typed, unpaired surrogates replaced, then XML-escaped.
 */
export function xlsxText(value: string): string {
  return escapeXml(
    value
      .slice(0, MAX_TEXT)
      .replace(/_(x[0-9A-Fa-f]{4}_)/g, '_x005F_$1')
      .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD')
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, (c) => `_x${hex4(c.charCodeAt(0))}_`),
  );
}

function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** Built-in number formats the file need not define. */
const BUILT_IN_FORMATS: Readonly<Record<string, number>> = { General: 0, '0': 1, '0.00': 2, '#,##0': 3, '#,##0.00': 4, '0%': 9, '0.00%': 10 };

/** The fonts, fills, number formats and cell formats used so far, each numbered once. */
class Styles {
  private readonly fonts = new Map<string, number>([['', 0]]);
  private readonly fills = new Map<string, number>([
    ['none', 0],
    ['gray125', 1],
  ]);
  private readonly numFmts = new Map<string, number>();
  private readonly xfs = new Map<string, number>([['0|0|0', 0]]);
  private readonly seen = new Map<string, number>();

  /** The cell format of this font, fill and number format (0: the default). */
  index(font: XlsxFont | undefined, fill: string | undefined, numFmt: string | undefined): number {
    const key = `${font?.bold ?? ''}|${font?.italic ?? ''}|${font?.size ?? ''}|${font?.color ?? ''}|${fill ?? ''}|${numFmt ?? ''}`;
    let index = this.seen.get(key);
    if (index === undefined) this.seen.set(key, (index = this.add(font, fill, numFmt)));
    return index;
  }

  private add(font: XlsxFont | undefined, fill: string | undefined, numFmt: string | undefined): number {
    const fontId = font && (font.bold || font.italic || font.size || font.color) ? this.id(this.fonts, fontXml(font)) : 0;
    const fillId = fill ? this.id(this.fills, checkedArgb(fill)) : 0;
    const numFmtId = numFmt === undefined ? 0 : (BUILT_IN_FORMATS[numFmt] ?? 164 + this.id(this.numFmts, numFmt));
    return this.id(this.xfs, `${numFmtId}|${fontId}|${fillId}`);
  }

  private id(map: Map<string, number>, key: string): number {
    let id = map.get(key);
    if (id === undefined) map.set(key, (id = map.size));
    return id;
  }

  xml(): string {
    const numFmts = [...this.numFmts.keys()].map((code, i) => `<numFmt numFmtId="${164 + i}" formatCode="${escapeXml(code)}"/>`);
    const fonts = [...this.fonts.keys()].map((key) => key || fontXml({}));
    const fills = [...this.fills.keys()].map((key, i) =>
      i < 2 ? `<fill><patternFill patternType="${key}"/></fill>` : `<fill><patternFill patternType="solid"><fgColor rgb="${key}"/><bgColor indexed="64"/></patternFill></fill>`,
    );
    const xfs = [...this.xfs.keys()].map((key) => {
      const [numFmtId, fontId, fillId] = key.split('|');
      const applied = `${numFmtId !== '0' ? ' applyNumberFormat="1"' : ''}${fontId !== '0' ? ' applyFont="1"' : ''}${fillId !== '0' ? ' applyFill="1"' : ''}`;
      return `<xf numFmtId="${numFmtId}" fontId="${fontId}" fillId="${fillId}" borderId="0" xfId="0"${applied}/>`;
    });
    return (
      `${XML_HEAD}<styleSheet xmlns="${MAIN}">` +
      (numFmts.length ? `<numFmts count="${numFmts.length}">${numFmts.join('')}</numFmts>` : '') +
      `<fonts count="${fonts.length}">${fonts.join('')}</fonts><fills count="${fills.length}">${fills.join('')}</fills>` +
      '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
      '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
      `<cellXfs count="${xfs.length}">${xfs.join('')}</cellXfs>` +
      '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>'
    );
  }
}

function checkedArgb(color: string): string {
  if (!/^[0-9A-Fa-f]{8}$/.test(color)) throw new RangeError(`Not an ARGB colour: ${JSON.stringify(color)}`);
  return color.toUpperCase();
}

function fontXml(font: XlsxFont): string {
  const size = font.size ?? 11;
  if (!(size > 0 && size <= 409)) throw new RangeError(`Not a font size: ${size}`);
  return `<font>${font.bold ? '<b/>' : ''}${font.italic ? '<i/>' : ''}<sz val="${size}"/>${font.color ? `<color rgb="${checkedArgb(font.color)}"/>` : ''}<name val="Calibri"/><family val="2"/></font>`;
}

function cellXml(ref: string, style: number, value: XlsxValue): string {
  const s = style ? ` s="${style}"` : '';
  if (value === null || value === undefined) return `<c r="${ref}"${s}/>`;
  if (typeof value === 'string') {
    const space = /^\s|\s$|\s\s|[\t\n\r]/.test(value) ? ' xml:space="preserve"' : '';
    return `<c r="${ref}"${s} t="inlineStr"><is><t${space}>${xlsxText(value)}</t></is></c>`;
  }
  let number: string;
  if (typeof value === 'bigint') number = value.toString();
  else if (value instanceof XlsxDecimal) number = value.text;
  else if (value instanceof XlsxDate) number = String(value.serial);
  else if (Number.isFinite(value)) number = String(value);
  else throw new RangeError(`Not a finite number: ${value}`);
  return `<c r="${ref}"${s}><v>${number}</v></c>`;
}

function sheetHead(options: XlsxOptions): string {
  const widths = options.columnWidths ?? [];
  const cols = widths.length ? `<cols>${widths.map((width, i) => `<col min="${i + 1}" max="${i + 1}" width="${width}" customWidth="1"/>`).join('')}</cols>` : '';
  return `${XML_HEAD}<worksheet xmlns="${MAIN}" xmlns:r="${REL}"><sheetViews><sheetView workbookViewId="0"/></sheetViews><sheetFormatPr defaultRowHeight="15"/>${cols}<sheetData>`;
}

const SHEET_TAIL = '</sheetData><pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/></worksheet>';

/** The parts around the worksheet: content types, relationships, the workbook and its properties. */
function packageParts(options: XlsxOptions): [string, string][] {
  const when = options.created.toISOString().replace(/\.\d{3}Z$/, 'Z');
  const name = escapeXml(options.sheetName);
  return [
    [
      '[Content_Types].xml',
      `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>` +
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
        '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
        '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
        '<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>' +
        '<Override PartName="/docProps/app.xml" ContentType="application/vnd.openxmlformats-officedocument.extended-properties+xml"/></Types>',
    ],
    [
      '_rels/.rels',
      `${XML_HEAD}<Relationships xmlns="${PKG_REL}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/>` +
        '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/>' +
        `<Relationship Id="rId3" Type="${REL}/extended-properties" Target="docProps/app.xml"/></Relationships>`,
    ],
    [
      'docProps/core.xml',
      `${XML_HEAD}<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">` +
        `<dc:creator>${escapeXml(options.creator)}</dc:creator><dcterms:created xsi:type="dcterms:W3CDTF">${when}</dcterms:created><dcterms:modified xsi:type="dcterms:W3CDTF">${when}</dcterms:modified></cp:coreProperties>`,
    ],
    [
      'docProps/app.xml',
      `${XML_HEAD}<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties"><Application>${escapeXml(options.creator)}</Application></Properties>`,
    ],
    ['xl/workbook.xml', `${XML_HEAD}<workbook xmlns="${MAIN}" xmlns:r="${REL}"><bookViews><workbookView/></bookViews><sheets><sheet name="${name}" sheetId="1" r:id="rId1"/></sheets></workbook>`],
    [
      'xl/_rels/workbook.xml.rels',
      `${XML_HEAD}<Relationships xmlns="${PKG_REL}"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${REL}/styles" Target="styles.xml"/></Relationships>`,
    ],
  ];
}

export function xlsxStream(options: XlsxOptions): XlsxStream {
  if (!/^[^\\/?*[\]:]{1,31}$/.test(options.sheetName) || options.sheetName.startsWith("'")) throw new RangeError(`Not a sheet name: ${JSON.stringify(options.sheetName)}`);
  const zip = new ZipFile();
  const out = zip.outputStream as PassThrough;
  zip.on('error', (error: Error) => out.destroy(error));
  const entry = { mtime: options.created };
  for (const [path, xml] of packageParts(options)) zip.addBuffer(Buffer.from(xml, 'utf8'), path, entry);
  // The worksheet: rows gathered into chunks of about 64 KB, deflated as the reader takes them.
  const sheet = new PassThrough({ highWaterMark: CHUNK });
  zip.addReadStream(sheet, 'xl/worksheets/sheet1.xml', entry);
  const styles = new Styles();
  let pending = sheetHead(options);
  let rowNumber = 0;
  let ended = false;
  const gone = () => out.destroyed || sheet.destroyed;
  const flush = () => {
    if (pending && !gone()) sheet.write(pending);
    pending = '';
  };
  // A reader gone before the end: what is still buffered for it is dropped.
  out.once('close', () => sheet.destroy());

  return {
    stream: out,
    row(values, style = {}) {
      if (ended) throw new Error('The sheet is ended');
      rowNumber += 1;
      if (rowNumber > MAX_ROWS) throw new RangeError(`A sheet holds at most ${MAX_ROWS} rows`);
      if (values.length > MAX_COLUMNS) throw new RangeError(`A sheet holds at most ${MAX_COLUMNS} columns`);
      const rowStyle = style.font || style.fill ? styles.index(style.font, style.fill, undefined) : 0;
      let cells = '';
      values.forEach((value, i) => {
        const numFmt = style.numFmts?.[i] ?? (value instanceof XlsxDate ? 'yyyy-mm-dd' : undefined);
        const cellStyle = numFmt === undefined ? rowStyle : styles.index(style.font, style.fill, numFmt);
        if ((value === null || value === undefined) && cellStyle === 0) return;
        cells += cellXml(`${columnName(i)}${rowNumber}`, cellStyle, value);
      });
      if (!cells && !rowStyle) return;
      pending += `<row r="${rowNumber}"${rowStyle ? ` s="${rowStyle}" customFormat="1"` : ''}>${cells}</row>`;
      if (pending.length >= CHUNK) flush();
    },
    async whenRead() {
      flush();
      // Lets other work run between batches even when the reader keeps up.
      await new Promise((resolve) => setImmediate(resolve));
      while (sheet.writableNeedDrain && !gone()) {
        await new Promise<void>((resolve) => {
          const done = () => {
            sheet.off('drain', done);
            sheet.off('close', done);
            out.off('close', done);
            resolve();
          };
          sheet.on('drain', done);
          sheet.on('close', done);
          out.on('close', done);
        });
      }
    },
    async end() {
      if (ended) return;
      ended = true;
      pending += SHEET_TAIL;
      flush();
      sheet.end();
      zip.addBuffer(Buffer.from(styles.xml(), 'utf8'), 'xl/styles.xml', entry);
      zip.end();
      if (out.writableFinished || out.destroyed) return;
      await new Promise<void>((resolve, reject) => {
        out.once('finish', resolve);
        out.once('close', resolve);
        out.once('error', reject);
      });
    },
    cancel() {
      if (ended) return;
      ended = true;
      sheet.destroy();
      out.destroy();
    },
  };
}
