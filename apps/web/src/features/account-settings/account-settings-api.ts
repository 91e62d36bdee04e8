import type { ACCOUNT_SETTINGS_CONTRACTS, BodyOf, NOTIFICATIONS_CONTRACTS, ResponseOf } from '@landunits/domain/contracts';
import { api } from '../../shared/api/api-client';

/** The calls of the settings pages (SPEC §7) and the notification centre; every error is an ApiError or a NetworkError. */

type C = typeof ACCOUNT_SETTINGS_CONTRACTS;
export type ChangePasswordBody = BodyOf<C['changePassword']>;
export type SubscriptionsAnswer = ResponseOf<C['subscriptions']>;
export type SubscriptionsSaved = ResponseOf<C['manageSubscriptions']>;
export type UnsubscribeTarget = ResponseOf<C['unsubscribeTarget']>;
export type Unsubscribed = ResponseOf<C['unsubscribe']>;

const unsubscribePath = (token: string) => `/unsubscribe/${encodeURIComponent(token)}`;

export type NotificationSwitches = ResponseOf<typeof NOTIFICATIONS_CONTRACTS.preferences>;
type NotificationSwitchesSaved = ResponseOf<typeof NOTIFICATIONS_CONTRACTS.savePreferences>;
export type NotificationsPage = ResponseOf<typeof NOTIFICATIONS_CONTRACTS.list>;
type Marked = ResponseOf<typeof NOTIFICATIONS_CONTRACTS.read>;

export const NOTIFICATION_SETTINGS_QUERY_KEY = ['account-settings', 'notifications'] as const;
export const SUBSCRIPTIONS_QUERY_KEY = ['account-settings', 'subscriptions'] as const;

export const accountSettingsApi = {
  changePassword: (body: ChangePasswordBody) => api.post<ResponseOf<C['changePassword']>>('/user/update_user_password', body),
  subscriptions: (signal?: AbortSignal) => api.get<SubscriptionsAnswer>('/user/subscriptions', { signal }),
  saveSubscriptions: (body: SubscriptionsAnswer) => api.post<SubscriptionsSaved>('/user/manage-user-subscriptions', body),
  notificationSettings: (signal?: AbortSignal) => api.get<NotificationSwitches>('/notifications/preferences', { signal }),
  saveNotificationSettings: (body: BodyOf<typeof NOTIFICATIONS_CONTRACTS.savePreferences>) => api.put<NotificationSwitchesSaved>('/notifications/preferences', body),
  notifications: (query: { before?: number | undefined; unread?: boolean }, signal?: AbortSignal) =>
    api.get<NotificationsPage>('/notifications', { query: { before: query.before, unread: query.unread ? 'true' : undefined }, signal }),
  markNotificationRead: (id: number) => api.post<Marked>(`/notifications/${id}/read`),
  markAllNotificationsRead: () => api.post<Marked>('/notifications/read-all'),
  unsubscribeTarget: (token: string, signal?: AbortSignal) => api.get<UnsubscribeTarget>(unsubscribePath(token), { signal }),
  unsubscribe: (token: string) => api.post<Unsubscribed>(unsubscribePath(token)),
};
