import { z } from 'zod';
import { ADMIN_ROLES } from '../admin/permissions';
import { defineRoute, IsoDateTime, PAGING } from './contract';

/** The admin area's own routes (the audit log). Admin routes of other areas live with their area. */

export const AUDIT_SORTS = ['at', 'action', 'targetType'] as const;

/** GET /api/admin/audit: filters, sort and paging. */
export const AuditQuerySchema = z
  .object({
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(50),
    actor: z.uuid().optional(),
    action: z.string().trim().min(1).max(100).optional(),
    targetType: z.string().trim().min(1).max(100).optional(),
    targetId: z.string().trim().min(1).max(200).optional(),
    from: z.iso.datetime({ offset: true }).optional(),
    to: z.iso.datetime({ offset: true }).optional(),
    sortBy: z.enum(AUDIT_SORTS).default('at'),
    sortDirection: z.enum(['asc', 'desc']).default('desc'),
  })
  .strict();
export type AuditQueryValues = z.input<typeof AuditQuerySchema>;

/** GET /api/admin/audit.csv: the same filters and sort, every matching row (up to the export cap). */
export const AuditExportQuerySchema = AuditQuerySchema.omit({ page: true, pageSize: true });

/** The most rows one CSV export holds (newest first by default); narrow the filters for more. */
export const AUDIT_EXPORT_MAX_ROWS = 10_000;

/** One row of the append-only audit log. `before` and `after` are whatever the action changed. */
export const AuditEventSchema = z.object({
  id: z.string(),
  actorUserId: z.string(),
  actorRole: z.enum(ADMIN_ROLES),
  /** The actor's name and email as they are now (null if the account is gone). */
  actorName: z.string().nullable(),
  actorEmail: z.string().nullable(),
  at: IsoDateTime,
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  reason: z.string().nullable(),
  requestId: z.string().nullable(),
});
export type AuditEvent = z.output<typeof AuditEventSchema>;

export const AuditPageSchema = z.object({ events: z.array(AuditEventSchema), ...PAGING });
export type AuditPage = z.output<typeof AuditPageSchema>;

/** GET /api/admin/audit/filters: the choices of the log's filters, taken from the log itself. */
export const AuditFilterChoicesSchema = z.object({
  /** Every admin who has acted, by name (former admins too). */
  actors: z.array(z.object({ id: z.string(), name: z.string(), email: z.string().nullable(), role: z.enum(ADMIN_ROLES).nullable() })),
  actions: z.array(z.object({ value: z.string(), label: z.string() })),
  targetTypes: z.array(z.object({ value: z.string(), label: z.string() })),
});
export type AuditFilterChoices = z.output<typeof AuditFilterChoicesSchema>;

export const ADMIN_CONTRACTS = {
  audit: defineRoute({
    method: 'GET',
    path: '/api/admin/audit',
    auth: 'admin',
    permission: 'audit.read',
    area: 'Admin',
    summary: 'The audit log, newest first: who (and in which role) did what to which target, when, with before, after and reason.',
    request: { query: AuditQuerySchema },
    responses: { 200: AuditPageSchema },
    errors: ['VALIDATION_FAILED'],
  }),
  auditFilters: defineRoute({
    method: 'GET',
    path: '/api/admin/audit/filters',
    auth: 'admin',
    permission: 'audit.read',
    area: 'Admin',
    summary: 'The admins who have acted, the actions and the target types the log holds: the choices of its filters.',
    responses: { 200: AuditFilterChoicesSchema },
    errors: [],
  }),
  auditCsv: defineRoute({
    method: 'GET',
    path: '/api/admin/audit.csv',
    auth: 'admin',
    permission: 'audit.read',
    area: 'Admin',
    summary: 'The audit log as CSV with the same filters and sort (at most 10,000 rows); the export itself is written to the log.',
    request: { query: AuditExportQuerySchema },
    responses: { 200: { mediaType: 'text/csv' } },
    errors: ['VALIDATION_FAILED'],
  }),
} as const;
