import { formatDate, INVOICE_KIND_LABELS } from '@landunits/domain';
import { attachment, hello, renderEmail, type EmailMessage } from '../../platform/mail/layout';
import { invoiceFilename, type InvoiceFacts } from './draw-invoice';

/** The email a person asks for from /dashboard/sales-invoices: a few lines and the PDF attached. */
export function invoiceEmail(facts: InvoiceFacts, firstName: string, pdf: Uint8Array, pageUrl: string): EmailMessage {
  const what = INVOICE_KIND_LABELS[facts.kind].toLowerCase();
  return {
    ...renderEmail(facts.customer.email, {
      subject: `Your ${what} ${facts.number}`,
      greeting: hello({ firstName }),
      paragraphs: [`As you asked, your ${what} ${facts.number} for order ${facts.order.id} is attached as a PDF.`, 'Your invoices and sale statements are always on your invoices page.'],
      details: [
        { label: INVOICE_KIND_LABELS[facts.kind], value: facts.number },
        { label: 'Issue date', value: formatDate(facts.issuedAt, 'DD MMM YYYY') },
        { label: 'Order', value: facts.order.id },
      ],
      action: { label: 'Your invoices', url: pageUrl },
    }),
    attachments: [attachment(invoiceFilename(facts), 'application/pdf', pdf)],
  };
}
