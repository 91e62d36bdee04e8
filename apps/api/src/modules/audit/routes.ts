import { ADMIN_CONTRACTS as C } from '@landunits/domain/contracts';
import type { FastifyInstance } from 'fastify';
import { sendCsv } from '../../platform/http/csv';
import { route } from '../auth';
import { AUDIT_CSV_COLUMNS, exportAuditEvents } from './export-audit';
import { auditFilterChoices, listAuditEvents } from './list-audit-events';

const period = (q: { from?: string | undefined; to?: string | undefined }) => ({ from: q.from ? new Date(q.from) : undefined, to: q.to ? new Date(q.to) : undefined });

/** The audit log over HTTP: read-only, for admins with `audit.read` (owners by default); each route is its contract (ADMIN_CONTRACTS). */
export async function auditRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;

  route(app, C.audit, ({ query }) => listAuditEvents(ctx.db, { ...query, ...period(query) }));
  route(app, C.auditFilters, () => auditFilterChoices(ctx.db));
  route(app, C.auditCsv, async ({ actor, query, reply }) => {
    const events = await exportAuditEvents(ctx, actor, { ...query, ...period(query) });
    const day = ctx.clock.now().toISOString().slice(0, 10);
    return sendCsv(reply, `audit-${day}.csv`, AUDIT_CSV_COLUMNS, events);
  });
}
