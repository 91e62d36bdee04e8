import { writeFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app';
import { pdfPages } from '../../test/pdf-text';
import { reconcile } from '../ledger';
import { createOrder, signUp, transferBody, type TestUser } from '../orders/test/fixtures';
import { created } from '../orders/test/lifecycle';
import { readCsv, readPdf, readXlsx } from './test/statement-parsers';
import { backdatedGift, backdatedGifts, download, storedHeld } from './test/statement-setup';

/**
 * Long histories are read in batches (500 postings a round trip) with the running balance carried
 * across them; long names and 10-digit figures stay whole in the PDF.
 */

let ctx: TestContext;
let bart: TestUser;
let wil: TestUser;
const LONG_FIRST = 'Bartholomew Maximilian';
const LONG_LAST = 'Fitzgerald-Worthington-Montgomery-Beauchamp-Smyth';

beforeAll(async () => {
  ctx = await createTestApp();
  bart = await signUp(ctx.app, 'bartholomew.maximilian.fitzgerald-worthington@example.com', LONG_FIRST, LONG_LAST);
  wil = await signUp(ctx.app, 'wil.statement@example.com', 'Wilhelmina-Konstantina Alexandrovna', 'Weatherington');
  await backdatedGift(ctx.database.db, bart.id, 'LAND_POUND', 9_999_999_999, '2026-02-01T08:00:00Z');
  await backdatedGifts(ctx.database.db, bart.id, 'LAND_AUD', 1_234, '2026-02-02T00:00:00Z');
  created(await createOrder(ctx.app, bart.session, transferBody(wil.email, 1_234_567_890)));
});
afterAll(() => ctx.close());

describe('long statements', () => {
  it('carries the running balance across batches in every format and ends on the stored balance', async () => {
    const query = { fromDate: '2026-02-02', toDate: '2026-02-28', unitType: 'LAND_AUD' };
    const csv = readCsv((await download(ctx.app, bart.session, { ...query, format: 'csv' })).bytes).lines;
    const xlsx = (await readXlsx((await download(ctx.app, bart.session, { ...query, format: 'xlsx' })).bytes)).lines;
    const pdfBytes = (await download(ctx.app, bart.session, { ...query, format: 'pdf' })).bytes;
    const pdf = (await readPdf(pdfBytes)).lines;
    for (const lines of [csv, pdf, xlsx]) {
      const postings = lines.filter((l) => l.direction === 'RECEIVED');
      expect(postings).toHaveLength(1_234);
      expect(postings.map((l) => l.balance)).toEqual(Array.from({ length: 1_234 }, (_, i) => i + 1));
      expect(lines.at(-1)).toMatchObject({ type: 'Closing balance', balance: 1_234 });
    }
    expect(await storedHeld(ctx.database.db, bart.id, 'LAND_AUD')).toBe(1_234);
    const pages = await pdfPages(pdfBytes);
    expect(pages.length).toBeGreaterThan(30);
    pages.forEach((lines, i) => {
      expect(lines.some((l) => l.endsWith(`Page ${i + 1}`))).toBe(true);
      if (i > 0) expect(lines.some((l) => l.startsWith('Date Order ID Type Direction Counterparty Units'))).toBe(true);
    });
    expect(await reconcile(ctx.database.db)).toEqual([]);
  });

  it('prints long names and 10-digit figures whole (nothing cut that a reader needs)', async () => {
    const { bytes } = await download(ctx.app, bart.session, { fromDate: '2026-02-01', unitType: 'LAND_POUND', format: 'pdf' });
    if (process.env.STATEMENT_PDF_OUT) await writeFile(process.env.STATEMENT_PDF_OUT, bytes);
    const { lines, all } = await readPdf(bytes);
    expect(all.find((l) => l.startsWith('Name '))).toBe(`Name ${LONG_FIRST} ${LONG_LAST}`);
    const sent = lines.find((l) => l.direction === 'SENT')!;
    expect(sent).toMatchObject({ units: 1_234_567_890, balance: 9_999_999_999 - 1_234_567_890 });
    // Free text may shrink and then end in an ellipsis within its column.
    expect(sent.counterparty).toMatch(/^Wilhelmina-Konstantina Alexandrovna W\.$|^Wilhelmina-Konstantina .*…$/);
    expect(sent.orderId).toMatch(/^[0-7][0-9A-HJKMNP-TV-Z]{25}$/);
    const closing = lines.find((l) => l.type === 'Closing balance')!;
    expect(closing.balance).toBe(8_765_432_109);
    expect(closing.amount).toMatch(/^\d{10,}\.\d{2}$/);
    // Only free text may end in an ellipsis; every figure is whole.
    expect(all.filter((l) => /[\d£$€]…/.test(l))).toEqual([]);
  });
});
