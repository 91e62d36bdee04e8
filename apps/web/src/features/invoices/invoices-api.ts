import { DOCUMENT_CONTRACTS as C } from '@landunits/domain/contracts';
import { call, urlOf, type Query } from '../../shared/api/api-client';

/** The calls of the invoices page (SPEC §7, PRODUCT-DECISIONS §10), each through its contract (DOCUMENT_CONTRACTS). */
export const invoicesApi = {
  list: (query: Query, signal?: AbortSignal) => call(C.invoices, { query, signal }),
  email: (orderId: string) => call(C.sendInvoice, { body: { orderId } }),
};

/** Where the PDF of an order's invoice opens (inline, in a new tab). */
export const invoicePdfUrl = (orderId: string) => urlOf(C.renderInvoice, { query: { orderId } });
