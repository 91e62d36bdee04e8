import { ACCOUNT_SETTINGS_CONTRACTS as C, NOTIFICATIONS_CONTRACTS as N, type BodyOf, type ResponseOf } from '@landunits/domain/contracts';
import { call } from '../api/api-client';

/** The calls of the settings pages (SPEC §7) and the notification centre, each through its contract; every error is an ApiError or a NetworkError. */

export type SubscriptionsAnswer = ResponseOf<typeof C.subscriptions>;
export type UnsubscribeTarget = ResponseOf<typeof C.unsubscribeTarget>;
export type Unsubscribed = ResponseOf<typeof C.unsubscribe>;

export type NotificationSwitches = ResponseOf<typeof N.preferences>;
export type NotificationsPage = ResponseOf<typeof N.list>;

export const NOTIFICATION_SETTINGS_QUERY_KEY = ['account-settings', 'notifications'] as const;
export const SUBSCRIPTIONS_QUERY_KEY = ['account-settings', 'subscriptions'] as const;

export const accountSettingsApi = {
  changePassword: (body: BodyOf<typeof C.changePassword>) => call(C.changePassword, { body }),
  subscriptions: (signal?: AbortSignal) => call(C.subscriptions, { signal }),
  saveSubscriptions: (body: SubscriptionsAnswer) => call(C.manageSubscriptions, { body }),
  notificationSettings: (signal?: AbortSignal) => call(N.preferences, { signal }),
  saveNotificationSettings: (body: BodyOf<typeof N.savePreferences>) => call(N.savePreferences, { body }),
  notifications: (query: { before?: number | undefined; unread?: boolean }, signal?: AbortSignal) =>
    call(N.list, { query: { before: query.before, unread: query.unread ? 'true' : undefined }, signal }),
  markNotificationRead: (id: number) => call(N.read, { params: { id } }),
  markAllNotificationsRead: () => call(N.readAll),
  unsubscribeTarget: (token: string, signal?: AbortSignal) => call(C.unsubscribeTarget, { params: { token }, signal }),
  unsubscribe: (token: string) => call(C.unsubscribe, { params: { token } }),
};
