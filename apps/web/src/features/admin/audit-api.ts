import type { AuditPage } from '@landunits/domain/contracts';
import { api } from '../../shared/api/api-client';

/** The audit log's rows and pages, as the contract of GET /api/admin/audit says. */
export type { AuditEvent, AuditPage } from '@landunits/domain/contracts';

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
