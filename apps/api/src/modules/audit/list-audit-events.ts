import { and, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { auditEvents, type AuditEventRow } from './schema';

export interface AuditQuery {
  page: number;
  pageSize: number;
  actor?: string | undefined;
  action?: string | undefined;
  targetType?: string | undefined;
  targetId?: string | undefined;
  /** Start (inclusive) and end (exclusive) of the period. */
  from?: Date | undefined;
  to?: Date | undefined;
}

export function toAuditEventView(row: AuditEventRow) {
  return {
    id: row.id,
    actorUserId: row.actorUserId,
    actorRole: row.actorRole,
    at: row.at.toISOString(),
    action: row.action,
    targetType: row.targetType,
    targetId: row.targetId,
    before: row.before,
    after: row.after,
    reason: row.reason,
    requestId: row.requestId,
  };
}
export type AuditEventView = ReturnType<typeof toAuditEventView>;

/** GET /api/admin/audit: the audit rows matching the filters, newest first, one page. */
export async function listAuditEvents(db: Db, q: AuditQuery) {
  const filters: SQL[] = [];
  if (q.actor) filters.push(eq(auditEvents.actorUserId, q.actor));
  if (q.action) filters.push(eq(auditEvents.action, q.action));
  if (q.targetType) filters.push(eq(auditEvents.targetType, q.targetType));
  if (q.targetId) filters.push(eq(auditEvents.targetId, q.targetId));
  if (q.from) filters.push(gte(auditEvents.at, q.from));
  if (q.to) filters.push(lt(auditEvents.at, q.to));
  const where = filters.length > 0 ? and(...filters) : undefined;
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(auditEvents)
      .where(where)
      .orderBy(desc(auditEvents.at), desc(auditEvents.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.$count(auditEvents, where),
  ]);
  return { events: rows.map(toAuditEventView), total, page: q.page, pageSize: q.pageSize };
}
