import { InvoiceListQuerySchema, InvoiceOrderQuerySchema, SendInvoiceBodySchema } from '@landunits/domain';
import type { FastifyInstance } from 'fastify';
import { parseInput } from '../../platform/http/app-error';
import { requireUser } from '../auth';
import type { InvoiceOrdersReader } from './invoice-order';
import { listInvoices, renderInvoice, sendInvoice } from './invoice-service';

export interface InvoiceRouteOptions {
  /** The orders module's reader of orders (app.ts hands it over: orders issues invoices, so it cannot be imported here). */
  readOrders: InvoiceOrdersReader;
}

/** The sales invoices of SPEC §7 and their list (PRODUCT-DECISIONS §10), for the signed-in person only. */
export async function invoiceRoutes(app: FastifyInstance, { readOrders }: InvoiceRouteOptions): Promise<void> {
  const ctx = app.ctx;

  app.get('/api/utility/invoices', async (request, reply) => {
    const user = await requireUser(ctx, request, reply);
    const query = parseInput(InvoiceListQuerySchema, request.query);
    reply.header('cache-control', 'no-store');
    return listInvoices(ctx, user, query, readOrders);
  });

  app.get('/api/utility/render-single-transaction-invoice', async (request, reply) => {
    const user = await requireUser(ctx, request, reply);
    const { orderId } = parseInput(InvoiceOrderQuerySchema, request.query);
    return renderInvoice(ctx, reply, user, orderId, readOrders);
  });

  app.post('/api/utility/send-single-transaction-invoice', async (request, reply) => {
    const user = await requireUser(ctx, request, reply);
    const { orderId } = parseInput(SendInvoiceBodySchema, request.body);
    reply.header('cache-control', 'no-store');
    return sendInvoice(ctx, user, orderId, readOrders);
  });
}
