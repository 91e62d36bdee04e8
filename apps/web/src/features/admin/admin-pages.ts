/** The administration page, in one lazy chunk (see app/page-modules.ts). */
export { AdminPage } from './admin-page';
