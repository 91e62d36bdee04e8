import { pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
// A foreign key only: payments reach orders through the orders module's index.
import { orders } from '../orders/schema';

/**
 * Every payment provider event processed, recorded in the transaction of its effect: the same
 * (provider, event id) delivered again changes nothing.
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    provider: text('provider', { enum: ['stripe', 'square', 'test'] }).notNull(),
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull(),
    orderId: text('order_id').references(() => orders.id),
    /** What processing did: 'completed', 'failed', 'flagged', 'ignored: …'. */
    outcome: text('outcome').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);
