import type { ReviewKind } from '@landunits/domain/contracts';
import { sql, type SQL } from 'drizzle-orm';
import { pendingReviewIdsQuery } from '../users';
import { bankVerifications, profileVerifications } from './schema';

/**
 * The admin home's review queues (one row: "count", "oldestAt"): the submissions waiting for
 * review and the oldest submission, as the review queue counts and orders them.
 */
export function reviewQueueSummary(kind: ReviewKind): SQL {
  const v = kind === 'profile' ? profileVerifications : bankVerifications;
  return sql`select count(*)::int as "count", min(coalesce(${v.submittedAt}, ${v.updatedAt})) as "oldestAt" from ${v}
    where ${v.userId} in (${pendingReviewIdsQuery(kind)})`;
}
