import { PassThrough } from 'node:stream';
import { CURRENCY_SYMBOLS, type Currency } from '@landunits/domain';
import ExcelJS from 'exceljs';
import { unitTypeTitle, type StatementLine } from './lines';
import type { StatementPlan } from './plan';
import { CSV_COLUMNS } from './csv';
import { BALANCE_NOTE, type StatementWriter } from './writer';

const UNITS = '#,##0';
const PRICE = '0.000000';
const moneyFormat = (currency: Currency) => {
  const symbol = `"${CURRENCY_SYMBOLS[currency]}"`;
  return `${symbol}#,##0.00;-${symbol}#,##0.00`;
};
const toNumber = (value: bigint) => Number(value);
const money = (cents: bigint) => Number(cents) / 100;
const dateOf = (iso: string) => new Date(`${iso}T00:00:00Z`);

/**
 * The XLSX: exceljs' streaming WorkbookWriter (rows committed as they are written, the zip streamed
 * out), one sheet with who, the period and the totals per unit type at the top, then one row per line
 * with the same columns as the CSV. Numbers are numbers (Units, prices, money) with number formats;
 * dates are dates.
 */
export function xlsxStatementWriter(plan: StatementPlan): StatementWriter {
  const out = new PassThrough({ highWaterMark: 64 * 1024 });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  workbook.creator = 'Land Units';
  workbook.created = plan.generatedAt;
  workbook.modified = plan.generatedAt;
  const sheet = workbook.addWorksheet('Statement', { views: [{ showGridLines: true }] });
  sheet.columns = [12, 13, 10, 30, 26, 11, 26, 15, 15, 18, 16].map((width) => ({ width }));
  const add = (values: unknown[], style?: (row: ExcelJS.Row) => void) => {
    const row = sheet.addRow(values);
    style?.(row);
    row.commit();
  };
  const bold = (row: ExcelJS.Row) => {
    row.font = { bold: true };
  };
  return {
    stream: out,
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    start(p) {
      add(['Land Units: transaction statement'], (row) => {
        row.font = { bold: true, size: 14, color: { argb: 'FF1F5135' } };
      });
      add(['Name', p.person.name]);
      add(['Email', p.person.email]);
      add(['Period', `${p.fromDate} to ${p.toDate}`]);
      add(['Unit types', p.unitType === 'all' ? 'All unit types' : unitTypeTitle(p.unitType)]);
      add(['Generated', `${p.generatedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`]);
      add([]);
      add(['Summary'], bold);
      add(['Unit type', 'Currency', 'Opening balance', 'Received', 'Sent', 'Closing balance', `Price on ${p.toDate}`, `Value on ${p.toDate}`], bold);
      if (p.summaries.length === 0) add(['You held no Units and made no transactions in this period.']);
      for (const s of p.summaries) {
        add([s.unitType, s.currency, toNumber(s.opening), toNumber(s.received), toNumber(s.sent), toNumber(s.closing), Number(s.price), money(s.valueCents)], (row) => {
          for (const col of [3, 4, 5, 6]) row.getCell(col).numFmt = UNITS;
          row.getCell(7).numFmt = PRICE;
          row.getCell(8).numFmt = moneyFormat(s.currency);
        });
      }
      add([]);
      add([BALANCE_NOTE], (row) => {
        row.font = { italic: true, color: { argb: 'FF4D5952' } };
      });
      add([]);
      add([...CSV_COLUMNS], (row) => {
        bold(row);
        row.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE8DCC4' } };
      });
    },
    write(line: StatementLine) {
      add(
        [
          dateOf(line.date),
          line.unitType,
          line.currency,
          line.orderId || null,
          line.type,
          line.direction || null,
          line.counterparty || null,
          line.units === null ? null : toNumber(line.units),
          line.price === null ? null : Number(line.price),
          line.amountCents === null ? null : money(line.amountCents),
          line.balance === null ? null : toNumber(line.balance),
        ],
        (row) => {
          row.getCell(1).numFmt = 'yyyy-mm-dd';
          row.getCell(8).numFmt = UNITS;
          row.getCell(9).numFmt = PRICE;
          row.getCell(10).numFmt = moneyFormat(line.currency);
          row.getCell(11).numFmt = UNITS;
          if (line.kind === 'opening' || line.kind === 'closing') bold(row);
          if (line.kind === 'fee' || line.kind === 'none') row.font = { color: { argb: 'FF4D5952' } };
        },
      );
    },
    async whenRead() {
      // The zip is written as rows are committed; wait while the reader has not taken what is there.
      await new Promise((resolve) => setImmediate(resolve));
      while (out.readableLength >= out.readableHighWaterMark / 2 && !out.destroyed) {
        await new Promise<void>((resolve) => {
          const done = () => {
            out.off('data', done);
            out.off('close', done);
            resolve();
          };
          out.on('data', done);
          out.on('close', done);
        });
      }
    },
    async end() {
      sheet.commit();
      await workbook.commit();
    },
  };
}
