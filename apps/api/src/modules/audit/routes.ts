import type { FastifyInstance } from 'fastify';
import { AuditExportQuerySchema, AuditQuerySchema } from '@landunits/domain/contracts';
import { parseInput } from '../../platform/http/app-error';
import { sendCsv } from '../../platform/http/csv';
import { requirePermission } from '../auth';
import { AUDIT_CSV_COLUMNS, exportAuditEvents } from './export-audit';
import { auditFilterChoices, listAuditEvents } from './list-audit-events';

const period = (q: { from?: string | undefined; to?: string | undefined }) => ({ from: q.from ? new Date(q.from) : undefined, to: q.to ? new Date(q.to) : undefined });

/** The audit log over HTTP: read-only, for admins with `audit.read` (owners by default). */
export async function auditRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;

  app.get('/api/admin/audit', async (request, reply) => {
    await requirePermission(ctx, request, reply, 'audit.read');
    const q = parseInput(AuditQuerySchema, request.query);
    reply.header('cache-control', 'no-store');
    return listAuditEvents(ctx.db, { ...q, ...period(q) });
  });

  app.get('/api/admin/audit/filters', async (request, reply) => {
    await requirePermission(ctx, request, reply, 'audit.read');
    reply.header('cache-control', 'no-store');
    return auditFilterChoices(ctx.db);
  });

  app.get('/api/admin/audit.csv', async (request, reply) => {
    const admin = await requirePermission(ctx, request, reply, 'audit.read');
    const q = parseInput(AuditExportQuerySchema, request.query);
    const events = await exportAuditEvents(ctx, { userId: admin.id, role: admin.adminRole, requestId: request.id }, { ...q, ...period(q) });
    const day = ctx.clock.now().toISOString().slice(0, 10);
    return sendCsv(reply, `audit-${day}.csv`, AUDIT_CSV_COLUMNS, events);
  });
}
