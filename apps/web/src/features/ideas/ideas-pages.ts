/** Community ideas, in one lazy chunk (see app/page-modules.ts). */
export { CommunityIdeasPage } from './ideas-page';
export { AdminIdeasPage } from './admin-ideas-page';
