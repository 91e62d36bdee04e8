import { pdfBytes } from '../../platform/pdf';
import { drawInvoice, invoicePdf, type InvoiceFacts } from './draw-invoice';

/** An invoice or sale statement as a render thread draws it (apps/api/src/pdf-worker.ts; decision 0036). */
export const invoiceDrawings = {
  invoice: (facts: InvoiceFacts) => pdfBytes(invoicePdf(facts), (pdf) => drawInvoice(pdf, facts)),
};
