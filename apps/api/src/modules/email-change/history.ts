import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { emailChangeRequests as r } from './schema';

/** A person's email change requests, newest first (an admin's view of the account; email_change_requests_user_idx). */
export async function emailChangeHistoryOf(db: Db, userId: string, limit = 50) {
  return db
    .select({ id: r.id, status: r.status, outcome: r.outcome, oldEmail: r.oldEmail, newEmail: r.newEmail, createdAt: r.createdAt, decidedAt: r.decidedAt })
    .from(r)
    .where(eq(r.userId, userId))
    .orderBy(desc(r.createdAt), desc(r.id))
    .limit(limit);
}
