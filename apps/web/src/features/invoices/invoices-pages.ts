/** The sales invoices page, in one lazy chunk (see app/page-modules.ts). */
import { SalesInvoicesPage } from './invoices-page';
export { SalesInvoicesPage } from './invoices-page';

/** This chunk's pages by route-table path: app/page-modules.ts loads a page by its path. */
export const pages = {
  '/dashboard/sales-invoices': SalesInvoicesPage,
};
