import { and, desc, eq, or } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { findUsersByIds } from '../users';
import { toAuditEventView, type AuditEventView } from './list-audit-events';
import { auditEvents } from '../../platform/audit/schema';

export interface AuditTarget {
  targetType: string;
  targetId: string;
}

/**
 * The audit rows about any of these targets, newest first (an account's trail: the account itself,
 * its verifications, its email change requests), with who acted by name. Each target is one scan of
 * audit_events_target_idx.
 */
export async function auditTrailOf(db: Db, targets: readonly AuditTarget[], limit = 50): Promise<AuditEventView[]> {
  if (targets.length === 0) return [];
  const rows = await db
    .select()
    .from(auditEvents)
    .where(or(...targets.map((t) => and(eq(auditEvents.targetType, t.targetType), eq(auditEvents.targetId, t.targetId)))))
    .orderBy(desc(auditEvents.at), desc(auditEvents.id))
    .limit(limit);
  const actors = await findUsersByIds(
    db,
    rows.map((row) => row.actorUserId),
  );
  return rows.map((row) => toAuditEventView(row, actors.get(row.actorUserId)));
}
