import { currencyOf, INVOICE_EMAILS_PER_HOUR, INVOICE_MESSAGES, INVOICE_PAGE_SIZE, type InvoiceListQuery } from '@landunits/domain';
import type { InvoicePage } from '@landunits/domain/contracts';
import type { FastifyReply } from 'fastify';
import { HOUR } from '../../platform/clock';
import type { AppContext } from '../../platform/context';
import { inTransaction } from '../../platform/db/transaction';
import { AppError } from '../../platform/http/app-error';
import { enqueueEmail } from '../../platform/mail/outbox';
import { sendPdfBytes } from '../../platform/pdf';
import { RateLimitedError } from '../../platform/security/rate-limit';
import type { UserRow } from '../users';
import { invoiceFilename, type InvoiceFacts } from './draw-invoice';
import { invoiceEmail } from './emails';
import { findInvoicePage, findOwnInvoice } from './find-invoices';
import { invoiceFacts } from './invoice-facts';
import type { InvoiceOrdersReader } from './invoice-order';

const notFound = () => new AppError('NOT_FOUND', INVOICE_MESSAGES.notFound);

/** GET /api/utility/render-single-transaction-invoice: drawn on request and streamed, never stored. */
export async function renderInvoice(ctx: AppContext, reply: FastifyReply, user: UserRow, orderId: string, readOrders: InvoiceOrdersReader): Promise<FastifyReply> {
  const invoice = await findOwnInvoice(ctx.db, user.id, orderId);
  if (!invoice) throw notFound();
  const facts = await invoiceFacts(ctx.db, invoice, user, readOrders);
  const bytes = await ctx.documents.forPerson(user.id, () => ctx.documents.render('invoice', facts satisfies InvoiceFacts));
  return sendPdfBytes(reply, bytes, { filename: invoiceFilename(facts), inline: true });
}

/**
 * POST /api/utility/send-single-transaction-invoice: the PDF attached to an email to the person's
 * own address, queued in one transaction. At most INVOICE_EMAILS_PER_HOUR an hour per person
 * (counted once the invoice is found, so a mistyped order id costs nothing).
 */
export async function sendInvoice(ctx: AppContext, user: UserRow, orderId: string, readOrders: InvoiceOrdersReader): Promise<{ message: string; number: string }> {
  const invoice = await findOwnInvoice(ctx.db, user.id, orderId);
  if (!invoice) throw notFound();
  try {
    await ctx.limiter.hit({ key: `invoice-email:user:${user.id}`, max: INVOICE_EMAILS_PER_HOUR, windowMs: HOUR });
  } catch (error) {
    if (!(error instanceof RateLimitedError)) throw error;
    const limited = new AppError('RATE_LIMITED', INVOICE_MESSAGES.tooManyEmails);
    limited.headers = error.headers;
    throw limited;
  }
  const facts = await invoiceFacts(ctx.db, invoice, user, readOrders);
  const bytes = await ctx.documents.forPerson(user.id, () => ctx.documents.render('invoice', facts satisfies InvoiceFacts));
  await inTransaction(ctx.db, (tx) => enqueueEmail(ctx, tx, invoiceEmail(facts, user.firstName, bytes, `${ctx.config.publicUrl}/dashboard/sales-invoices`)));
  return { message: INVOICE_MESSAGES.emailed(user.email), number: invoice.number };
}

/** GET /api/utility/invoices: a page of the person's invoices with each order's type, units and total. */
export async function listInvoices(ctx: AppContext, user: UserRow, query: InvoiceListQuery, readOrders: InvoiceOrdersReader): Promise<InvoicePage> {
  const { rows, total } = await findInvoicePage(ctx.db, user.id, query);
  const orders = await readOrders(
    ctx.db,
    rows.map((r) => r.orderId),
  );
  return {
    invoices: rows.flatMap((row) => {
      const order = orders.get(row.orderId);
      if (!order) return [];
      const totalCents = row.kind === 'sale_statement' ? (order.payout?.amountCents ?? order.sell?.payoutAmount ?? order.payment?.paymentAmount ?? 0) : (order.payment?.paymentAmount ?? 0);
      return [
        {
          number: row.number,
          kind: row.kind,
          issuedAt: row.issuedAt.toISOString(),
          orderId: row.orderId,
          orderType: order.orderType,
          unitType: order.unitType,
          numberOfUnits: order.numberOfUnits,
          currency: currencyOf(order.unitType),
          totalCents,
        },
      ];
    }),
    total,
    page: query.page,
    pageSize: INVOICE_PAGE_SIZE,
  };
}
