/** The query key of the header bell's unread count, refreshed by the notification centre. */
export const UNREAD_NOTIFICATIONS_KEY = ['notifications', 'unread-count'] as const;
