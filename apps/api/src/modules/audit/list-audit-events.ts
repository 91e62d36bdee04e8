import { auditActionLabel, auditTargetLabel } from '@landunits/domain';
import type { AuditFilterChoices } from '@landunits/domain/contracts';
import { and, asc, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { findUsersByIds, type Person } from '../users';
import { auditEvents, type AuditEventRow } from '../../platform/audit/schema';

export interface AuditFilters {
  actor?: string | undefined;
  action?: string | undefined;
  targetType?: string | undefined;
  targetId?: string | undefined;
  /** Start (inclusive) and end (exclusive) of the period. */
  from?: Date | undefined;
  to?: Date | undefined;
  sortBy?: 'at' | 'action' | 'targetType' | undefined;
  sortDirection?: 'asc' | 'desc' | undefined;
}

export interface AuditQuery extends AuditFilters {
  page: number;
  pageSize: number;
}

const nameOf = (person: Person | undefined) => (person ? [person.firstName, person.lastName].filter(Boolean).join(' ') || person.email : null);

export function toAuditEventView(row: AuditEventRow, actor?: Person) {
  return {
    id: row.id,
    actorUserId: row.actorUserId,
    actorRole: row.actorRole,
    actorName: nameOf(actor),
    actorEmail: actor?.email ?? null,
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

function whereOf(q: AuditFilters): SQL | undefined {
  const filters: SQL[] = [];
  if (q.actor) filters.push(eq(auditEvents.actorUserId, q.actor));
  if (q.action) filters.push(eq(auditEvents.action, q.action));
  if (q.targetType) filters.push(eq(auditEvents.targetType, q.targetType));
  if (q.targetId) filters.push(eq(auditEvents.targetId, q.targetId));
  if (q.from) filters.push(gte(auditEvents.at, q.from));
  if (q.to) filters.push(lt(auditEvents.at, q.to));
  return filters.length > 0 ? and(...filters) : undefined;
}

/** Newest first unless asked otherwise; rows of the same action or target type by time, newest first. */
function orderOf(q: AuditFilters): SQL[] {
  const direction = q.sortDirection === 'asc' ? asc : desc;
  const time = q.sortBy && q.sortBy !== 'at' ? [desc(auditEvents.at), desc(auditEvents.id)] : [direction(auditEvents.at), direction(auditEvents.id)];
  if (q.sortBy === 'action') return [direction(auditEvents.action), ...time];
  if (q.sortBy === 'targetType') return [direction(auditEvents.targetType), direction(auditEvents.targetId), ...time];
  return time;
}

/** The rows matching the filters, sorted, with their actors' names, from `offset`, at most `limit`. */
export async function findAuditEvents(db: Db, q: AuditFilters, limit: number, offset = 0): Promise<AuditEventView[]> {
  const rows = await db
    .select()
    .from(auditEvents)
    .where(whereOf(q))
    .orderBy(...orderOf(q))
    .limit(limit)
    .offset(offset);
  const actors = await findUsersByIds(
    db,
    rows.map((row) => row.actorUserId),
  );
  return rows.map((row) => toAuditEventView(row, actors.get(row.actorUserId)));
}

/** GET /api/admin/audit: the audit rows matching the filters, newest first by default, one page. */
export async function listAuditEvents(db: Db, q: AuditQuery) {
  const [events, total] = await Promise.all([findAuditEvents(db, q, q.pageSize, (q.page - 1) * q.pageSize), db.$count(auditEvents, whereOf(q))]);
  return { events, total, page: q.page, pageSize: q.pageSize };
}

/**
 * GET /api/admin/audit/filters: who has acted (by name, former admins included, with the role of
 * their latest action), and the actions and target types the log holds.
 */
export async function auditFilterChoices(db: Db): Promise<AuditFilterChoices> {
  const [actorRows, actionRows, targetRows] = await Promise.all([
    db.selectDistinctOn([auditEvents.actorUserId], { id: auditEvents.actorUserId, role: auditEvents.actorRole }).from(auditEvents).orderBy(auditEvents.actorUserId, desc(auditEvents.at)),
    db.selectDistinct({ value: auditEvents.action }).from(auditEvents),
    db.selectDistinct({ value: auditEvents.targetType }).from(auditEvents),
  ]);
  const people = await findUsersByIds(
    db,
    actorRows.map((row) => row.id),
  );
  const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
  return {
    actors: actorRows
      .map((row) => {
        const person = people.get(row.id);
        return { id: row.id, name: nameOf(person) ?? `Unknown admin ${row.id.slice(0, 8)}`, email: person?.email ?? null, role: row.role };
      })
      .sort(byName),
    actions: actionRows.map((row) => ({ value: row.value, label: auditActionLabel(row.value) })).sort((a, b) => a.label.localeCompare(b.label)),
    targetTypes: targetRows.map((row) => ({ value: row.value, label: auditTargetLabel(row.value) })).sort((a, b) => a.label.localeCompare(b.label)),
  };
}
