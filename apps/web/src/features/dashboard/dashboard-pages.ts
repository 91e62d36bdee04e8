/** The dashboard feature's page, in one lazy chunk (see app/page-modules.ts). */
import { DashboardPage } from './dashboard-page';
export { DashboardPage } from './dashboard-page';

/** This chunk's pages by route-table path: app/page-modules.ts loads a page by its path. */
export const pages = {
  '/dashboard': DashboardPage,
};
