import { SUBSCRIBER_CONTRACTS as C } from '@landunits/domain/contracts';
import type { FastifyInstance } from 'fastify';
import { sendCsv } from '../../platform/http/csv';
import { route } from '../auth';
import { exportSubscribers, SUBSCRIBER_CSV_COLUMNS, subscribersCsvName } from './export-subscribers';
import { listSubscribers } from './list-subscribers';

/** Newsletter subscribers for admins with subscribers.read (OWNER, SUPPORT): each route is its contract over one use-case. */
export async function subscriberAdminRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;

  route(app, C.list, ({ query }) => listSubscribers(ctx.db, query));

  route(app, C.csv, async ({ actor, query, reply }) => {
    const rows = await exportSubscribers(ctx, actor, query);
    return sendCsv(reply, subscribersCsvName(ctx.clock.now()), SUBSCRIBER_CSV_COLUMNS, rows);
  });
}
