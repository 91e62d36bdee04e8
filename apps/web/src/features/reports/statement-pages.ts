/** The documents page (statement, current value, impact certificate), in one lazy chunk (see app/page-modules.ts). */
import { StatementPage } from './statement-page';
export { StatementPage } from './statement-page';

/** This chunk's pages by route-table path: app/page-modules.ts loads a page by its path. */
export const pages = {
  '/dashboard/statement': StatementPage,
};
