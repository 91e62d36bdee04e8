import { stringify as stringifyStream, type Stringifier } from 'csv-stringify';
import { stringify } from 'csv-stringify/sync';
import type { FastifyReply } from 'fastify';

/**
 * CSV exports of admin tables (audit log, subscribers, …): one writer so every export quotes,
 * escapes and defends against spreadsheet formulas the same way.
 *
 * A cell that a spreadsheet would read as a formula (starting with =, +, -, @, a tab or a carriage
 * return) is prefixed with an apostrophe (OWASP "CSV injection"): an address or a message typed by
 * a stranger must never run in an operator's spreadsheet. Numbers and booleans are written as they
 * are; null and undefined are empty cells; objects are written as JSON.
 */

export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => unknown;
}

const FORMULA_START = /^[=+\-@\t\r]/;

/** An exact decimal written as a number (e.g. money '-5.00', a price '1.123456'), never defused. */
export class CsvDecimal {
  constructor(readonly text: string) {
    if (!/^-?\d+(\.\d+)?$/.test(text)) throw new RangeError(`Not a plain decimal: ${JSON.stringify(text)}`);
  }
}

/** One cell as text: formula-looking text defused, numbers as they are, null empty, objects as JSON. */
export function csvCell(value: unknown): string {
  if (value == null) return '';
  if (value instanceof CsvDecimal) return value.text;
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') return String(value);
  const text = value instanceof Date ? value.toISOString() : typeof value === 'string' ? value : JSON.stringify(value);
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** The CSV text of `rows`: a header line, then one line per row, CRLF line ends (RFC 4180). */
export function toCsv<Row>(columns: readonly CsvColumn<Row>[], rows: Iterable<Row>): string {
  const records: string[][] = [columns.map((column) => column.header)];
  for (const row of rows) records.push(columns.map((column) => csvCell(column.value(row))));
  return stringify(records, { record_delimiter: '\r\n' });
}

/**
 * A CSV written as it goes (long exports read in batches): a UTF-8 byte order mark and the header
 * row first, CRLF line ends, every cell through `csvCell`. Write rows with `write`, then `end`;
 * `whenRead` waits while the reader is behind.
 */
export function csvStream(headers: readonly string[]): { stream: Stringifier; write(values: readonly unknown[]): void; whenRead(): Promise<void>; end(): void } {
  const stream = stringifyStream({ record_delimiter: '\r\n', bom: true });
  stream.write(headers.map(csvCell));
  return {
    stream,
    write: (values) => {
      stream.write(values.map(csvCell));
    },
    whenRead: async () => {
      while (stream.writableNeedDrain && !stream.destroyed) {
        await new Promise<void>((resolve) => {
          const done = () => {
            stream.off('drain', done);
            stream.off('close', done);
            resolve();
          };
          stream.on('drain', done);
          stream.on('close', done);
        });
      }
    },
    end: () => {
      stream.end();
    },
  };
}

/** A safe download name: letters, digits, dot, dash and underscore only. */
function fileName(name: string): string {
  return name.replace(/[^A-Za-z0-9._-]/g, '_');
}

/**
 * Sends `rows` as a CSV download named `name` (e.g. `audit-2026-11-25.csv`). A UTF-8 byte order
 * mark lets spreadsheets read non-ASCII names correctly; the answer is never cached.
 */
export function sendCsv<Row>(reply: FastifyReply, name: string, columns: readonly CsvColumn<Row>[], rows: Iterable<Row>): FastifyReply {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName(name)}"`)
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .send(`\uFEFF${toCsv(columns, rows)}`);
}
