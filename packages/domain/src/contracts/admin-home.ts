import { z } from 'zod';
import { defineRoute, IsoDateTime } from './contract';

/**
 * The admin home (PRODUCT-DECISIONS §12): every queue the signed-in admin's role acts on, with how
 * many items wait and how long the oldest has waited. The server decides which queues a role sees.
 */

export const AdminQueueSchema = z.object({
  /** Stable name of the queue ('payments', 'contactMessages', …). */
  key: z.string(),
  label: z.string(),
  /** The admin section that works the queue. */
  path: z.string(),
  count: z.number().int().min(0),
  /** When the oldest waiting item started waiting; null when nothing waits. */
  oldestAt: IsoDateTime.nullable(),
  /** How long the oldest item has waited, in ms, by the server's clock (the page words it). */
  oldestAgeMs: z.number().int().min(0).nullable(),
});
export type AdminQueue = z.output<typeof AdminQueueSchema>;

export const AdminHomeSchema = z.object({
  /** Queues with waiting items first, oldest item first; then the empty ones. */
  queues: z.array(AdminQueueSchema),
  at: IsoDateTime,
});
export type AdminHome = z.output<typeof AdminHomeSchema>;

export const ADMIN_HOME_CONTRACTS = {
  home: defineRoute({
    method: 'GET',
    path: '/api/admin/home',
    auth: 'admin',
    permission: 'home.read',
    area: 'Admin',
    summary: 'The queues the admin’s role acts on: count and age of the oldest item, oldest first.',
    responses: { 200: AdminHomeSchema },
    errors: [],
  }),
} as const;
