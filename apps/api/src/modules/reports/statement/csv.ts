import { CsvDecimal, csvStream } from '../../../platform/http/csv';
import type { StatementLine } from './lines';
import { STATEMENT_COLUMNS, type StatementWriter } from './writer';

export const CSV_COLUMNS = ['Date', 'Unit type', 'Currency', ...STATEMENT_COLUMNS.slice(1)] as const;

const money = (cents: bigint) => {
  const abs = cents < 0n ? -cents : cents;
  return new CsvDecimal(`${cents < 0n ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`);
};

/**
 * The CSV (RFC 4180 through the platform's writer: header row, CRLF, quoting, formula-looking text
 * defused): one record per line of the statement, numbers plain (12345, 1.234567, -5.00), dates
 * YYYY-MM-DD, money in the currency of its own column.
 */
export function csvStatementWriter(): StatementWriter {
  const csv = csvStream(CSV_COLUMNS);
  return {
    stream: csv.stream,
    contentType: 'text/csv; charset=utf-8',
    start() {},
    write(line: StatementLine) {
      csv.write([
        line.date,
        line.unitType,
        line.currency,
        line.orderId,
        line.type,
        line.direction,
        line.counterparty,
        line.units,
        line.price === null ? null : new CsvDecimal(line.price),
        line.amountCents === null ? null : money(line.amountCents),
        line.balance,
      ]);
    },
    whenRead: () => csv.whenRead(),
    end: async () => {
      csv.end();
    },
  };
}
