/** The transaction history page, in one lazy chunk (see app/page-modules.ts). */
import { TransactionsPage } from './transactions-page';
export { TransactionsPage } from './transactions-page';

/** This chunk's pages by route-table path: app/page-modules.ts loads a page by its path. */
export const pages = {
  '/dashboard/my-transactions': TransactionsPage,
};
