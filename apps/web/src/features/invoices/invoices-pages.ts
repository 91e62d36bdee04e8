/** The sales invoices page, in one lazy chunk (see app/page-modules.ts). */
export { SalesInvoicesPage } from './invoices-page';
