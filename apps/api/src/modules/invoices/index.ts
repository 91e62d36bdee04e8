export { invoiceRoutes, type InvoiceRouteOptions } from './routes';
export { issueInvoice, type IssueInvoice } from './issue-invoice';
export type { InvoiceOrder, InvoiceOrdersReader } from './invoice-order';
