import { NOTIFICATIONS_CONTRACTS as C } from '@landunits/domain/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../auth';
import { listNotifications, markAllRead, markRead, notificationIdOf, unreadCount } from './centre';
import { preferencesOf, savePreferences } from './preferences';

/** The notification centre and its settings (NOTIFICATIONS_CONTRACTS): each route is its contract over one use-case; answers are never cached. */
export async function notificationRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;

  route(app, C.list, ({ user, query }) => listNotifications(ctx, user.id, query));
  route(app, C.unreadCount, ({ user }) => unreadCount(ctx, user.id));
  route(app, C.read, ({ user, params }) => markRead(ctx, user.id, notificationIdOf(params)));
  route(app, C.readAll, ({ user }) => markAllRead(ctx, user.id));
  route(app, C.preferences, ({ user }) => preferencesOf(ctx.db, user.id));
  route(app, C.savePreferences, ({ user, body }) => savePreferences(ctx, user.id, body));
}
