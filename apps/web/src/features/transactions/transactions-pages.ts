/** The transaction history page, in one lazy chunk (see app/page-modules.ts). */
export { TransactionsPage } from './transactions-page';
