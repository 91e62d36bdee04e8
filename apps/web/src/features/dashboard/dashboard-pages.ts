/** The dashboard feature's page, in one lazy chunk (see app/page-modules.ts). */
export { DashboardPage } from './dashboard-page';
