import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parseInput } from '../../platform/http/app-error';
import { requirePermission } from '../auth';
import { listAuditEvents } from './list-audit-events';

const AuditQuerySchema = z
  .object({
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(50),
    actor: z.uuid().optional(),
    action: z.string().trim().min(1).max(100).optional(),
    targetType: z.string().trim().min(1).max(100).optional(),
    targetId: z.string().trim().min(1).max(200).optional(),
    from: z.iso.datetime({ offset: true }).optional(),
    to: z.iso.datetime({ offset: true }).optional(),
  })
  .strict();

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
