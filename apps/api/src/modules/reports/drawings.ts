import type { MessagePort } from 'node:worker_threads';
import { createPdf, pdfBytes, serveStreamed, type PdfOptions } from '../../platform/pdf';
import { drawCurrentValue, type CurrentValueInput } from './certificates/draw-current-value';
import { drawImpactCertificate, type ImpactCertificateInput } from './certificates/draw-impact-certificate';
import type { StatementLine } from './statement/lines';
import { pdfStatementWriter } from './statement/pdf';
import type { StatementPlan } from './statement/plan';

/**
 * The report documents as a render thread draws them (apps/api/src/pdf-worker.ts), from plain data
 * the main thread read: the same drawing code as before, off the main thread (decision 0036).
 */
export interface ReportDocuments {
  currentValue: { options: PdfOptions; input: CurrentValueInput };
  impactCertificate: { options: PdfOptions; input: ImpactCertificateInput };
  /** Streamed: the plan draws page 1; the lines come in batches. */
  statement: StatementPlan;
}

export const reportDrawings = {
  currentValue: ({ options, input }: ReportDocuments['currentValue']) => pdfBytes(createPdf(options), (pdf) => drawCurrentValue(pdf, input)),
  impactCertificate: ({ options, input }: ReportDocuments['impactCertificate']) => pdfBytes(createPdf(options), (pdf) => drawImpactCertificate(pdf, input)),
};

export const reportStreamedDrawings = {
  statement: (plan: ReportDocuments['statement'], port: MessagePort) => {
    const writer = pdfStatementWriter(plan);
    writer.start(plan);
    return serveStreamed(port, { stream: writer.stream, draw: (line) => writer.write(line as StatementLine), end: () => void writer.end() });
  },
};
