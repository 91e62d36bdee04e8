import { NOTIFICATIONS_CONTRACTS as C } from '@landunits/domain/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../auth';
import { unreadCount } from './count-unread';
import { listNotifications } from './list-notifications';
import { markAllRead } from './mark-all-read';
import { markRead } from './mark-read';
import { savePreferences } from './save-preferences';
import { preferencesOf } from './show-preferences';
import { notificationIdOf } from './store';

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
