import type { DOCUMENT_CONTRACTS, ResponseOf } from '@landunits/domain/contracts';
import { api, buildUrl, type Query } from '../../shared/api/api-client';

/** The calls of the invoices page (SPEC §7, PRODUCT-DECISIONS §10). */
export const invoicesApi = {
  list: (query: Query, signal?: AbortSignal) => api.get<ResponseOf<typeof DOCUMENT_CONTRACTS.invoices>>('/utility/invoices', { query, signal }),
  email: (orderId: string) => api.post<ResponseOf<typeof DOCUMENT_CONTRACTS.sendInvoice>>('/utility/send-single-transaction-invoice', { orderId }),
};

/** Where the PDF of an order's invoice opens (inline, in a new tab). */
export const invoicePdfUrl = (orderId: string) => buildUrl('/utility/render-single-transaction-invoice', { orderId });
