import { sql, type SQL } from 'drizzle-orm';
import { contactMessages as m } from './schema';

/** The home's queue: messages nobody has answered yet, and when the oldest came in. */
export function contactQueueSummary(): SQL {
  return sql`select count(*)::int as "count", min(${m.createdAt}) as "oldestAt" from ${m} where ${m.status} = 'new'`;
}
