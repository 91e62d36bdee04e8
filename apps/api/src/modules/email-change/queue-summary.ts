import { sql, type SQL } from 'drizzle-orm';
import { emailChangeRequests as r } from './schema';

/**
 * The admin home's queue (one row: "count", "oldestAt"): requests waiting for a decision and when
 * the oldest was submitted, on the queue's partial index.
 */
export function emailChangeQueueSummary(): SQL {
  return sql`select count(*)::int as "count", min(${r.updatedAt}) as "oldestAt" from ${r}
    where ${r.outcome} is null and ${r.status} = 'PendingAdminApproval'`;
}
