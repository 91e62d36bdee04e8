/** The notification centre, in one lazy chunk (see app/page-modules.ts). */
import { NotificationsPage } from './notifications-page';
export { NotificationsPage } from './notifications-page';

/** This chunk's pages by route-table path: app/page-modules.ts loads a page by its path. */
export const pages = {
  '/dashboard/notifications': NotificationsPage,
};
