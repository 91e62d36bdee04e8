import { AUDIT_EXPORT_MAX_ROWS, type AuditEvent } from '@landunits/domain/contracts';
import { auditActionLabel } from '@landunits/domain';
import type { AppContext } from '../../platform/context';
import type { CsvColumn } from '../../platform/http/csv';
import { findAuditEvents, type AuditFilters } from './list-audit-events';
import { recordAudit, type AuditActor } from '../../platform/audit/record-audit';

/** The columns of the CSV export: one row per action, before and after as JSON. */
export const AUDIT_CSV_COLUMNS: readonly CsvColumn<AuditEvent>[] = [
  { header: 'At (UTC)', value: (e) => e.at },
  { header: 'Admin', value: (e) => e.actorName },
  { header: 'Admin email', value: (e) => e.actorEmail },
  { header: 'Admin id', value: (e) => e.actorUserId },
  { header: 'Role', value: (e) => e.actorRole },
  { header: 'Action', value: (e) => e.action },
  { header: 'Action name', value: (e) => auditActionLabel(e.action) },
  { header: 'Target type', value: (e) => e.targetType },
  { header: 'Target id', value: (e) => e.targetId },
  { header: 'Reason', value: (e) => e.reason },
  { header: 'Before', value: (e) => (e.before == null ? null : JSON.stringify(e.before)) },
  { header: 'After', value: (e) => (e.after == null ? null : JSON.stringify(e.after)) },
  { header: 'Request id', value: (e) => e.requestId },
];

/** The filters as the export's audit row keeps them: only those given, dates as ISO strings. */
function filtersOf(q: AuditFilters): Record<string, string> {
  const entries = Object.entries(q).filter(([, value]) => value !== undefined && value !== '');
  return Object.fromEntries(entries.map(([key, value]) => [key, value instanceof Date ? value.toISOString() : String(value)]));
}

/**
 * GET /api/admin/audit.csv: the rows matching the filters (at most AUDIT_EXPORT_MAX_ROWS), read in
 * the transaction that writes the export's own audit row (`audit.export`, with the filters and the
 * number of rows), so a download is never missing from the log.
 */
export async function exportAuditEvents(ctx: AppContext, admin: AuditActor, q: AuditFilters): Promise<AuditEvent[]> {
  return ctx.db.transaction(async (tx) => {
    const events = await findAuditEvents(tx, q, AUDIT_EXPORT_MAX_ROWS);
    await recordAudit(tx, {
      actor: admin,
      at: ctx.clock.now(),
      action: 'audit.export',
      targetType: 'audit',
      targetId: 'csv',
      before: null,
      after: { filters: filtersOf(q), rows: events.length, truncated: events.length === AUDIT_EXPORT_MAX_ROWS },
    });
    return events;
  });
}
