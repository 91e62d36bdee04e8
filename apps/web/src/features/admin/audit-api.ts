import type { AdminRole } from '@landunits/domain';
import { api } from '../../shared/api/api-client';

/** One row of the audit log (GET /api/admin/audit). */
export interface AuditEvent {
  id: string;
  actorUserId: string;
  actorRole: AdminRole;
  at: string;
  action: string;
  targetType: string;
  targetId: string;
  before: unknown;
  after: unknown;
  reason: string | null;
  requestId: string | null;
}

export interface AuditPage {
  events: AuditEvent[];
  total: number;
  page: number;
  pageSize: number;
}

export interface AuditFilters {
  action: string;
  actor: string;
  /** Days, yyyy-mm-dd, in UTC: from the start of `from` to the end of `to`. */
  from: string;
  to: string;
}

export const AUDIT_PAGE_SIZE = 25;
export const auditKey = (filters: AuditFilters, page: number) => ['admin', 'audit', filters, page] as const;

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString();

/** The query string of a page of the log with these filters (empty filters are left out). */
export function auditQuery(filters: AuditFilters, page: number): string {
  const q = new URLSearchParams({ page: String(page), pageSize: String(AUDIT_PAGE_SIZE) });
  if (filters.action) q.set('action', filters.action);
  if (filters.actor.trim()) q.set('actor', filters.actor.trim());
  if (filters.from) q.set('from', `${filters.from}T00:00:00Z`);
  if (filters.to) q.set('to', nextDay(filters.to));
  return q.toString();
}

export const auditApi = {
  list: (filters: AuditFilters, page: number, signal?: AbortSignal) => api.get<AuditPage>(`/admin/audit?${auditQuery(filters, page)}`, { signal }),
};
