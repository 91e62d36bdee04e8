import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';

/**
 * The one way the product draws a PDF for a person (statements, invoices, certificates): A4,
 * branded, a page number on every page, written page by page as it goes (no `bufferPages`, so a
 * 10,000-line statement never holds more than the page being drawn), in DejaVu Sans embedded as a
 * subset, so names in any Latin, Greek or Cyrillic script print as typed.
 *
 * Drawing is synchronous; the document is a Readable stream the caller pipes to the response
 * (`sendPdf`) and, for long documents, paces with `whenRead` between batches of rows.
 */

const require = createRequire(import.meta.url);
const fontFile = (name: string) => readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${name}`));
let fonts: { regular: Buffer; bold: Buffer; condensed: Buffer; condensedBold: Buffer } | undefined;
function loadFonts() {
  fonts ??= {
    regular: fontFile('DejaVuSans.ttf'),
    bold: fontFile('DejaVuSans-Bold.ttf'),
    condensed: fontFile('DejaVuSansCondensed.ttf'),
    condensedBold: fontFile('DejaVuSansCondensed-Bold.ttf'),
  };
  return fonts;
}

export const PDF_COLOURS = {
  brand: '#1f5135',
  brandMid: '#2a6a47',
  brandLight: '#cfe3c4',
  sand: '#e8dcc4',
  sandLight: '#f5f0e5',
  ink: '#1b231e',
  muted: '#4d5952',
  grid: '#dccfb3',
} as const;

export type PdfFont = 'regular' | 'bold' | 'condensed' | 'condensedBold';
const FONT_NAME: Record<PdfFont, string> = { regular: 'Body', bold: 'Bold', condensed: 'Narrow', condensedBold: 'NarrowBold' };

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = { left: 48, right: 48, top: 84, bottom: 64 };

export interface PdfOptions {
  /** The document's title: in the header of every page and in the file's metadata. */
  title: string;
  /** Printed at the foot of every page beside the page number (e.g. the company's registered name). */
  footer?: string;
  /** The creation date written into the file (pass the clock's now: the same input gives the same bytes). */
  createdAt: Date;
  landscape?: boolean;
}

export interface PdfColumn {
  title: string;
  /** A share of the content width (the widths of a table's columns are scaled to fill it). */
  width: number;
  align?: 'left' | 'right';
}

export interface PdfRowStyle {
  bold?: boolean;
  /** A light band behind the row (totals, opening and closing balances). */
  shade?: boolean;
  /** Muted text (fee lines, notes). */
  muted?: boolean;
}

export class PdfDocument {
  readonly doc: PDFKit.PDFDocument;
  readonly left = MARGIN.left;
  readonly width: number;
  private page = 0;

  constructor(private readonly options: PdfOptions) {
    const f = loadFonts();
    this.doc = new PDFDocument({
      size: 'A4',
      layout: options.landscape ? 'landscape' : 'portrait',
      margins: MARGIN,
      autoFirstPage: false,
      compress: true,
      info: { Title: options.title, Author: 'Land Units', Creator: 'Land Units', Producer: 'Land Units', CreationDate: options.createdAt, ModDate: options.createdAt },
      lang: 'en-GB',
      displayTitle: true,
    });
    this.doc.registerFont(FONT_NAME.regular, f.regular);
    this.doc.registerFont(FONT_NAME.bold, f.bold);
    this.doc.registerFont(FONT_NAME.condensed, f.condensed);
    this.doc.registerFont(FONT_NAME.condensedBold, f.condensedBold);
    const pageWidth = options.landscape ? A4.height : A4.width;
    this.width = pageWidth - MARGIN.left - MARGIN.right;
    this.doc.on('pageAdded', () => this.decoratePage());
    this.doc.addPage();
  }

  /** The number of the page being drawn (1-based). */
  get pageNumber(): number {
    return this.page;
  }

  get y(): number {
    return this.doc.y;
  }

  set y(value: number) {
    this.doc.y = value;
  }

  private get bottom(): number {
    return this.doc.page.height - MARGIN.bottom;
  }

  font(font: PdfFont, size: number, colour: string = PDF_COLOURS.ink): this {
    this.doc.font(FONT_NAME[font]).fontSize(size).fillColor(colour);
    return this;
  }

  /** Starts a new page when fewer than `height` points are left on this one. */
  ensureSpace(height: number): void {
    if (this.doc.y + height > this.bottom) this.doc.addPage();
  }

  heading(text: string, size = 14): void {
    this.ensureSpace(size * 3);
    this.doc.moveDown(0.6);
    this.font('bold', size, PDF_COLOURS.brand).doc.text(text, this.left, this.doc.y, { width: this.width });
    this.doc.moveDown(0.3);
  }

  paragraph(text: string, options: { size?: number; muted?: boolean } = {}): void {
    const size = options.size ?? 9.5;
    this.font('regular', size, options.muted ? PDF_COLOURS.muted : PDF_COLOURS.ink);
    this.ensureSpace(this.doc.heightOfString(text, { width: this.width, lineGap: 2 }) + 4);
    this.doc.text(text, this.left, this.doc.y, { width: this.width, lineGap: 2 });
    this.doc.moveDown(0.4);
  }

  /** Label and value pairs in two columns (labels muted), values wrapping within their column. */
  keyValues(pairs: readonly (readonly [string, string])[], options: { labelWidth?: number; x?: number; width?: number } = {}): void {
    const x = options.x ?? this.left;
    const width = options.width ?? this.width;
    const labelWidth = options.labelWidth ?? Math.min(160, width * 0.4);
    for (const [label, value] of pairs) {
      this.font('regular', 9.5);
      const height = Math.max(this.doc.heightOfString(value || ' ', { width: width - labelWidth }), 12) + 3;
      this.ensureSpace(height);
      const y = this.doc.y;
      this.font('regular', 9, PDF_COLOURS.muted).doc.text(label, x, y, { width: labelWidth - 8, lineBreak: false, ellipsis: true, height: 12 });
      this.font('regular', 9.5).doc.text(value, x + labelWidth, y, { width: width - labelWidth });
      this.doc.y = Math.max(this.doc.y, y + height);
    }
    this.doc.x = this.left;
  }

  /** Writes `text` on one line within `width`: smaller down to `minSize`, then cut with an ellipsis. */
  fitText(text: string, x: number, y: number, width: number, options: { font?: PdfFont; size?: number; minSize?: number; align?: 'left' | 'right' | 'center'; colour?: string } = {}): void {
    const font = options.font ?? 'regular';
    let size = options.size ?? 9;
    const minSize = options.minSize ?? Math.max(6, size - 2.5);
    this.font(font, size, options.colour);
    let measured = this.doc.widthOfString(text);
    while (size > minSize && measured > width) {
      size = Math.max(minSize, size - 0.5);
      this.doc.fontSize(size);
      measured = this.doc.widthOfString(text);
    }
    let shown = text;
    if (measured > width) {
      while (shown.length > 1 && this.doc.widthOfString(`${shown}…`) > width) shown = shown.slice(0, -1);
      shown = `${shown.trimEnd()}…`;
      measured = this.doc.widthOfString(shown);
    }
    // Placed by hand from the one measurement: text with a width goes through pdfkit's line
    // wrapper, which measures every word again (most of a long statement's drawing time).
    const align = options.align ?? 'left';
    const offset = align === 'right' ? width - measured : align === 'center' ? (width - measured) / 2 : 0;
    this.doc.text(shown, x + Math.max(0, offset), y, { lineBreak: false });
  }

  /**
   * A table drawn row by row: the header repeats at the top of every page the table runs onto.
   * Cells stay on one line (long text shrinks, then ends with an ellipsis), so a row is always
   * `rowHeight` high and the page count follows from the row count.
   */
  table(columns: readonly PdfColumn[], options: { rowHeight?: number; size?: number } = {}): PdfTable {
    return new PdfTable(this, columns, options.rowHeight ?? 16, options.size ?? 8);
  }

  /** Ends the document: the stream ends once the reader has taken the last bytes. */
  end(): void {
    this.doc.end();
  }

  /**
   * Resolves once the reader has taken what is buffered (below `limit` bytes): call between batches
   * so a slow download holds back the database reads instead of filling memory.
   */
  async whenRead(limit = 256 * 1024): Promise<void> {
    const stream = this.doc as unknown as NodeJS.ReadableStream & { readableLength: number; destroyed: boolean };
    while (stream.readableLength > limit && !stream.destroyed) {
      await new Promise<void>((resolve) => {
        const done = () => {
          stream.off('data', done);
          stream.off('close', done);
          resolve();
        };
        stream.on('data', done);
        stream.on('close', done);
      });
    }
  }

  /**
   * pdfkit keeps the glyph layout of every distinct word for the life of the document: on a
   * 10,000-line statement (order ids and balances: nearly every word new) that grew past 100 MB.
   * Dropping it with each page keeps what repeats on a page fast and the memory to one page's words.
   */
  private forgetWordLayouts(): void {
    const families = (this.doc as unknown as { _fontFamilies?: Record<string, { layoutCache?: Record<string, unknown> }> })._fontFamilies ?? {};
    for (const font of Object.values(families)) if (font.layoutCache) font.layoutCache = Object.create(null) as Record<string, unknown>;
  }

  private decoratePage(): void {
    this.forgetWordLayouts();
    this.page += 1;
    const { doc } = this;
    const pageWidth = doc.page.width;
    const pageHeight = doc.page.height;
    const bottomMargin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0; // the footer sits inside the bottom margin
    doc.save();
    doc.rect(0, 0, pageWidth, 6).fill(PDF_COLOURS.brand);
    doc.restore();
    this.font('bold', 15, PDF_COLOURS.brand);
    doc.text('Land Units', this.left, 30, { lineBreak: false });
    this.fitText(this.options.title, this.left + 140, 34, this.width - 140, { font: 'regular', size: 10, align: 'right', colour: PDF_COLOURS.muted });
    doc
      .moveTo(this.left, 58)
      .lineTo(this.left + this.width, 58)
      .lineWidth(0.75)
      .strokeColor(PDF_COLOURS.grid)
      .stroke();
    const footerY = pageHeight - 44;
    doc
      .moveTo(this.left, footerY - 8)
      .lineTo(this.left + this.width, footerY - 8)
      .lineWidth(0.5)
      .strokeColor(PDF_COLOURS.grid)
      .stroke();
    if (this.options.footer) this.fitText(this.options.footer, this.left, footerY, this.width - 90, { size: 7.5, minSize: 6, colour: PDF_COLOURS.muted });
    this.fitText(`Page ${this.page}`, this.left + this.width - 80, footerY, 80, { size: 8, align: 'right', colour: PDF_COLOURS.muted });
    doc.page.margins.bottom = bottomMargin;
    doc.x = this.left;
    doc.y = MARGIN.top;
  }
}

export class PdfTable {
  private readonly widths: number[];

  constructor(
    private readonly pdf: PdfDocument,
    private readonly columns: readonly PdfColumn[],
    private readonly rowHeight: number,
    private readonly size: number,
  ) {
    const total = columns.reduce((sum, c) => sum + c.width, 0);
    this.widths = columns.map((c) => (c.width / total) * pdf.width);
    pdf.ensureSpace(rowHeight * 3);
    this.header();
  }

  private header(): void {
    const { doc } = this.pdf;
    const y = doc.y;
    doc
      .save()
      .rect(this.pdf.left, y, this.pdf.width, this.rowHeight + 2)
      .fill(PDF_COLOURS.sand)
      .restore();
    this.cells(
      this.columns.map((c) => c.title),
      y + 1,
      { bold: true },
    );
    doc.y = y + this.rowHeight + 2;
  }

  private cells(values: readonly string[], y: number, style: PdfRowStyle): void {
    let x = this.pdf.left;
    this.columns.forEach((column, i) => {
      const width = this.widths[i] ?? 0;
      this.pdf.fitText(values[i] ?? '', x + 4, y + (this.rowHeight - this.size) / 2 - 1, width - 8, {
        font: style.bold ? 'condensedBold' : 'condensed',
        size: this.size,
        minSize: Math.max(5.5, this.size - 1),
        align: column.align ?? 'left',
        colour: style.muted ? PDF_COLOURS.muted : PDF_COLOURS.ink,
      });
      x += width;
    });
  }

  row(values: readonly string[], style: PdfRowStyle = {}): void {
    this.line(style, (y) => this.cells(values, y, style));
  }

  /** A row whose text runs across the whole table (e.g. "No transactions in this period"). */
  note(text: string, style: PdfRowStyle = {}): void {
    this.line(style, (y) =>
      this.pdf.fitText(text, this.pdf.left + 4, y + (this.rowHeight - this.size) / 2 - 1, this.pdf.width - 8, {
        font: style.bold ? 'condensedBold' : 'condensed',
        size: this.size,
        colour: style.muted ? PDF_COLOURS.muted : PDF_COLOURS.ink,
      }),
    );
  }

  private line(style: PdfRowStyle, draw: (y: number) => void): void {
    const { doc } = this.pdf;
    if (doc.y + this.rowHeight > doc.page.height - doc.page.margins.bottom) {
      doc.addPage();
      this.header();
    }
    const y = doc.y;
    if (style.shade) doc.save().rect(this.pdf.left, y, this.pdf.width, this.rowHeight).fill(PDF_COLOURS.sandLight).restore();
    draw(y);
    doc
      .moveTo(this.pdf.left, y + this.rowHeight)
      .lineTo(this.pdf.left + this.pdf.width, y + this.rowHeight)
      .lineWidth(0.25)
      .strokeColor(PDF_COLOURS.grid)
      .stroke();
    doc.y = y + this.rowHeight;
    doc.x = this.pdf.left;
  }
}

export function createPdf(options: PdfOptions): PdfDocument {
  return new PdfDocument(options);
}
