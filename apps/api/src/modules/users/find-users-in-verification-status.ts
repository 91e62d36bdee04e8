import type { VerificationStatus } from '@landunits/domain';
import { eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { users } from './schema';

export interface VerificationQueuePerson {
  id: string;
  email: string;
  firstName: string;
  lastName: string | null;
  businessName: string | null;
  userType: 'USER' | 'BUSINESS';
}

/** The people whose profile (or bank) verification is in this status: the admin review queues start here. */
export async function findUsersInVerificationStatus(db: Db, verification: 'profile' | 'bank', status: VerificationStatus): Promise<VerificationQueuePerson[]> {
  const column = verification === 'profile' ? users.profileVerificationStatus : users.bankVerificationStatus;
  return db
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName, businessName: users.businessName, userType: users.userType })
    .from(users)
    .where(eq(column, status));
}

/**
 * The ids of the people whose verification waits for review, as a subquery for the verification
 * module's queue figures (on the partial index of each status column; the literal lets a generic
 * plan use it).
 */
export function pendingReviewIdsQuery(verification: 'profile' | 'bank'): SQL {
  const column = verification === 'profile' ? users.profileVerificationStatus : users.bankVerificationStatus;
  return sql`select ${users.id} from ${users} where ${column} = 'Pending'`;
}
