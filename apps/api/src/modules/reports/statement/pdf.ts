import { companyLine, formatDate, formatMoney, formatPrice, formatUnits } from '@landunits/domain';
import { createPdf, type DocumentRenderer, type PdfColumn, type PdfTable } from '../../../platform/pdf';
import { unitTypeTitle, type StatementLine } from './lines';
import type { StatementPlan } from './plan';
import { BALANCE_NOTE, STATEMENT_COLUMNS, type StatementWriter } from './writer';

const LINE_WIDTHS = [58, 130, 86, 52, 124, 66, 64, 86, 80];
const ALIGN_RIGHT = new Set(['Units', 'Price per Unit', 'Amount', 'Balance']);
const LINE_COLUMNS: PdfColumn[] = STATEMENT_COLUMNS.map((title, i) => ({ title, width: LINE_WIDTHS[i] ?? 1, ...(ALIGN_RIGHT.has(title) ? { align: 'right' as const } : {}) }));

const day = (iso: string) => formatDate(`${iso}T00:00:00Z`, 'DD MMM YYYY');
const units = (value: bigint | null) => (value === null ? '' : formatUnits(value));

function cells(line: StatementLine): string[] {
  return [
    line.kind === 'fee' ? '' : day(line.date),
    line.orderId,
    line.type,
    line.direction,
    line.counterparty,
    units(line.units),
    line.price === null ? '' : formatPrice(line.price, line.currency, 6),
    line.amountCents === null ? '' : formatMoney(line.amountCents, line.currency),
    units(line.balance),
  ];
}

/**
 * The PDF: landscape A4 through the platform's seam. Page 1 has who and what period, and the totals
 * per unit type (from SQL, before any row is read); then one table per unit type, its header again
 * on each page, with the opening and closing balances shaded and fees muted.
 */
export function pdfStatementWriter(plan: StatementPlan): StatementWriter {
  const pdf = createPdf({
    title: 'Transaction statement',
    footer: companyLine(plan.company),
    createdAt: plan.generatedAt,
    landscape: true,
  });
  let table: PdfTable | undefined;
  return {
    stream: pdf.doc as unknown as StatementWriter['stream'],
    contentType: 'application/pdf',
    start(p) {
      pdf.heading('Transaction statement', 18);
      pdf.keyValues(
        [
          ['Name', p.person.name],
          ['Email', p.person.email],
          ['Period', `${day(p.fromDate)} to ${day(p.toDate)}`],
          ['Unit types', p.unitType === 'all' ? 'All unit types' : unitTypeTitle(p.unitType)],
          ['Generated', `${formatDate(p.generatedAt, 'DD MMM YYYY')} ${p.generatedAt.toISOString().slice(11, 16)} UTC`],
        ],
        { labelWidth: 110 },
      );
      pdf.heading('Summary', 12);
      if (p.summaries.length === 0) {
        pdf.paragraph('You held no Units and made no transactions in this period.');
      } else {
        const summary = pdf.table(
          [
            { title: 'Unit type', width: 1.1 },
            { title: 'Opening balance', width: 1.3, align: 'right' },
            { title: 'Received', width: 1.3, align: 'right' },
            { title: 'Sent', width: 1.3, align: 'right' },
            { title: 'Closing balance', width: 1.3, align: 'right' },
            { title: `Price on ${day(p.toDate)}`, width: 1.3, align: 'right' },
            { title: `Value on ${day(p.toDate)}`, width: 1.6, align: 'right' },
          ],
          { size: 8.5, rowHeight: 17 },
        );
        for (const s of p.summaries) {
          summary.row([
            unitTypeTitle(s.unitType),
            formatUnits(s.opening),
            formatUnits(s.received),
            formatUnits(s.sent),
            formatUnits(s.closing),
            formatPrice(s.price, s.currency, 6),
            formatMoney(s.valueCents, s.currency),
          ]);
        }
      }
      pdf.y += 6;
      pdf.paragraph(BALANCE_NOTE, { size: 8, muted: true });
    },
    write(line) {
      if (line.kind === 'opening') {
        // A section's heading stays with its table's header and first rows.
        pdf.ensureSpace(110);
        pdf.heading(unitTypeTitle(line.unitType), 12);
        table = pdf.table(LINE_COLUMNS, { size: 8, rowHeight: 15 });
      }
      if (!table) throw new Error('a statement section starts with its opening balance');
      if (line.kind === 'none') return table.note(line.type, { muted: true });
      table.row(cells(line), {
        bold: line.kind === 'opening' || line.kind === 'closing',
        shade: line.kind === 'opening' || line.kind === 'closing',
        muted: line.kind === 'fee',
      });
    },
    whenRead: () => pdf.whenRead(),
    end: async () => {
      pdf.end();
    },
  };
}

/**
 * The same PDF drawn in a render thread (decision 0036): this side sends the lines as they are read
 * and streams the bytes the thread sends back; page 1 is drawn from the plan as the thread starts.
 */
export function renderedPdfStatementWriter(documents: DocumentRenderer, plan: StatementPlan): StatementWriter {
  const rendered = documents.stream('statement', plan);
  return {
    stream: rendered.stream,
    contentType: 'application/pdf',
    opened: rendered.opened,
    start() {},
    write: (line) => rendered.write(line),
    whenRead: () => rendered.whenRead(),
    end: () => rendered.end(),
    cancel: () => rendered.cancel(),
  };
}
