import { NotificationPreferencesInputSchema, NotificationsQuerySchema } from '@landunits/domain';
import { NOTIFICATIONS_API } from '@landunits/domain/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { parseInput } from '../../platform/http/app-error';
import { requireUser } from '../auth';
import { listNotifications, markAllRead, markRead, notificationIdOf, unreadCount } from './centre';
import { preferencesOf, savePreferences } from './preferences';

/** The notification centre and its settings (NOTIFICATIONS_CONTRACTS); answers are never cached. */
export async function notificationRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  const person = async (request: FastifyRequest, reply: FastifyReply) => {
    const user = await requireUser(ctx, request, reply);
    reply.header('cache-control', 'no-store');
    return user.id;
  };

  app.get(NOTIFICATIONS_API.list, async (request, reply) => listNotifications(ctx, await person(request, reply), parseInput(NotificationsQuerySchema, request.query)));
  app.get(NOTIFICATIONS_API.unreadCount, async (request, reply) => unreadCount(ctx, await person(request, reply)));
  app.post(NOTIFICATIONS_API.read, async (request, reply) => {
    const userId = await person(request, reply);
    return markRead(ctx, userId, notificationIdOf(request.params));
  });
  app.post(NOTIFICATIONS_API.readAll, async (request, reply) => markAllRead(ctx, await person(request, reply)));
  app.get(NOTIFICATIONS_API.preferences, async (request, reply) => preferencesOf(ctx.db, await person(request, reply)));
  app.put(NOTIFICATIONS_API.preferences, async (request, reply) => {
    const userId = await person(request, reply);
    return savePreferences(ctx, userId, parseInput(NotificationPreferencesInputSchema, request.body ?? {}));
  });
}
