import { z } from 'zod';

/**
 * Sales invoices (PRODUCT-DECISIONS §10): one invoice per paid buy (Approved or Completed) and one
 * sale statement per completed sell, numbered gaplessly per calendar year (UTC) in one series:
 * `LU-2026-000123`. Listed at /dashboard/sales-invoices, opened as a PDF, emailed as an attachment.
 */

export const INVOICE_KINDS = ['invoice', 'sale_statement'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

export const INVOICE_KIND_LABELS: Record<InvoiceKind, string> = { invoice: 'Invoice', sale_statement: 'Sale statement' };

/** The printed number of the `sequence`-th document of `year`: `LU-2026-000123` (more digits past 999,999). */
export function formatInvoiceNumber(year: number, sequence: number): string {
  return `LU-${year}-${String(sequence).padStart(6, '0')}`;
}

/** How many invoice emails a person may ask for per hour. */
export const INVOICE_EMAILS_PER_HOUR = 5;
export const INVOICE_PAGE_SIZE = 20;
/** The most a person can page into their invoices (offset + page size). */
export const INVOICE_LIST_WINDOW = 10_000;

export const INVOICE_MESSAGES = {
  notFound: 'There is no invoice for this order. An invoice is issued once a purchase is paid, and a sale statement once a sale is completed.',
  orderId: 'Enter an order id (letters and digits, up to 26).',
  date: 'Use a date in the form YYYY-MM-DD.',
  dateOrder: 'The end date must not be before the start date.',
  page: 'Page must be a whole number of at least 1.',
  pageTooFar: 'Only the newest 10,000 invoices can be paged through; narrow the dates to see older ones.',
  tooManyEmails: `You can email yourself ${INVOICE_EMAILS_PER_HOUR} invoices an hour. Please try again later.`,
  emailed: (email: string) => `We have emailed it to ${email}. It can take a few minutes to arrive.`,
  emptyTitle: 'No invoices yet',
  empty:
    'An invoice appears here once a purchase is paid: when we approve your bank or crypto payment, or at once for a card payment. A sale statement appears once a sale is completed and its payout sent.',
  emptyFiltered: 'No invoices match these dates or this order id.',
} as const;

const blankAsAbsent = (v: unknown) => (v === '' ? undefined : v);

const isoDate = () =>
  z
    .string({ message: INVOICE_MESSAGES.date })
    .regex(/^\d{4}-\d{2}-\d{2}$/, INVOICE_MESSAGES.date)
    .refine((s) => {
      const d = new Date(`${s}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
    }, INVOICE_MESSAGES.date);

/** An order id as typed: trimmed, upper-cased, Crockford base 32 letters and digits. */
const orderIdText = () =>
  z
    .string({ message: INVOICE_MESSAGES.orderId })
    .trim()
    .toUpperCase()
    .regex(/^[0-9A-HJKMNP-TV-Z]{1,26}$/, INVOICE_MESSAGES.orderId);

const invoiceListQuery = () =>
  z
    .object({
      page: z.preprocess(blankAsAbsent, z.coerce.number({ message: INVOICE_MESSAGES.page }).int(INVOICE_MESSAGES.page).min(1, INVOICE_MESSAGES.page).max(1_000_000, INVOICE_MESSAGES.page).default(1)),
      fromDate: z.preprocess(blankAsAbsent, isoDate().optional()),
      toDate: z.preprocess(blankAsAbsent, isoDate().optional()),
      /** A whole order id, or a part of one (the bank payment reference is its last 5 characters). */
      orderId: z.preprocess(blankAsAbsent, orderIdText().optional()),
    })
    .superRefine((q, issues) => {
      if (q.fromDate && q.toDate && q.toDate < q.fromDate) issues.addIssue({ code: 'custom', path: ['toDate'], message: INVOICE_MESSAGES.dateOrder });
      if (q.page * INVOICE_PAGE_SIZE > INVOICE_LIST_WINDOW) issues.addIssue({ code: 'custom', path: ['page'], message: INVOICE_MESSAGES.pageTooFar });
    });

/** GET /api/utility/invoices: a page of the person's invoices, newest first, by issue date (UTC days, both included) and order id. */
export const InvoiceListQuerySchema = /* @__PURE__ */ invoiceListQuery();
export type InvoiceListQuery = z.output<typeof InvoiceListQuerySchema>;

const invoiceOrder = () => z.object({ orderId: z.string().trim().toUpperCase().max(64, INVOICE_MESSAGES.orderId).min(1, INVOICE_MESSAGES.orderId) });

/** GET /api/utility/render-single-transaction-invoice?orderId= (SPEC §7). */
export const InvoiceOrderQuerySchema = /* @__PURE__ */ invoiceOrder();
/** POST /api/utility/send-single-transaction-invoice {orderId} (SPEC §7). */
export const SendInvoiceBodySchema = /* @__PURE__ */ invoiceOrder();
