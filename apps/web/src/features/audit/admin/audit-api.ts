import { ADMIN_CONTRACTS as C } from '@landunits/domain/contracts';
import { call, urlOf } from '../../../shared/api/api-client';

/** The audit log's rows and pages, as the contract of GET /api/admin/audit says. */
export type { AuditEvent, AuditFilterChoices, AuditPage } from '@landunits/domain/contracts';

/**
 * The log's filters, sort and page in the address. Days (`from`, `to`) are yyyy-mm-dd in UTC: from
 * the start of `from` to the end of `to`.
 */
export const AUDIT_DEFAULTS = { actor: '', action: '', targetType: '', targetId: '', from: '', to: '', sort: 'at-desc', page: '1' } as const;
export type AuditParams = Record<keyof typeof AUDIT_DEFAULTS, string>;
export const AUDIT_FILTER_KEYS = ['actor', 'action', 'targetType', 'targetId', 'from', 'to'] as const;

export const AUDIT_SORT_OPTIONS = [
  { value: 'at-desc', label: 'Newest first' },
  { value: 'at-asc', label: 'Oldest first' },
  { value: 'action-asc', label: 'By action' },
  { value: 'targetType-asc', label: 'By target' },
] as const;

export const AUDIT_PAGE_SIZE = 25;
export const AUDIT_ROOT = ['admin', 'audit'] as const;
export const auditKey = (params: AuditParams) => [...AUDIT_ROOT, 'page', params] as const;
export const AUDIT_CHOICES_KEY = [...AUDIT_ROOT, 'filters'] as const;

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString();
const isDay = (day: string) => /^\d{4}-\d{2}-\d{2}$/.test(day) && !Number.isNaN(Date.parse(`${day}T00:00:00Z`));

/** The filters and sort as the API takes them (the same for the page and the CSV export). */
export function auditFilterQuery(params: AuditParams) {
  const [sortBy, sortDirection] = params.sort.split('-');
  return {
    actor: params.actor,
    action: params.action,
    targetType: params.targetType,
    targetId: params.targetId.trim(),
    from: isDay(params.from) ? `${params.from}T00:00:00Z` : '',
    to: isDay(params.to) ? nextDay(params.to) : '',
    sortBy,
    sortDirection,
  };
}

/** The address of the CSV export of what the page shows (every page of it). */
export const auditCsvHref = (params: AuditParams) => urlOf(C.auditCsv, { query: auditFilterQuery(params) });

/** The log's calls, each through its contract (ADMIN_CONTRACTS). */
export const auditApi = {
  list: (params: AuditParams, signal?: AbortSignal) => call(C.audit, { query: { page: params.page, pageSize: AUDIT_PAGE_SIZE, ...auditFilterQuery(params) }, signal }),
  choices: (signal?: AbortSignal) => call(C.auditFilters, { signal }),
};
