/** The password, security, subscriptions, notification centre and settings, unsubscribe and "This was not me" pages, in one lazy chunk (see app/page-modules.ts). */
import { ChangePasswordPage } from './change-password-page';
import { NotificationSettingsPage } from './notification-settings-page';
import { NotificationsPage } from './notifications-page';
import { NotMePage } from './not-me-page';
import { SecurityPage } from './security-page';
import { SubscriptionsPage } from './subscriptions-page';
import { UnsubscribePage } from './unsubscribe-page';
export { ChangePasswordPage } from './change-password-page';
export { SecurityPage } from './security-page';
export { SubscriptionsPage } from './subscriptions-page';
export { NotificationSettingsPage } from './notification-settings-page';
export { NotificationsPage } from './notifications-page';
export { UnsubscribePage } from './unsubscribe-page';
export { NotMePage } from './not-me-page';

/** This chunk's pages by route-table path: app/page-modules.ts loads a page by its path. */
export const pages = {
  '/dashboard/settings/change-password': ChangePasswordPage,
  '/dashboard/settings/security': SecurityPage,
  '/dashboard/settings/subscriptions': SubscriptionsPage,
  '/dashboard/settings/notifications': NotificationSettingsPage,
  '/dashboard/notifications': NotificationsPage,
  '/unsubscribe': UnsubscribePage,
  '/account/not-me': NotMePage,
};
