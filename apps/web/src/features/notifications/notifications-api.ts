import type { NOTIFICATIONS_CONTRACTS, ResponseOf } from '@landunits/domain/contracts';
import { api } from '../../shared/api/api-client';

/** The notification centre's calls (NOTIFICATIONS_CONTRACTS). */
type C = typeof NOTIFICATIONS_CONTRACTS;
export type NotificationsPage = ResponseOf<C['list']>;
type Marked = ResponseOf<C['read']>;

export const notificationsApi = {
  list: (query: { before?: number | undefined; unread?: boolean }, signal?: AbortSignal) =>
    api.get<NotificationsPage>('/notifications', { query: { before: query.before, unread: query.unread ? 'true' : undefined }, signal }),
  markRead: (id: number) => api.post<Marked>(`/notifications/${id}/read`),
  markAllRead: () => api.post<Marked>('/notifications/read-all'),
};
