import { sql, type SQL } from 'drizzle-orm';
import { agentApplications as a } from './schema';

/** The home's queue: applications waiting for a decision, and when the oldest was sent. */
export function agentApplicationsQueueSummary(): SQL {
  return sql`select count(*)::int as "count", min(${a.createdAt}) as "oldestAt" from ${a} where ${a.status} = 'pending'`;
}
