import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../platform/context';
import { sendPdfBytes } from '../../platform/pdf';
import type { UserRow } from '../users';
import { invoiceFilename, type InvoiceFacts } from './draw-invoice';
import type { InvoiceOrdersReader } from './invoice-order';
import { findOwnInvoice, invoiceFacts, notFound } from './store';

/** GET /api/utility/render-single-transaction-invoice: drawn on request and streamed, never stored. */
export async function renderInvoice(ctx: AppContext, reply: FastifyReply, user: UserRow, orderId: string, readOrders: InvoiceOrdersReader): Promise<FastifyReply> {
  const invoice = await findOwnInvoice(ctx.db, user.id, orderId);
  if (!invoice) throw notFound();
  const facts = await invoiceFacts(ctx.db, invoice, user, readOrders);
  const bytes = await ctx.documents.forPerson(user.id, () => ctx.documents.render('invoice', facts satisfies InvoiceFacts));
  return sendPdfBytes(reply, bytes, { filename: invoiceFilename(facts), inline: true });
}
