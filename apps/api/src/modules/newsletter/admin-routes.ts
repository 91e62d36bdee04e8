import { SubscribersCsvQuerySchema, SubscribersQuerySchema } from '@landunits/domain/contracts';
import type { FastifyInstance } from 'fastify';
import { parseInput } from '../../platform/http/app-error';
import { sendCsv } from '../../platform/http/csv';
import { requirePermission } from '../auth';
import { exportSubscribers, listSubscribers, SUBSCRIBER_CSV_COLUMNS, subscribersCsvName } from './admin-subscribers';

/** Newsletter subscribers for admins with subscribers.read (OWNER, SUPPORT). */
export async function subscriberAdminRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;

  app.get('/api/admin/subscribers', async (request, reply) => {
    await requirePermission(ctx, request, reply, 'subscribers.read');
    const q = parseInput(SubscribersQuerySchema, request.query);
    reply.header('cache-control', 'no-store');
    return listSubscribers(ctx.db, q);
  });

  app.get('/api/admin/subscribers.csv', async (request, reply) => {
    const admin = await requirePermission(ctx, request, reply, 'subscribers.read');
    const q = parseInput(SubscribersCsvQuerySchema, request.query);
    const rows = await exportSubscribers(ctx, { userId: admin.id, role: admin.adminRole, requestId: request.id }, q);
    return sendCsv(reply, subscribersCsvName(ctx.clock.now()), SUBSCRIBER_CSV_COLUMNS, rows);
  });
}
