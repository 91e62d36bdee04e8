/** Community ideas, in one lazy chunk (see app/page-modules.ts). */
import { AdminIdeasPage } from './admin/admin-ideas-page';
import { CommunityIdeasPage } from './ideas-page';
export { CommunityIdeasPage } from './ideas-page';
export { AdminIdeasPage } from './admin/admin-ideas-page';

/** This chunk's pages by route-table path: app/page-modules.ts loads a page by its path. */
export const pages = {
  '/admin/ideas': AdminIdeasPage,
  '/dashboard/community-ideas': CommunityIdeasPage,
};
