import type { StaffSecurityEvent } from '@landunits/domain';
import { recordAudit } from '../../platform/audit/record-audit';
import type { Db } from '../../platform/db/client';
import type { UserRow } from '../users';

/**
 * Security events of staff accounts, also written to the audit log: whoever reviews the log sees when an admin's factors changed, where they signed in
 * from, when they confirmed a decision on money and when a sign-in was stopped. The admin is both
 * the actor and the target (`admin`); the row is written in the event's own transaction.
 * A person who is not staff gets the email and the notification only. The events and their labels:
 * `STAFF_SECURITY_EVENT_LABELS` (domain).
 */
export async function auditStaffSecurity(tx: Db, user: Pick<UserRow, 'id' | 'adminRole'>, event: StaffSecurityEvent, at: Date, details?: Record<string, unknown>): Promise<void> {
  if (!user.adminRole) return;
  await recordAudit(tx, { actor: { userId: user.id, role: user.adminRole }, at, action: `security.${event}`, targetType: 'admin', targetId: user.id, after: details ?? null });
}
