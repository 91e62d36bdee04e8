import type { AdminRole } from '@landunits/domain';
import type { Db } from '../db/client';
import { auditEvents } from './schema';

/** Who did an admin action, and in which request: passed from the route as plain values. */
export interface AuditActor {
  userId: string;
  role: AdminRole;
  /** The request's id (Fastify's `request.id`), to find the action in the logs. */
  requestId?: string | null;
}

export interface AuditEvent {
  actor: AuditActor;
  at: Date;
  /** What was done, `<area>.<verb>`: 'order.transition', 'referenceCode.create', … */
  action: string;
  targetType: string;
  targetId: string;
  before?: unknown;
  after?: unknown;
  reason?: string | null;
}

/**
 * Writes one audit row. Call it with the transaction of the action it records, so the row and the
 * change are committed together or not at all.
 */
export async function recordAudit(tx: Db, event: AuditEvent): Promise<void> {
  await tx.insert(auditEvents).values({
    actorUserId: event.actor.userId,
    actorRole: event.actor.role,
    at: event.at,
    action: event.action,
    targetType: event.targetType,
    targetId: event.targetId,
    before: event.before ?? null,
    after: event.after ?? null,
    reason: event.reason ?? null,
    requestId: event.actor.requestId ?? null,
  });
}
