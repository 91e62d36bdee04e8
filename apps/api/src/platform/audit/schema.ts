import { ADMIN_ROLES } from '@landunits/domain';
import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Every admin action, one row each, written in the transaction of the action (docs/decisions/0014).
 * Append-only: a trigger refuses UPDATE, DELETE and TRUNCATE (migration 0011). The actor is kept as
 * a plain id, not a foreign key, so the row outlives any change to the account.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorUserId: uuid('actor_user_id').notNull(),
    actorRole: text('actor_role', { enum: ADMIN_ROLES }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** What was done, `<area>.<verb>`: 'order.transition', 'referenceCode.create', … */
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    reason: text('reason'),
    requestId: text('request_id'),
  },
  (t) => [
    index('audit_events_at_idx').on(t.at.desc(), t.id.desc()),
    index('audit_events_actor_idx').on(t.actorUserId, t.at.desc()),
    index('audit_events_target_idx').on(t.targetType, t.targetId, t.at.desc()),
    index('audit_events_action_idx').on(t.action, t.at.desc()),
    check('audit_events_actor_role_check', sql`${t.actorRole} in (${sql.raw(ADMIN_ROLES.map((r) => `'${r}'`).join(', '))})`),
  ],
);

export type AuditEventRow = typeof auditEvents.$inferSelect;
