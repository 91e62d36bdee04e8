import type { FastifyInstance } from 'fastify';
import { AuditQuerySchema } from '@landunits/domain/contracts';
import { parseInput } from '../../platform/http/app-error';
import { requirePermission } from '../auth';
import { listAuditEvents } from './list-audit-events';

/** The audit log over HTTP: read-only, for admins with `audit.read` (owners by default). */
export async function auditRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;

  app.get('/api/admin/audit', async (request, reply) => {
    await requirePermission(ctx, request, reply, 'audit.read');
    const q = parseInput(AuditQuerySchema, request.query);
    reply.header('cache-control', 'no-store');
    return listAuditEvents(ctx.db, { ...q, from: q.from ? new Date(q.from) : undefined, to: q.to ? new Date(q.to) : undefined });
  });
}
