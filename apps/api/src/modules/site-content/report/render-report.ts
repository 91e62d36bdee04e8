import {
  formatDate,
  formatMoney,
  formatPrice,
  IMPACT_METRIC_KEYS,
  IMPACT_METRIC_LABELS,
  microsToPrice,
  priceToMicros,
  roundDecimal,
  type Currency,
  type Price,
  type SiteStatistics,
} from '@landunits/domain';
import PDFDocument from 'pdfkit';

/**
 * The 2025 report as a PDF, drawn with pdfkit's built-in Helvetica (no font files) and vector
 * graphics. Pure: the same figures give the same bytes (the creation date is the figures' day,
 * so the file id derived from it is stable too), which keeps the ETag stable across instances.
 */

export const REPORT_TITLE = 'Land Units 2025 report';

export const REPORT_STATEMENTS = [
  'Money from the sale of Units is used to buy sustainably managed land.',
  'A Unit is not ownership of land: it does not give you title to, or a share in, any land.',
  'Nothing in this report is investment advice. Read the terms and conditions before you buy.',
] as const;

export interface ReportFigures {
  statistics: SiteStatistics;
  /** The Unit price per currency on 1 January of each year the report compares (2025, 2026). */
  newYearPrices: { year: number; prices: Record<Currency, Price> }[];
}

const CURRENCIES: readonly Currency[] = ['GBP', 'USD', 'EUR', 'AUD'];
const CURRENCY_NAMES: Record<Currency, string> = {
  GBP: 'Pound sterling (GBP)',
  USD: 'US dollar (USD)',
  EUR: 'Euro (EUR)',
  AUD: 'Australian dollar (AUD)',
};

const GREEN = '#1f5135';
const GREEN_MID = '#2a6a47';
const GREEN_LIGHT = '#cfe3c4';
const SAND = '#e8dcc4';
const SAND_LIGHT = '#f5f0e5';
const INK = '#1b231e';
const MUTED = '#4d5952';
const GRID = '#dccfb3';

const PAGE = { width: 595.28, height: 841.89, margin: 56 };
const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;

type Doc = PDFKit.PDFDocument;

function heading(doc: Doc, text: string): void {
  doc.moveDown(0.8).font('Helvetica-Bold').fontSize(15).fillColor(GREEN).text(text, PAGE.margin, doc.y, { width: CONTENT_WIDTH });
  doc.moveDown(0.3);
}

function paragraph(doc: Doc, text: string): void {
  doc.font('Helvetica').fontSize(10.5).fillColor(INK).text(text, PAGE.margin, doc.y, { width: CONTENT_WIDTH, lineGap: 2 });
  doc.moveDown(0.4);
}

interface Column {
  title: string;
  width: number;
  align: 'left' | 'right';
}

/** A plain table: a sand header row, then rows on alternating light backgrounds. */
function table(doc: Doc, columns: Column[], rows: string[][]): void {
  const rowHeight = 20;
  let y = doc.y + 4;
  const drawRow = (cells: string[], header: boolean, index: number) => {
    if (header || index % 2 === 1) doc.rect(PAGE.margin, y, CONTENT_WIDTH, rowHeight).fill(header ? SAND : SAND_LIGHT);
    let x = PAGE.margin;
    doc
      .font(header ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(10)
      .fillColor(INK);
    columns.forEach((column, i) => {
      doc.text(cells[i] ?? '', x + 8, y + 6, { width: column.width - 16, align: column.align, lineBreak: false });
      x += column.width;
    });
    y += rowHeight;
  };
  drawRow(
    columns.map((c) => c.title),
    true,
    0,
  );
  rows.forEach((cells, index) => drawRow(cells, false, index));
  doc
    .moveTo(PAGE.margin, y)
    .lineTo(PAGE.margin + CONTENT_WIDTH, y)
    .lineWidth(0.75)
    .strokeColor(GRID)
    .stroke();
  doc.x = PAGE.margin;
  doc.y = y + 8;
}

/** '1.242297' → '1.24', for axis and bar labels (exact rounding on the digits). */
const twoPlaces = (price: Price) => roundDecimal(price, 2);

/**
 * Bars of the GBP Unit price on 1 January of each year, with a labelled value axis. Heights are
 * drawing coordinates only: the price strings are read into integer micro-units for the scale.
 */
function priceChart(doc: Doc, statistics: SiteStatistics, top: number, height: number): void {
  const years = statistics.growthByYear;
  const left = PAGE.margin + 44;
  const width = CONTENT_WIDTH - 44;
  const plotTop = top + 26;
  const plotHeight = height - 26 - 34;
  const base = plotTop + plotHeight;

  doc.font('Helvetica-Bold').fontSize(11).fillColor(INK).text('Price of one Unit on 1 January (GBP)', PAGE.margin, top, { width: CONTENT_WIDTH, lineBreak: false });

  const micros = years.map((entry) => priceToMicros(entry.prices.GBP));
  const highest = micros.reduce((a, b) => (b > a ? b : a), 0n);
  // Steps of 0.50 up to 5, above that whole units keeping at most about ten steps; the axis ends at
  // the first step at or above the highest bar.
  const step = highest <= 5_000_000n ? 500_000n : 1_000_000n * (1n + highest / 10_000_000n);
  const axisTop = highest === 0n ? step : ((highest + step - 1n) / step) * step;
  const yOf = (value: bigint) => base - (Number(value) / Number(axisTop)) * plotHeight;

  doc.lineWidth(0.5).strokeColor(GRID);
  doc.font('Helvetica').fontSize(8).fillColor(MUTED);
  for (let tick = 0n; tick <= axisTop; tick += step) {
    const y = yOf(tick);
    doc
      .moveTo(left, y)
      .lineTo(left + width, y)
      .stroke();
    doc.text(`£${twoPlaces(microsToPrice(tick))}`, PAGE.margin, y - 4, { width: 38, align: 'right', lineBreak: false });
  }

  const slot = width / years.length;
  const barWidth = Math.min(30, slot * 0.62);
  years.forEach((entry, i) => {
    const value = micros[i] ?? 0n;
    const x = left + slot * i + (slot - barWidth) / 2;
    const y = yOf(value);
    doc.rect(x, y, barWidth, base - y).fill(GREEN);
    doc
      .font('Helvetica')
      .fontSize(7.5)
      .fillColor(INK)
      .text(twoPlaces(entry.prices.GBP), x - 6, y - 11, { width: barWidth + 12, align: 'center', lineBreak: false });
    doc
      .fontSize(8)
      .fillColor(MUTED)
      .text(String(entry.year), x - 8, base + 6, { width: barWidth + 16, align: 'center', lineBreak: false });
  });
  doc
    .moveTo(left, base)
    .lineTo(left + width, base)
    .lineWidth(1)
    .strokeColor(INK)
    .stroke();
  doc
    .font('Helvetica')
    .fontSize(8)
    .fillColor(MUTED)
    .text('Year (price on 1 January, 00:00 UTC)', left, base + 20, { width, align: 'center', lineBreak: false });
  doc.x = PAGE.margin;
  doc.y = top + height + 6;
}

/** Horizontal bars of the impact metrics (percent), with a labelled percent axis. */
function impactChart(doc: Doc, impact: SiteStatistics['impact'], top: number): void {
  const labelWidth = 190;
  const left = PAGE.margin + labelWidth;
  const width = CONTENT_WIDTH - labelWidth - 40;
  const barHeight = 16;
  const gap = 12;
  const plotTop = top + 8;
  const plotHeight = IMPACT_METRIC_KEYS.length * (barHeight + gap);
  // The axis runs to 100 % unless a metric is larger; then to the next multiple of 100.
  const largest = Math.max(...IMPACT_METRIC_KEYS.map((key) => Number(impact[key])));
  const axisMax = largest <= 100 ? 100 : Math.ceil(largest / 100) * 100;
  const xOf = (percent: number) => left + (percent / axisMax) * width;

  doc.lineWidth(0.5).strokeColor(GRID);
  doc.font('Helvetica').fontSize(8).fillColor(MUTED);
  for (let i = 0; i <= 4; i += 1) {
    const tick = (axisMax / 4) * i;
    const x = xOf(tick);
    doc
      .moveTo(x, plotTop - 4)
      .lineTo(x, plotTop + plotHeight)
      .stroke();
    doc.text(`${tick}%`, x - 20, plotTop + plotHeight + 6, { width: 40, align: 'center', lineBreak: false });
  }

  IMPACT_METRIC_KEYS.forEach((key, i) => {
    const y = plotTop + i * (barHeight + gap) + gap / 2;
    const value = impact[key];
    doc
      .font('Helvetica')
      .fontSize(9.5)
      .fillColor(INK)
      .text(IMPACT_METRIC_LABELS[key], PAGE.margin, y + 3, { width: labelWidth - 10, lineBreak: false });
    const end = xOf(Number(value));
    doc.rect(left, y, Math.max(end - left, 0.5), barHeight).fill(GREEN_MID);
    doc
      .font('Helvetica-Bold')
      .fontSize(9)
      .fillColor(INK)
      .text(`${value}%`, end + 4, y + 4, { width: 40, lineBreak: false });
  });
  doc
    .moveTo(left, plotTop - 4)
    .lineTo(left, plotTop + plotHeight)
    .lineWidth(1)
    .strokeColor(INK)
    .stroke();
  doc.x = PAGE.margin;
  doc.y = plotTop + plotHeight + 26;
}

/**
 * Runs drawing that places everything itself: pdfkit would start a new page for text that reaches
 * the bottom margin, so the margin is lifted meanwhile (the layout keeps charts above it).
 */
function placed(doc: Doc, draw: () => void): void {
  const bottom = doc.page.margins.bottom;
  doc.page.margins.bottom = 0;
  try {
    draw();
  } finally {
    doc.page.margins.bottom = bottom;
  }
}

function footer(doc: Doc, page: number, pages: number, asOf: string): void {
  // Written inside the bottom margin.
  placed(doc, () => {
    const y = PAGE.height - 36;
    doc
      .moveTo(PAGE.margin, y - 8)
      .lineTo(PAGE.margin + CONTENT_WIDTH, y - 8)
      .lineWidth(0.5)
      .strokeColor(GRID)
      .stroke();
    doc.font('Helvetica').fontSize(8).fillColor(MUTED);
    doc.text(`${REPORT_TITLE} · figures as of ${formatDate(`${asOf}T00:00:00Z`, 'DD MMM YYYY')} · not investment advice`, PAGE.margin, y, { width: CONTENT_WIDTH - 80, lineBreak: false });
    doc.text(`Page ${page} of ${pages}`, PAGE.margin + CONTENT_WIDTH - 80, y, { width: 80, align: 'right', lineBreak: false });
  });
}

export function renderReport(figures: ReportFigures): Promise<Buffer> {
  const { statistics, newYearPrices } = figures;
  const asOfText = formatDate(`${statistics.asOf}T00:00:00Z`, 'DD MMM YYYY');
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: PAGE.margin, bottom: PAGE.margin, left: PAGE.margin, right: PAGE.margin },
    bufferPages: true,
    displayTitle: true,
    lang: 'en-GB',
    info: {
      Title: REPORT_TITLE,
      Author: 'Land Units',
      Creator: 'Land Units',
      Subject: 'Land managed, Unit prices and environmental impact',
      CreationDate: new Date(`${statistics.asOf}T00:00:00Z`),
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  // Title band
  doc.rect(0, 0, PAGE.width, 118).fill(GREEN);
  doc.rect(0, 118, PAGE.width, 6).fill(GREEN_LIGHT);
  doc.font('Helvetica-Bold').fontSize(26).fillColor('#ffffff').text(REPORT_TITLE, PAGE.margin, 40, { width: CONTENT_WIDTH, lineBreak: false });
  doc
    .font('Helvetica')
    .fontSize(11)
    .fillColor(GREEN_LIGHT)
    .text(`Land managed, Unit prices and environmental impact · figures as of ${asOfText}`, PAGE.margin, 78, { width: CONTENT_WIDTH, lineBreak: false });
  doc.x = PAGE.margin;
  doc.y = 140;
  paragraph(
    doc,
    `Land Units offers Units backed by sustainably managed land, priced in GBP, USD, EUR and AUD. ${REPORT_STATEMENTS[0]} ` +
      'This report sets out the land we manage, how the price of a Unit is set and the environmental results of our land management.',
  );

  heading(doc, 'Land managed');
  paragraph(doc, 'The value of the land under management, in each currency: the GBP value multiplied by the exchange rate, rounded to the cent.');
  table(
    doc,
    [
      { title: 'Currency', width: 200, align: 'left' },
      { title: 'Land value', width: 170, align: 'right' },
      { title: 'Rate per £1', width: CONTENT_WIDTH - 370, align: 'right' },
    ],
    CURRENCIES.map((currency) => [CURRENCY_NAMES[currency], formatMoney(statistics.landValues[currency], currency), currency === 'GBP' ? '1' : statistics.exchangeRates[currency]]),
  );
  paragraph(
    doc,
    `Maximum Units for sale: ${statistics.maxLandUnitsForSalePercent}% of the land value. The Units outstanding in a currency, at today's price, never exceed this share of the land value in that currency.`,
  );

  heading(doc, 'Unit price');
  paragraph(
    doc,
    `Growth per year: ${statistics.growthPerYearPercent}%. The price of a Unit rises every day at 00:00 UTC at a fixed rate set by Land Units, equal to ${statistics.growthPerYearPercent}% over a year.`,
  );
  table(
    doc,
    [
      { title: 'Currency', width: 200, align: 'left' },
      ...newYearPrices.map((entry) => ({ title: `1 January ${entry.year}`, width: (CONTENT_WIDTH - 200) / newYearPrices.length, align: 'right' as const })),
    ],
    CURRENCIES.map((currency) => [CURRENCY_NAMES[currency], ...newYearPrices.map((entry) => formatPrice(entry.prices[currency], currency, 6))]),
  );
  paragraph(
    doc,
    'How the price is set: P0 × (1 + growth)^(days since the price epoch / 365), rounded half-up to 6 decimal places, where P0 is the price on the epoch. ' +
      `The growth rate, the land values and the exchange rates are settings of Land Units, shown here as in force on ${asOfText}, and can change.`,
  );

  doc.addPage();
  doc.y = PAGE.margin - 12;
  heading(doc, 'Unit price growth');
  const chartTop = doc.y + 4;
  placed(doc, () => priceChart(doc, statistics, chartTop, 230));

  heading(doc, 'Environmental impact');
  paragraph(doc, 'Results measured across the land we manage, compared with the same land before we took it on. Each figure is a percentage.');
  const impactTop = doc.y + 4;
  placed(doc, () => impactChart(doc, statistics.impact, impactTop));

  heading(doc, 'Important information');
  for (const statement of REPORT_STATEMENTS) {
    const y = doc.y;
    doc.circle(PAGE.margin + 4, y + 6, 2.5).fill(GREEN);
    doc
      .font('Helvetica')
      .fontSize(10.5)
      .fillColor(INK)
      .text(statement, PAGE.margin + 14, y, { width: CONTENT_WIDTH - 14, lineGap: 2 });
    doc.moveDown(0.4);
  }
  doc.x = PAGE.margin;

  const range = doc.bufferedPageRange();
  for (let i = 0; i < range.count; i += 1) {
    doc.switchToPage(range.start + i);
    footer(doc, i + 1, range.count, statistics.asOf);
  }
  doc.end();
  return done;
}
