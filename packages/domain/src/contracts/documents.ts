import { z } from 'zod';
import { INVOICE_KINDS, InvoiceListQuerySchema, InvoiceOrderQuerySchema, SendInvoiceBodySchema } from '../documents/invoices';
import { UNIT_TYPES } from '../money/unit-types';
import { ORDER_TYPES } from '../orders/status';
import { CertificateFiguresSchema } from '../documents/impact';
import { ShareOfProjectsSchema } from '../projects/your-share';
import { StatementQuerySchema } from '../documents/statement';
import { defineRoute, IsoDateTime } from './contract';

/** "Your impact" on the dashboard: the figures a certificate issued today would state. */
export const YourImpactSchema = CertificateFiguresSchema.extend({
  /** False while the person holds no Units (nothing owned, locked, for sale or queued). */
  holdsUnits: z.boolean(),
  /**
   * Your share of what the land projects report (share of the land × the projects' totals,
   * decision 0065): tonnes of CO₂, trees, metres of hedgerow, hectares, rounded for reading.
   */
  projectShare: ShareOfProjectsSchema,
  /** The same for 100 GBP Units at today's price, for someone who holds none yet. */
  per100Units: z.object({ unitType: z.enum(UNIT_TYPES), units: z.number().int(), valueCents: z.number().int().min(0), share: ShareOfProjectsSchema }),
});
export type YourImpactView = z.output<typeof YourImpactSchema>;

/** A direct impact certificate as its public verification page shows it: no name, no email. */
export const VerifiedCertificateSchema = z.object({
  code: z.string(),
  issuedAt: IsoDateTime,
  figures: CertificateFiguresSchema,
});
export type VerifiedCertificate = z.output<typeof VerifiedCertificateSchema>;

/** Any code: one that cannot be a certificate's (too long, wrong characters) is a 404, as for an unknown one. */
export const CertificateParamsSchema = z.object({ code: z.string() });

const invoiceItem = () =>
  z.object({
    number: z.string(),
    kind: z.enum(INVOICE_KINDS),
    issuedAt: z.string(),
    orderId: z.string(),
    orderType: z.enum(ORDER_TYPES),
    unitType: z.enum(UNIT_TYPES),
    numberOfUnits: z.number().int(),
    currency: z.string(),
    /** What the buyer paid, or what the seller was paid out (cents of `currency`). */
    totalCents: z.number().int(),
  });

export const InvoiceItemSchema = /* @__PURE__ */ invoiceItem();
export type InvoiceItem = z.output<typeof InvoiceItemSchema>;

export const InvoicePageSchema = /* @__PURE__ */ z.object({
  invoices: z.array(InvoiceItemSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type InvoicePage = z.output<typeof InvoicePageSchema>;

export const InvoiceEmailedSchema = /* @__PURE__ */ z.object({ message: z.string(), number: z.string() });

/** Where a person's document stands on the server (decision 0036). */
export const DocumentProgressSchema = /* @__PURE__ */ z.discriminatedUnion('state', [
  z.object({ state: z.literal('idle') }),
  z.object({ state: z.literal('queued'), ahead: z.number().int().nonnegative() }),
  z.object({ state: z.literal('rendering') }),
]);
export type DocumentProgress = z.output<typeof DocumentProgressSchema>;

/** Documents a person downloads: statements, current value, impact certificates, invoices. */
export const DOCUMENT_CONTRACTS = {
  generateStatement: defineRoute({
    method: 'GET',
    path: '/api/utility/generate-statement',
    auth: 'user',
    area: 'Documents',
    summary:
      'A document of the signed-in person, streamed as a download: the transaction statement of a period (PDF, CSV or XLSX), the current value of their holdings or their direct impact certificate (PDF, dated today, with a verification code). Dates are UTC days, both included; without dates, the last 12 months.',
    request: { query: StatementQuerySchema },
    responses: { 200: { mediaType: ['application/pdf', 'text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'] } },
    errors: ['VALIDATION_FAILED', 'RATE_LIMITED'],
  }),
  documentProgress: defineRoute({
    method: 'GET',
    path: '/api/utility/documents/progress',
    auth: 'user',
    area: 'Documents',
    summary:
      "Where the signed-in person's document stands while they wait for it: queued (one document at a time per person and a few at once per server; `ahead` counts the requests before it), rendering, or idle (none asked for, or done).",
    responses: { 200: DocumentProgressSchema },
    errors: [],
  }),
  invoices: defineRoute({
    method: 'GET',
    path: '/api/utility/invoices',
    auth: 'user',
    area: 'Documents',
    summary: "A page of the signed-in person's invoices and sale statements, newest first, by issue date and order id.",
    request: { query: InvoiceListQuerySchema },
    responses: { 200: InvoicePageSchema },
    errors: ['VALIDATION_FAILED'],
  }),
  renderInvoice: defineRoute({
    method: 'GET',
    path: '/api/utility/render-single-transaction-invoice',
    auth: 'user',
    area: 'Documents',
    summary: "The invoice (paid buy) or sale statement (completed sell) of one of the person's orders, as a PDF shown in the browser. 404 for an order without one, or someone else's.",
    request: { query: InvoiceOrderQuerySchema },
    responses: { 200: { mediaType: 'application/pdf' } },
    errors: ['VALIDATION_FAILED', 'NOT_FOUND', 'RATE_LIMITED'],
  }),
  sendInvoice: defineRoute({
    method: 'POST',
    path: '/api/utility/send-single-transaction-invoice',
    auth: 'user',
    area: 'Documents',
    summary: "Emails the invoice or sale statement of one of the person's orders to them, as a PDF attachment (5 an hour).",
    request: { body: SendInvoiceBodySchema },
    responses: { 200: InvoiceEmailedSchema },
    errors: ['VALIDATION_FAILED', 'NOT_FOUND', 'RATE_LIMITED'],
  }),
  yourImpact: defineRoute({
    method: 'GET',
    path: '/api/user/impact',
    auth: 'user',
    area: 'Documents',
    summary:
      "The signed-in person's share of each impact metric today (metric × value today / land value held, per currency held), as the dashboard and the impact certificate show it, and their share of what the land projects report (tonnes of CO₂, trees, metres of hedgerow, hectares: share of the land × the projects' totals), with the same for 100 GBP Units.",
    responses: { 200: YourImpactSchema },
    errors: [],
  }),
  verifyCertificate: defineRoute({
    method: 'GET',
    path: '/api/certificates/:code',
    auth: 'public',
    area: 'Documents',
    summary:
      'A direct impact certificate by its code (case, spaces and dashes ignored): its issue date and figures, without the name or email of its holder. 404 for a code no certificate has, or one that cannot be a code.',
    request: { params: CertificateParamsSchema },
    responses: { 200: VerifiedCertificateSchema },
    errors: ['NOT_FOUND'],
    // A certificate never changes once issued.
    cache: 'public, max-age=3600',
  }),
} as const;
