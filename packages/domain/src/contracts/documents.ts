import { InvoiceEmailedSchema, InvoiceListQuerySchema, InvoiceOrderQuerySchema, InvoicePageSchema, SendInvoiceBodySchema } from '../documents/invoices';
import { StatementQuerySchema } from '../documents/statement';
import { defineRoute } from './contract';

/** Documents a person downloads: statements, current value, impact certificates, invoices. */
export const DOCUMENT_CONTRACTS = {
  generateStatement: defineRoute({
    method: 'GET', path: '/api/utility/generate-statement', auth: 'user', area: 'Documents',
    summary: 'A document of the signed-in person, streamed as a download: the transaction statement of a period (PDF, CSV or XLSX), the current value of their holdings or their direct impact certificate (PDF, dated today).',
    request: { query: StatementQuerySchema },
    responses: { 200: { mediaType: 'application/pdf' } },
    errors: ['VALIDATION_FAILED'],
  }),
  invoices: defineRoute({
    method: 'GET', path: '/api/utility/invoices', auth: 'user', area: 'Documents',
    summary: "A page of the signed-in person's invoices and sale statements, newest first, by issue date and order id.",
    request: { query: InvoiceListQuerySchema },
    responses: { 200: InvoicePageSchema },
    errors: ['VALIDATION_FAILED'],
  }),
  renderInvoice: defineRoute({
    method: 'GET', path: '/api/utility/render-single-transaction-invoice', auth: 'user', area: 'Documents',
    summary: "The invoice (paid buy) or sale statement (completed sell) of one of the person's orders, as a PDF shown in the browser. 404 for an order without one, or someone else's.",
    request: { query: InvoiceOrderQuerySchema },
    responses: { 200: { mediaType: 'application/pdf' } },
    errors: ['VALIDATION_FAILED', 'NOT_FOUND'],
  }),
  sendInvoice: defineRoute({
    method: 'POST', path: '/api/utility/send-single-transaction-invoice', auth: 'user', area: 'Documents',
    summary: "Emails the invoice or sale statement of one of the person's orders to them, as a PDF attachment (5 an hour).",
    request: { body: SendInvoiceBodySchema },
    responses: { 200: InvoiceEmailedSchema },
    errors: ['VALIDATION_FAILED', 'NOT_FOUND', 'RATE_LIMITED'],
  }),
} as const;
