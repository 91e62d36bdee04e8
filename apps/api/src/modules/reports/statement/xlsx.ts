import { CURRENCY_SYMBOLS, type Currency } from '@landunits/domain';
import { XLSX_CONTENT_TYPE, XlsxDate, XlsxDecimal, xlsxStream, type XlsxFont } from '../../../platform/files/xlsx';
import { CSV_COLUMNS } from './csv';
import { unitTypeTitle, type StatementLine } from './lines';
import type { StatementPlan } from './plan';
import { BALANCE_NOTE, type StatementWriter } from './writer';

const UNITS = '#,##0';
const PRICE = '0.000000';
const DATE = 'yyyy-mm-dd';
const moneyFormat = (currency: Currency) => {
  const symbol = `"${CURRENCY_SYMBOLS[currency]}"`;
  return `${symbol}#,##0.00;-${symbol}#,##0.00`;
};
const BOLD: XlsxFont = { bold: true };
const MUTED = 'FF4D5952';

/**
 * The XLSX: the platform's streaming writer (rows written as they come, the zip streamed out), one
 * sheet with who, the period and the totals per unit type at the top, then one row per line with
 * the same columns as the CSV. Numbers are numbers with number formats (Units whole, prices with 6
 * places, money exact from integer cents in its currency); dates are dates.
 */
export function xlsxStatementWriter(plan: StatementPlan): StatementWriter {
  const sheet = xlsxStream({
    sheetName: 'Statement',
    columnWidths: [12, 13, 10, 30, 26, 11, 26, 15, 15, 18, 16],
    creator: 'Land Units',
    created: plan.generatedAt,
  });
  return {
    stream: sheet.stream,
    contentType: XLSX_CONTENT_TYPE,
    start(p) {
      sheet.row(['Land Units: transaction statement'], { font: { bold: true, size: 14, color: 'FF1F5135' } });
      sheet.row(['Name', p.person.name]);
      sheet.row(['Email', p.person.email]);
      sheet.row(['Period', `${p.fromDate} to ${p.toDate}`]);
      sheet.row(['Unit types', p.unitType === 'all' ? 'All unit types' : unitTypeTitle(p.unitType)]);
      sheet.row(['Generated', `${p.generatedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`]);
      sheet.row([]);
      sheet.row(['Summary'], { font: BOLD });
      sheet.row(['Unit type', 'Currency', 'Opening balance', 'Received', 'Sent', 'Closing balance', `Price on ${p.toDate}`, `Value on ${p.toDate}`], { font: BOLD });
      if (p.summaries.length === 0) sheet.row(['You held no Units and made no transactions in this period.']);
      for (const s of p.summaries) {
        sheet.row([s.unitType, s.currency, s.opening, s.received, s.sent, s.closing, new XlsxDecimal(s.price), XlsxDecimal.ofCents(s.valueCents)], {
          numFmts: [undefined, undefined, UNITS, UNITS, UNITS, UNITS, PRICE, moneyFormat(s.currency)],
        });
      }
      sheet.row([]);
      sheet.row([BALANCE_NOTE], { font: { italic: true, color: MUTED } });
      sheet.row([]);
      sheet.row([...CSV_COLUMNS], { font: BOLD, fill: 'FFE8DCC4' });
    },
    write(line: StatementLine) {
      sheet.row(
        [
          new XlsxDate(line.date),
          line.unitType,
          line.currency,
          line.orderId || null,
          line.type,
          line.direction || null,
          line.counterparty || null,
          line.units,
          line.price === null ? null : new XlsxDecimal(line.price),
          line.amountCents === null ? null : XlsxDecimal.ofCents(line.amountCents),
          line.balance,
        ],
        {
          font: line.kind === 'opening' || line.kind === 'closing' ? BOLD : line.kind === 'fee' || line.kind === 'none' ? { color: MUTED } : undefined,
          numFmts: [DATE, undefined, undefined, undefined, undefined, undefined, undefined, UNITS, PRICE, moneyFormat(line.currency), UNITS],
        },
      );
    },
    whenRead: () => sheet.whenRead(),
    end: () => sheet.end(),
    cancel: async () => sheet.cancel(),
  };
}
