/** Land projects, in one lazy chunk (see app/page-modules.ts). */
export { ClosedProjectsPage, LandProjectsPage, OpenProjectsPage } from './projects-page';
export { AdminProjectsPage } from './admin-projects-page';
