import { z } from 'zod';
import { ADMIN_ROLES } from '../admin/permissions';
import { defineRoute, IsoDateTime, PAGING } from './contract';

/** The admin area's own routes (the audit log). Admin routes of other areas live with their area. */

/** GET /api/admin/audit: filters and paging. */
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
  })
  .strict();

/** One row of the append-only audit log. `before` and `after` are whatever the action changed. */
export const AuditEventSchema = z.object({
  id: z.string(),
  actorUserId: z.string(),
  actorRole: z.enum(ADMIN_ROLES),
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

export const ADMIN_CONTRACTS = {
  audit: defineRoute({
    method: 'GET', path: '/api/admin/audit', auth: 'admin', permission: 'audit.read', area: 'Admin',
    summary: 'The audit log, newest first: who (and in which role) did what to which target, when, with before, after and reason.',
    request: { query: AuditQuerySchema },
    responses: { 200: AuditPageSchema },
    errors: ['VALIDATION_FAILED'],
  }),
} as const;
