import { companyLine, DEFAULT_COMPANY_DETAILS, UNIT_TYPES, type Holding, type UnitType } from '@landunits/domain';
import { afterAll, describe, expect, it } from 'vitest';
import { createPdf, DocumentRenderer, pdfBytes, type PdfOptions } from '../../platform/pdf';
import { pdfLines } from '../../test/pdf-text';
import { CURRENT_VALUE_TITLE, drawCurrentValue, type CurrentValueInput } from './certificates/draw-current-value';
import type { StatementLine } from './statement/lines';
import { pdfStatementWriter, renderedPdfStatementWriter } from './statement/pdf';
import type { StatementPlan } from './statement/plan';
import type { StatementWriter } from './statement/writer';

/**
 * A render thread draws the same document, byte for byte, as the same drawing code on the main
 * thread did before (decision 0036): the thread is the only thing that changed.
 */
const renderer = new DocumentRenderer({ threads: 1, filename: new URL('../../pdf-worker.mjs', import.meta.url).href });
afterAll(() => renderer.close());

const at = new Date('2026-03-10T09:30:00Z');

function statementPlan(): StatementPlan {
  const summary = (unitType: UnitType, currency: 'GBP' | 'EUR', postings: number) => ({
    unitType,
    currency,
    opening: 40n,
    received: BigInt(postings * 10),
    sent: 0n,
    closing: 40n + BigInt(postings * 10),
    postings,
    price: '1.077986',
    valueCents: 123_456n,
    lastId: '99',
  });
  return {
    userId: 'u1',
    holder: 'user:u1',
    person: { name: 'Łukasz Żółć', email: 'lukasz@example.com' },
    company: DEFAULT_COMPANY_DETAILS,
    fromDate: '2025-03-11',
    toDate: '2026-03-10',
    from: new Date('2025-03-11T00:00:00Z'),
    until: new Date('2026-03-11T00:00:00Z'),
    unitType: 'all',
    generatedAt: at,
    summaries: [summary('LAND_POUND', 'GBP', 1200), summary('LAND_EUR', 'EUR', 0)],
  } as StatementPlan;
}

function statementLines(plan: StatementPlan): StatementLine[] {
  const [pounds, euros] = plan.summaries;
  const base = { currency: 'GBP', orderId: '', direction: '', counterparty: '', units: null, price: null, amountCents: null, balance: null } as const;
  const lines: StatementLine[] = [{ ...base, kind: 'opening', unitType: 'LAND_POUND', date: plan.fromDate, type: 'Opening balance', balance: 40n }];
  for (let i = 1; i <= pounds!.postings; i += 1) {
    lines.push({
      ...base,
      kind: 'posting',
      unitType: 'LAND_POUND',
      date: '2025-06-01',
      orderId: `0${String(i).padStart(9, '0')}ABCDEFGH`,
      type: 'Buy',
      direction: 'RECEIVED',
      counterparty: 'Land Units',
      units: 10n,
      price: '1.100000',
      amountCents: 1100n,
      balance: 40n + BigInt(i * 10),
    });
    if (i % 3 === 0) lines.push({ ...base, kind: 'fee', unitType: 'LAND_POUND', date: '2025-06-01', orderId: `0${String(i).padStart(9, '0')}ABCDEFGH`, type: 'Buy fee', amountCents: 100n });
  }
  lines.push({ ...base, kind: 'closing', unitType: 'LAND_POUND', date: plan.toDate, type: 'Closing balance', price: '1.077986', amountCents: 123_456n, balance: pounds!.closing });
  lines.push({ ...base, currency: 'EUR', kind: 'opening', unitType: 'LAND_EUR', date: plan.fromDate, type: 'Opening balance', balance: euros!.opening });
  lines.push({ ...base, currency: 'EUR', kind: 'none', unitType: 'LAND_EUR', date: plan.toDate, type: 'No transactions in this period' });
  lines.push({ ...base, currency: 'EUR', kind: 'closing', unitType: 'LAND_EUR', date: plan.toDate, type: 'Closing balance', price: '1.077986', amountCents: 123_456n, balance: euros!.closing });
  return lines;
}

/** Writes the lines as the statement does (batches of 500, waiting for the reader between them) and collects the bytes. */
async function written(writer: StatementWriter, plan: StatementPlan, lines: StatementLine[]): Promise<Buffer> {
  const chunks: Buffer[] = [];
  writer.stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise((resolve, reject) => writer.stream.on('end', resolve).on('error', reject));
  await writer.opened;
  writer.start(plan);
  for (let i = 0; i < lines.length; i += 500) {
    for (const line of lines.slice(i, i + 500)) writer.write(line);
    await writer.whenRead();
  }
  await writer.end();
  await ended;
  return Buffer.concat(chunks);
}

const holding = (owned: number): Holding => ({
  owned,
  owned_DOUBLE_LAND: 0,
  pendingBuy: 0,
  pendingSell: 2,
  transferQueued: 0,
  convertLocked: 0,
  bonusLocked: 5,
  // Every bucket but pendingBuy (holdingsFrom in the holdings module's store.ts).
  units_valued: owned + 2 + 5,
  total_value_bought: 11_000,
  total_value_today: 12_000,
  profit: 1_000,
  profit_percentage: '9.09',
  currencyType: 'GBP',
});

describe('documents drawn in a render thread', () => {
  it('gives a 1,200-posting statement the same bytes as drawing it on the main thread, streamed in batches', async () => {
    const plan = statementPlan();
    const lines = statementLines(plan);
    const before = await written(pdfStatementWriter(plan), plan, lines);
    const after = await written(renderedPdfStatementWriter(renderer, plan), plan, lines);
    expect(after.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(after.equals(before)).toBe(true);
    const text = await pdfLines(new Uint8Array(after));
    expect(text).toContain('Name Łukasz Żółć');
    expect(text.some((l) => l.includes('000001200ABCDEFGH'))).toBe(true);
  });

  it('gives the current value document the same bytes as drawing it on the main thread', async () => {
    const options: PdfOptions = { title: CURRENT_VALUE_TITLE, footer: `${companyLine(DEFAULT_COMPANY_DETAILS)} · Not investment advice`, createdAt: at };
    const input: CurrentValueInput = {
      holder: 'Ada Lovelace',
      asOf: '2026-03-10',
      createdAt: at,
      prices: Object.fromEntries(UNIT_TYPES.map((t) => [t, '1.077986'])) as CurrentValueInput['prices'],
      holdings: Object.fromEntries(UNIT_TYPES.map((t, i) => [t, holding(i * 10)])) as CurrentValueInput['holdings'],
    };
    const before = await pdfBytes(createPdf(options), (pdf) => drawCurrentValue(pdf, input));
    const after = await renderer.render('currentValue', { options, input });
    expect(after.equals(before)).toBe(true);
    expect(await pdfLines(new Uint8Array(after))).toContain('Holder Ada Lovelace');
  });
});
