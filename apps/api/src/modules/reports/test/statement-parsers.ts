import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { pdfLines } from '../../../test/pdf-text';

/** A statement's lines as read back from each format, in one shape, so the tests check all three alike. */
export interface ReadLine {
  unitType: string | null;
  date: string;
  orderId: string;
  type: string;
  direction: string;
  counterparty: string;
  units: number | null;
  /** Price and money as printed, without symbols or grouping ('1.077986', '-5.00'). */
  price: string | null;
  amount: string | null;
  balance: number | null;
}

const plain = (text: string) => text.replace(/[£$€,]|A\$/g, '');
const int = (text: string | undefined) => (text === undefined || text === '' ? null : Number(plain(text)));

export function readCsv(bytes: Buffer): { header: string[]; lines: ReadLine[] } {
  const records: string[][] = parse(bytes.toString('utf8'), { bom: true, relax_column_count: false });
  const [header = [], ...rows] = records;
  return {
    header,
    lines: rows.map(([date = '', unitType = '', , orderId = '', type = '', direction = '', counterparty = '', units = '', price = '', amount = '', balance = '']) => ({
      unitType,
      date,
      orderId,
      type,
      direction,
      counterparty,
      units: int(units),
      price: price || null,
      amount: amount || null,
      balance: int(balance),
    })),
  };
}

export interface XlsxRead {
  top: unknown[][];
  lines: ReadLine[];
  formats: { amount: string[]; units: string[] };
}

export async function readXlsx(bytes: Buffer): Promise<XlsxRead> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const rows: unknown[][] = [];
  const formats = { amount: [] as string[], units: [] as string[] };
  let headerAt = -1;
  sheet.eachRow({ includeEmpty: true }, (row, n) => {
    const values = (row.values as unknown[]).slice(1);
    rows[n - 1] = values;
    if (values[0] === 'Date' && values[1] === 'Unit type') headerAt = n - 1;
    if (headerAt >= 0 && n - 1 > headerAt) {
      if (row.getCell(10).value !== null) formats.amount.push(row.getCell(10).numFmt);
      if (row.getCell(8).value !== null) formats.units.push(row.getCell(8).numFmt);
    }
  });
  const text = (v: unknown) => (v === undefined || v === null ? '' : String(v));
  const num = (v: unknown) => (typeof v === 'number' ? v : null);
  const lines = rows.slice(headerAt + 1).map((v = []) => ({
    unitType: text(v[1]),
    date: v[0] instanceof Date ? v[0].toISOString().slice(0, 10) : text(v[0]),
    orderId: text(v[3]),
    type: text(v[4]),
    direction: text(v[5]),
    counterparty: text(v[6]),
    units: num(v[7]),
    price: typeof v[8] === 'number' ? v[8].toFixed(6) : null,
    amount: typeof v[9] === 'number' ? v[9].toFixed(2) : null,
    balance: num(v[10]),
  }));
  return { top: rows.slice(0, Math.max(headerAt, 0)), lines, formats };
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const isoOf = (d: string, m: string, y: string) => `${y}-${String(MONTHS.indexOf(m) + 1).padStart(2, '0')}-${d}`;
const MONEY = /^-?(?:£|\$|€|A\$)[\d,]+\.\d{2}$/;
const PRICE = /^-?(?:£|\$|€|A\$)[\d,]+\.\d{6}$/;

/**
 * The PDF's table rows, read from the text a viewer shows: a section heading ('GBP Units') sets the
 * unit type; a row is date, order id (optional), type, direction (optional), counterparty, then from
 * the right: balance, amount, price, units. Fee rows have no date.
 */
export async function readPdf(bytes: Buffer): Promise<{ pages: string[]; lines: ReadLine[]; all: string[] }> {
  const all = await pdfLines(bytes);
  const lines: ReadLine[] = [];
  let unitType: string | null = null;
  let inTable = false;
  const SECTION: Record<string, string> = { 'GBP Units': 'LAND_POUND', 'USD Units': 'LAND_USD', 'EUR Units': 'LAND_EUR', 'AUD Units': 'LAND_AUD' };
  for (const text of all) {
    if (SECTION[text]) {
      unitType = SECTION[text]!;
      inTable = false;
      continue;
    }
    if (text.startsWith('Date Order ID Type')) {
      inTable = unitType !== null;
      continue;
    }
    if (!inTable || /Page \d+$/.test(text)) continue;
    let tokens = text.split(' ');
    let date = '';
    const dated = /^(\d{2}) ([A-Z][a-z]{2}) (\d{4})$/.exec(tokens.slice(0, 3).join(' '));
    if (dated) {
      date = isoOf(dated[1]!, dated[2]!, dated[3]!);
      tokens = tokens.slice(3);
    }
    const orderId = /^[0-7][0-9A-HJKMNP-TV-Z]{25}$/.test(tokens[0] ?? '') ? tokens.shift()! : '';
    const line: ReadLine = { unitType, date, orderId, type: '', direction: '', counterparty: '', units: null, price: null, amount: null, balance: null };
    const opening = text.includes('Opening balance') || text.includes('Closing balance');
    // From the right: balance (postings, opening, closing), amount, price, units.
    const numbers: string[] = [];
    while (tokens.length && (/^-?[\d,]+$/.test(tokens.at(-1)!) || MONEY.test(tokens.at(-1)!) || PRICE.test(tokens.at(-1)!))) numbers.unshift(tokens.pop()!);
    const dir = tokens.findIndex((t) => t === 'SENT' || t === 'RECEIVED');
    if (dir >= 0) {
      line.type = tokens.slice(0, dir).join(' ');
      line.direction = tokens[dir]!;
      line.counterparty = tokens.slice(dir + 1).join(' ');
    } else {
      line.type = tokens.join(' ');
    }
    const money = numbers.filter((n) => MONEY.test(n));
    const price = numbers.find((n) => PRICE.test(n));
    const counts = numbers.filter((n) => /^-?[\d,]+$/.test(n));
    line.amount = money[0] ? plain(money[0]) : null;
    line.price = price ? plain(price) : null;
    if (line.direction) {
      line.units = int(counts[0]);
      line.balance = int(counts[1]);
    } else if (opening) {
      line.balance = int(counts.at(-1));
    } else {
      line.units = int(counts[0]);
    }
    lines.push(line);
  }
  return { pages: [], lines, all };
}
