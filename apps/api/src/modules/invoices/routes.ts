import { DOCUMENT_CONTRACTS as C } from '@landunits/domain/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../auth';
import type { InvoiceOrdersReader } from './invoice-order';
import { listInvoices } from './list-invoices';
import { renderInvoice } from './render-invoice';
import { sendInvoice } from './send-invoice';

export interface InvoiceRouteOptions {
  /** The orders module's reader of orders (app.ts hands it over: orders issues invoices, so it cannot be imported here). */
  readOrders: InvoiceOrdersReader;
}

/** The sales invoices of SPEC §7 and their list (PRODUCT-DECISIONS §10), for the signed-in person only (DOCUMENT_CONTRACTS). */
export async function invoiceRoutes(app: FastifyInstance, { readOrders }: InvoiceRouteOptions): Promise<void> {
  const ctx = app.ctx;

  route(app, C.invoices, ({ user, query }) => listInvoices(ctx, user, query, readOrders));
  // The PDF, sent by the use-case (private, no-store).
  route(app, C.renderInvoice, ({ user, query, reply }) => renderInvoice(ctx, reply, user, query.orderId, readOrders));
  route(app, C.sendInvoice, ({ user, body }) => sendInvoice(ctx, user, body.orderId, readOrders));
}
