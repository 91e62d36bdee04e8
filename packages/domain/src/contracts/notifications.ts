import { z } from 'zod';
import { NOTIFICATION_CATEGORIES, NotificationPreferencesInputSchema, NotificationsQuerySchema } from '../notifications/notifications';
import { defineRoute, IsoDateTime, MessageSchema } from './contract';

/** The in-app notification centre and the settings of notifications (decision 0030). */

export const NOTIFICATIONS_API = {
  list: '/api/notifications',
  unreadCount: '/api/notifications/unread-count',
  read: '/api/notifications/:id/read',
  readAll: '/api/notifications/read-all',
  preferences: '/api/notifications/preferences',
} as const;

export const NotificationViewSchema = z.object({
  id: z.number().int(),
  category: z.enum(NOTIFICATION_CATEGORIES),
  title: z.string(),
  body: z.string(),
  /** An in-app path, e.g. /dashboard/orders/12. */
  link: z.string(),
  createdAt: IsoDateTime,
  read: z.boolean(),
});
export type NotificationView = z.output<typeof NotificationViewSchema>;

export const NotificationsPageSchema = z.object({
  notifications: z.array(NotificationViewSchema),
  /** The `before` of the next page, or null when this was the last one. */
  nextBefore: z.number().int().nullable(),
});
export type NotificationsPage = z.output<typeof NotificationsPageSchema>;

export const UnreadCountSchema = z.object({ unread: z.number().int() });
export type UnreadCount = z.output<typeof UnreadCountSchema>;

const Switches = z.record(z.string(), z.boolean().nullable());
/** Each category's email and in-app switch: null where the category does not use the channel. */
export const NotificationPreferencesSchema = z.object({
  email: Switches,
  inApp: Switches,
});
export type NotificationPreferences = z.output<typeof NotificationPreferencesSchema>;
const SavedPreferencesSchema = NotificationPreferencesSchema.extend(MessageSchema.shape);

/** Any text: the server answers 404 for an id that is not a number (it names nothing). */
const IdParams = z.object({ id: z.string() });
const area = 'Notifications';

export const NOTIFICATIONS_CONTRACTS = {
  list: defineRoute({
    method: 'GET',
    path: NOTIFICATIONS_API.list,
    auth: 'user',
    area,
    summary: 'The signed-in person’s notifications, newest first, 20 at a time (keyset: before an id), optionally unread only.',
    request: { query: NotificationsQuerySchema },
    responses: { 200: NotificationsPageSchema },
    errors: ['VALIDATION_FAILED', 'RATE_LIMITED'],
  }),
  unreadCount: defineRoute({
    method: 'GET',
    path: NOTIFICATIONS_API.unreadCount,
    auth: 'user',
    area,
    summary: 'How many of the person’s notifications are unread (the bell).',
    responses: { 200: UnreadCountSchema },
    errors: ['RATE_LIMITED'],
  }),
  read: defineRoute({
    method: 'POST',
    path: NOTIFICATIONS_API.read,
    auth: 'user',
    area,
    summary: 'Marks one of the person’s notifications as read (another’s is not found).',
    request: { params: IdParams },
    responses: { 200: MessageSchema.extend({ unread: z.number().int() }) },
    errors: ['NOT_FOUND', 'RATE_LIMITED'],
  }),
  readAll: defineRoute({
    method: 'POST',
    path: NOTIFICATIONS_API.readAll,
    auth: 'user',
    area,
    summary: 'Marks all the person’s notifications as read.',
    responses: { 200: MessageSchema.extend({ unread: z.number().int() }) },
    errors: ['RATE_LIMITED'],
  }),
  preferences: defineRoute({
    method: 'GET',
    path: NOTIFICATIONS_API.preferences,
    auth: 'user',
    area,
    summary: 'Each category’s email and in-app switch; the optional emails are the subscriptions’ switches.',
    responses: { 200: NotificationPreferencesSchema },
    errors: [],
  }),
  savePreferences: defineRoute({
    method: 'PUT',
    path: NOTIFICATIONS_API.preferences,
    auth: 'user',
    area,
    summary: 'Turns categories on or off by channel; emails about money and security cannot be turned off (400).',
    request: { body: NotificationPreferencesInputSchema },
    responses: { 200: SavedPreferencesSchema },
    errors: ['VALIDATION_FAILED', 'BAD_REQUEST', 'RATE_LIMITED'],
  }),
} as const;
