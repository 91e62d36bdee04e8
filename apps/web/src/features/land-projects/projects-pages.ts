/** Land projects, in one lazy chunk (see app/page-modules.ts). */
import { AdminProjectsPage } from './admin/admin-projects-page';
import { ClosedProjectsPage, LandProjectsPage, OpenProjectsPage } from './projects-page';
export { ClosedProjectsPage, LandProjectsPage, OpenProjectsPage } from './projects-page';
export { AdminProjectsPage } from './admin/admin-projects-page';

/** This chunk's pages by route-table path: app/page-modules.ts loads a page by its path. */
export const pages = {
  '/admin/projects': AdminProjectsPage,
  '/dashboard/projects/open': OpenProjectsPage,
  '/dashboard/projects/close': ClosedProjectsPage,
  '/dashboard/land-projects': LandProjectsPage,
};
