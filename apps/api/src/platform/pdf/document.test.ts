import { describe, expect, it } from 'vitest';
import { pdfPages } from '../../test/pdf-text';
import { createPdf, pdfBytes } from '.';

const at = new Date('2026-11-25T09:00:00Z');

describe('the PDF seam', () => {
  it('numbers every page, repeats the table header and prints names in any script as typed', async () => {
    const bytes = await pdfBytes(createPdf({ title: 'Statement', footer: 'Land Units Ltd', createdAt: at }), (pdf) => {
      pdf.heading('Łukasz Żółć — Ελένη — Дмитрий');
      const table = pdf.table([
        { title: 'Date', width: 2 },
        { title: 'Counterparty', width: 4 },
        { title: 'Amount', width: 2, align: 'right' },
      ]);
      for (let i = 1; i <= 120; i += 1) table.row([`2026-01-${String((i % 28) + 1).padStart(2, '0')}`, `Row ${i}`, '9,999,999,999.99']);
      table.note('A note across every column of the table, wider than any one of them', { muted: true });
    });
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const pages = await pdfPages(bytes);
    expect(pages.length).toBeGreaterThan(2);
    pages.forEach((lines, i) => {
      expect(lines).toContain(`Land Units Ltd Page ${i + 1}`);
      expect(lines.some((l) => l.startsWith('Date Counterparty Amount'))).toBe(true);
    });
    expect(pages[0]).toContain('Łukasz Żółć — Ελένη — Дмитрий');
    const rows = pages.flat().filter((l) => / Row \d+ /.test(l));
    expect(rows).toHaveLength(120);
    expect(rows[119]).toBe('2026-01-09 Row 120 9,999,999,999.99');
    expect(pages.at(-1)).toContain('A note across every column of the table, wider than any one of them');
  });

  it('fits a cell on one line: smaller type, then an ellipsis, never over the next column', async () => {
    const long = 'Bartholomew Maximilian Fitzgerald-Worthington of the Very Long Business Name Limited Partnership';
    const bytes = await pdfBytes(createPdf({ title: 'Invoice', createdAt: at }), (pdf) => {
      const table = pdf.table([
        { title: 'Name', width: 1 },
        { title: 'Amount', width: 1, align: 'right' },
      ]);
      table.row([long, '1,234,567,890.12']);
    });
    const line = (await pdfPages(bytes))[0]!.find((l) => l.startsWith('Bartholomew'));
    expect(line).toMatch(/^Bartholomew .+… 1,234,567,890\.12$/);
  });

  it('gives the same bytes for the same drawing and date', async () => {
    const draw = (pdf: ReturnType<typeof createPdf>) => pdf.paragraph('Same');
    const a = await pdfBytes(createPdf({ title: 'A', createdAt: at }), draw);
    const b = await pdfBytes(createPdf({ title: 'A', createdAt: at }), draw);
    expect(a.equals(b)).toBe(true);
  });
});
