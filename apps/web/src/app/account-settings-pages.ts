/** The password, security, subscriptions, notification centre and settings, unsubscribe and "This was not me" pages, in one lazy chunk (see app/page-modules.ts). */
import { ChangePasswordPage } from '../features/auth/change-password-page';
import { NotificationSettingsPage } from '../features/notifications/notification-settings-page';
import { NotificationsPage } from '../features/notifications/notifications-page';
import { NotMePage } from '../features/auth/not-me-page';
import { SecurityPage } from '../features/auth/security-page';
import { SubscriptionsPage } from '../features/newsletter/subscriptions-page';
import { UnsubscribePage } from '../features/newsletter/unsubscribe-page';
export { ChangePasswordPage } from '../features/auth/change-password-page';
export { SecurityPage } from '../features/auth/security-page';
export { SubscriptionsPage } from '../features/newsletter/subscriptions-page';
export { NotificationSettingsPage } from '../features/notifications/notification-settings-page';
export { NotificationsPage } from '../features/notifications/notifications-page';
export { UnsubscribePage } from '../features/newsletter/unsubscribe-page';
export { NotMePage } from '../features/auth/not-me-page';

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
