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

function cell(value: unknown): string {
  if (value == null) return '';
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') return String(value);
  const text = value instanceof Date ? value.toISOString() : typeof value === 'string' ? value : JSON.stringify(value);
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** The CSV text of `rows`: a header line, then one line per row, CRLF line ends (RFC 4180). */
export function toCsv<Row>(columns: readonly CsvColumn<Row>[], rows: Iterable<Row>): string {
  const records: string[][] = [columns.map((column) => column.header)];
  for (const row of rows) records.push(columns.map((column) => cell(column.value(row))));
  return stringify(records, { record_delimiter: '\r\n' });
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
