import { writeFile } from 'node:fs/promises';
import { DEFAULT_MONEY_SETTINGS, priceOn, STATEMENT_MESSAGES, utcIsoDate, type UnitType } from '@landunits/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app';
import { pdfPages } from '../../test/pdf-text';
import { valueInCents } from '../holdings';
import { createOrder, giveUnits, signUp, transferBody, type TestUser } from '../orders/test/fixtures';
import { buyBody, convertBody, created, decide, makeAdmin, scheduleBody, sellBody, successOrder, type TestAdmin } from '../orders/test/lifecycle';
import { GBP_ACCOUNT, setBank } from '../orders/test/payouts-setup';
import { readCsv, readPdf, readXlsx, type ReadLine } from './test/statement-parsers';
import { backdatedGift, download, ledgerPostings, statementUrl, storedHeld } from './test/statement-setup';

/**
 * A person with known history: Units from before the period (dated in March and June), then today
 * a paid bank buy, a transfer out and one in, a sale sold in full (its fee Units a posting of their
 * own), a conversion, a scheduled transfer (queued: still held) and an unpaid buy (not held yet).
 * Every format is read back and checked line by line against the ledger.
 */

let ctx: TestContext;
let ada: TestUser;
let bob: TestUser;
let admin: TestAdmin;
const today = utcIsoDate(new Date());
const FROM = '2026-04-01';
const orders: Record<string, string> = {};

beforeAll(async () => {
  ctx = await createTestApp({ JOBS_DUE_ORDERS_INTERVAL_MS: '9999999' });
  const db = ctx.database.db;
  ada = await signUp(ctx.app, 'ada.statement@example.com', 'Ada', 'Lovelace');
  bob = await signUp(ctx.app, 'bob.statement@example.com', 'Bob', 'Brown');
  admin = await makeAdmin(ctx.app, db, 'admin.statement@example.com');
  await setBank(db, ada.id, GBP_ACCOUNT);
  await backdatedGift(db, ada.id, 'LAND_POUND', 1_000, '2026-03-10T12:00:00Z');
  await backdatedGift(db, ada.id, 'LAND_EUR', 200, '2026-06-01T09:00:00Z');
  await giveUnits(db, bob.id, 100);

  const buy = created(await createOrder(ctx.app, ada.session, buyBody(100)));
  expect((await successOrder(ctx.app, ada.session, buy.orderId)).statusCode).toBe(200);
  await decide(ctx.app, admin.session, buy.orderId, 'Approved');
  orders.buy = buy.orderId;
  orders.toBob = created(await createOrder(ctx.app, ada.session, transferBody(bob.email, 30))).orderId;
  orders.fromBob = created(await createOrder(ctx.app, bob.session, transferBody(ada.email, 5))).orderId;
  const sell = created(await createOrder(ctx.app, ada.session, sellBody(50)));
  await decide(ctx.app, admin.session, sell.orderId, 'AllUnitSold', 'All sold');
  orders.sell = sell.orderId;
  orders.convert = created(await createOrder(ctx.app, ada.session, convertBody(100, 'LAND_POUND', 'LAND_USD'))).orderId;
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  orders.scheduled = created(await createOrder(ctx.app, ada.session, scheduleBody(bob.email, 20, tomorrow))).orderId;
  orders.unpaid = created(await createOrder(ctx.app, ada.session, buyBody(10))).orderId;
});
afterAll(() => ctx.close());

const postingsOf = (lines: ReadLine[], unitType: string) => lines.filter((l) => l.unitType === unitType && l.direction !== '');
const lineOf = (lines: ReadLine[], unitType: string, type: string) => lines.find((l) => l.unitType === unitType && l.type === type);

async function readAll(query: Record<string, string>) {
  const pdf = await download(ctx.app, ada.session, { ...query, format: 'pdf' });
  const csv = await download(ctx.app, ada.session, { ...query, format: 'csv' });
  const xlsx = await download(ctx.app, ada.session, { ...query, format: 'xlsx' });
  return {
    pdf: { ...pdf, read: await readPdf(pdf.bytes) },
    csv: { ...csv, read: readCsv(csv.bytes) },
    xlsx: { ...xlsx, read: await readXlsx(xlsx.bytes) },
  };
}

/** Opening, every posting of the ledger in order with its running balance, closing = stored balance and its value. */
async function expectMatchesLedger(lines: ReadLine[], unitType: UnitType, from: string, to: string) {
  const ledger = (await ledgerPostings(ctx.database.db, ada.id)).filter((p) => p.unitType === unitType);
  const opening = ledger.filter((p) => p.day < from).reduce((sum, p) => sum + p.units, 0);
  const inRange = ledger.filter((p) => p.day >= from && p.day <= to);
  expect(lineOf(lines, unitType, 'Opening balance')?.balance).toBe(opening);
  const postings = postingsOf(lines, unitType);
  expect(postings.map((l) => [l.orderId || null, l.direction === 'RECEIVED' ? l.units : -(l.units ?? 0), l.date])).toEqual(inRange.map((p) => [p.orderId, p.units, p.day]));
  let balance = opening;
  for (const line of postings) {
    balance += line.direction === 'RECEIVED' ? line.units! : -line.units!;
    expect(line.balance).toBe(balance);
  }
  const closing = lineOf(lines, unitType, 'Closing balance')!;
  expect(closing.balance).toBe(balance);
  if (to === today) expect(closing.balance).toBe(await storedHeld(ctx.database.db, ada.id, unitType));
  const price = priceOn(unitType, new Date(`${to}T00:00:00Z`), DEFAULT_MONEY_SETTINGS);
  expect(closing.price).toBe(price);
  const value = valueInCents(BigInt(balance), price);
  expect(closing.amount).toBe(`${value / 100n}.${String(value % 100n).padStart(2, '0')}`);
}

describe('GET /api/utility/generate-statement (transaction statement)', () => {
  it('gives the same lines in PDF, CSV and XLSX, each matching the ledger: opening + postings = closing = the stored balance', async () => {
    const { pdf, csv, xlsx } = await readAll({ fromDate: FROM, toDate: today, unitType: 'all' });
    const name = `land-units-statement-${FROM}-to-${today}`;
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(xlsx.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    for (const [file, ext] of [
      [pdf, 'pdf'],
      [csv, 'csv'],
      [xlsx, 'xlsx'],
    ] as const) {
      expect(file.headers['content-disposition']).toContain(`attachment; filename="${name}.${ext}"`);
      expect(file.headers['cache-control']).toBe('private, no-store');
      expect(file.headers['x-content-type-options']).toBe('nosniff');
    }
    expect(csv.read.header).toEqual(['Date', 'Unit type', 'Currency', 'Order ID', 'Type', 'Direction', 'Counterparty', 'Units', 'Price per Unit', 'Amount', 'Balance']);
    expect(csv.bytes.toString('utf8')).toMatch(/^\uFEFFDate,Unit type,.*\r\n/);

    for (const lines of [pdf.read.lines, csv.read.lines, xlsx.read.lines]) {
      for (const unitType of ['LAND_POUND', 'LAND_USD', 'LAND_EUR'] as const) await expectMatchesLedger(lines, unitType, FROM, today);
      expect(lines.some((l) => l.unitType === 'LAND_AUD')).toBe(false);
      // What each posting says, as the transaction history names it, fees below it.
      const gbp = lines.filter((l) => l.unitType === 'LAND_POUND');
      const at = (orderId: string) => gbp.findIndex((l) => l.orderId === orderId && l.direction !== '');
      expect(gbp[at(orders.buy!)]).toMatchObject({ type: 'Buy', direction: 'RECEIVED', counterparty: 'Land Units', units: 100 });
      expect(gbp[at(orders.buy!) + 1]).toMatchObject({ type: 'Buy fee', amount: '1.00', direction: '' });
      expect(gbp[at(orders.toBob!)]).toMatchObject({ type: 'Transfer', direction: 'SENT', counterparty: 'Bob B.', units: 30 });
      expect(gbp[at(orders.fromBob!)]).toMatchObject({ type: 'Transfer', direction: 'RECEIVED', counterparty: 'Bob B.', units: 5 });
      const sale = gbp.filter((l) => l.orderId === orders.sell);
      expect(sale.map((l) => [l.type, l.direction, l.units])).toEqual([
        ['Sell', 'SENT', 40],
        ['Sell fee', 'SENT', 10],
      ]);
      expect(gbp[at(orders.convert!)]).toMatchObject({ type: 'Convert to USD Units', direction: 'SENT', units: 100 });
      expect(lines.find((l) => l.unitType === 'LAND_USD' && l.orderId === orders.convert)).toMatchObject({ type: 'Convert from GBP Units', direction: 'RECEIVED' });
      expect(lines.find((l) => l.unitType === 'LAND_EUR' && l.direction)).toMatchObject({ type: 'Adjustment', orderId: '', units: 200 });
      // Queued and unpaid orders move nothing the person holds.
      expect(lines.some((l) => l.orderId === orders.scheduled || l.orderId === orders.unpaid)).toBe(false);
    }
    // The buy's money: subtotal on the posting, the fee on its own line.
    const buyLine = csv.read.lines.find((l) => l.orderId === orders.buy && l.direction);
    expect(Number(buyLine!.amount)).toBeGreaterThan(0);
    expect(xlsx.read.formats.amount.every((f) => f.includes('£') || f.includes('$') || f.includes('€'))).toBe(true);
    expect(xlsx.read.top.flat()).toEqual(expect.arrayContaining(['Ada Lovelace', 'ada.statement@example.com', `${FROM} to ${today}`]));
  });

  it('numbers every PDF page and puts the totals of each unit type on page 1', async () => {
    const { bytes } = await download(ctx.app, ada.session, { fromDate: FROM, toDate: today, format: 'pdf' });
    if (process.env.STATEMENT_PDF_OUT) await writeFile(process.env.STATEMENT_PDF_OUT, bytes);
    const pages = await pdfPages(bytes);
    pages.forEach((lines, i) => expect(lines.some((l) => l.endsWith(`Page ${i + 1}`))).toBe(true));
    const first = pages[0]!;
    expect(first).toContain('Name Ada Lovelace');
    const held = await storedHeld(ctx.database.db, ada.id, 'LAND_POUND');
    expect(first.find((l) => l.startsWith('GBP Units 1,000 '))).toMatch(new RegExp(`^GBP Units 1,000 105 180 ${held.toLocaleString('en-US')} £\\d\\.\\d{6} £[\\d,]+\\.\\d{2}$`));
    expect(first.find((l) => l.startsWith('EUR Units 0 200 0 200 '))).toBeDefined();
  });

  it('gives one unit type when asked, and an empty period its opening balance as closing with a line saying so', async () => {
    const { csv, pdf, xlsx } = await readAll({ fromDate: '2026-05-01', toDate: '2026-05-31', unitType: 'LAND_POUND' });
    for (const lines of [csv.read.lines, pdf.read.lines, xlsx.read.lines]) {
      expect(new Set(lines.map((l) => l.unitType))).toEqual(new Set(['LAND_POUND']));
      expect(lines.map((l) => [l.type, l.balance])).toEqual([
        ['Opening balance', 1_000],
        ['No transactions in this period', null],
        ['Closing balance', 1_000],
      ]);
      await expectMatchesLedger(lines, 'LAND_POUND', '2026-05-01', '2026-05-31');
    }
    const eur = readCsv((await download(ctx.app, ada.session, { fromDate: FROM, toDate: today, unitType: 'LAND_EUR', format: 'csv' })).bytes);
    expect(new Set(eur.lines.map((l) => l.unitType))).toEqual(new Set(['LAND_EUR']));
  });

  it('says so when nothing was held or moved, and covers the last 12 months without dates', async () => {
    const carl = await signUp(ctx.app, 'carl.statement@example.com', 'Carl', 'Empty');
    const { bytes, headers } = await download(ctx.app, carl.session, { format: 'pdf' });
    const lines = (await pdfPages(bytes)).flat();
    expect(lines).toContain('You held no Units and made no transactions in this period.');
    expect(headers['content-disposition']).toMatch(/land-units-statement-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.pdf/);
    const csv = readCsv((await download(ctx.app, carl.session, { format: 'csv' })).bytes);
    expect(csv.lines).toEqual([]);
  });

  it('is always the caller’s own: no parameter names another person; anonymous → 401', async () => {
    const asBob = readCsv((await download(ctx.app, bob.session, { format: 'csv', fromDate: FROM, userId: ada.id, holder: `user:${ada.id}`, email: ada.email })).bytes);
    expect(asBob.lines.some((l) => l.orderId === orders.buy)).toBe(false);
    expect(asBob.lines.find((l) => l.orderId === orders.toBob)).toMatchObject({ direction: 'RECEIVED', counterparty: 'Ada L.' });
    const anonymous = await ctx.app.inject({ method: 'GET', url: statementUrl({ format: 'pdf' }) });
    expect(anonymous.statusCode).toBe(401);
  });

  it.each([
    [{ fromDate: '2026-05-02', toDate: '2026-05-01' }, 'toDate', STATEMENT_MESSAGES.dateOrder],
    [{ fromDate: '2026-05-01', toDate: '2099-01-01' }, 'toDate', STATEMENT_MESSAGES.future],
    [{ fromDate: '2026-13-01' }, 'fromDate', STATEMENT_MESSAGES.fromDate],
    [{ toDate: '1 May 2026' }, 'toDate', STATEMENT_MESSAGES.toDate],
    [{ fromDate: '2019-12-31' }, 'fromDate', STATEMENT_MESSAGES.tooEarly],
    [{ format: 'docx' }, 'format', STATEMENT_MESSAGES.format],
    [{ unitType: 'LAND_YEN' }, 'unitType', STATEMENT_MESSAGES.unitType],
  ])('refuses %j with 400 and the field’s message', async (query, field, message) => {
    const res = await ctx.app.inject({ method: 'GET', url: statementUrl(query), cookies: { lu_session: ada.session } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: { [field]: message } });
  });
});
