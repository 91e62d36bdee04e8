import { REVIEW_QUEUE_CAP, type ReviewKind, type ReviewQueue } from '@landunits/domain/contracts';
import { asc, inArray } from 'drizzle-orm';
import type { DbContext } from '../../platform/context';
import { findUsersInVerificationStatus } from '../users';
import { bankVerifications, profileVerifications } from './schema';

/** A person's name as admins read it: the business's for a business, else first and last name. */
export function displayName(person: { firstName: string; lastName: string | null; businessName: string | null; userType: string }): string {
  const own = `${person.firstName} ${person.lastName ?? ''}`.trim();
  return person.userType === 'BUSINESS' && person.businessName ? `${person.businessName} (${own})` : own;
}

/**
 * GET /api/admin/verifications?kind=…: the submissions waiting for review (status Pending on the
 * account), oldest submission first, at most REVIEW_QUEUE_CAP, with how long each has waited.
 */
export async function reviewQueue(ctx: DbContext, kind: ReviewKind): Promise<ReviewQueue> {
  const people = await findUsersInVerificationStatus(ctx.db, kind, 'Pending');
  if (people.length === 0) return { kind, items: [], total: 0 };
  const table = kind === 'profile' ? profileVerifications : bankVerifications;
  const ids = people.map((p) => p.id);
  const rows = await ctx.db
    .select({ userId: table.userId, submittedAt: table.submittedAt, updatedAt: table.updatedAt })
    .from(table)
    .where(inArray(table.userId, ids))
    .orderBy(asc(table.submittedAt), asc(table.userId))
    .limit(REVIEW_QUEUE_CAP);
  const byId = new Map(people.map((p) => [p.id, p]));
  const now = ctx.clock.now().getTime();
  const items = rows.flatMap((row) => {
    const person = byId.get(row.userId);
    if (!person) return [];
    const submittedAt = row.submittedAt ?? row.updatedAt;
    return [
      {
        userId: person.id,
        name: displayName(person),
        email: person.email,
        userType: person.userType,
        submittedAt: submittedAt.toISOString(),
        ageMs: Math.max(0, now - submittedAt.getTime()),
      },
    ];
  });
  return { kind, items, total: await ctx.db.$count(table, inArray(table.userId, ids)) };
}
