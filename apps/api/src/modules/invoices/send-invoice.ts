import { INVOICE_EMAILS_PER_HOUR, INVOICE_MESSAGES } from '@landunits/domain';
import { HOUR } from '../../platform/clock';
import type { AppContext } from '../../platform/context';
import { inTransaction } from '../../platform/db/transaction';
import { AppError } from '../../platform/http/app-error';
import { enqueueEmail } from '../../platform/mail/outbox';
import { RateLimitedError } from '../../platform/security/rate-limit';
import type { UserRow } from '../users';
import type { InvoiceFacts } from './draw-invoice';
import { invoiceEmail } from './emails';
import type { InvoiceOrdersReader } from './invoice-order';
import { findOwnInvoice, invoiceFacts, notFound } from './store';

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
